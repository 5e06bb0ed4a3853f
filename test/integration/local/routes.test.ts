// The local gateway serves exactly the HTTP API's routes (functions/composition/routes.ts, the list infra deploys)
// less the deployed-only sign-in, plus its captured mail: each reaches its own function's handler, the
// more specific of two matching routes wins as in API Gateway, and anything else is the gateway's 404.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '#functions/shared/http.js';
import { ROUTES, routeKeyOf, type RouteFunction } from '#functions/composition/routes.js';
import { createHttpApiServer, type HttpHandler } from '#local/http-api.js';
import { LOCAL_ONLY_ROUTES, localRoutes } from '#local/routes.js';
import { closeServer } from '#local/emulators/listen.js';
import type { LocalRuntime } from '#local/runtime.js';
import { startRuntime } from '../../support/local-runtime.js';

const FUNCTIONS: readonly RouteFunction[] = [...new Set(ROUTES.map((route) => route.fn))];
const SERVED = ROUTES.filter((route) => !route.deployedOnly);
const DEPLOYED_ONLY = ROUTES.filter((route) => route.deployedOnly);

/** A request path for a route: its parameters filled with sample values (a helpdesk's name for {helpdesk}). */
const samplePath = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'helpdesk' ? 'zendesk' : `sample-${name}`));

async function request(base: string, route: { method: string; path: string }): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}${samplePath(route.path)}`, { method: route.method, ...(route.method === 'POST' ? { body: '' } : {}), redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}

const isGatewayMiss = (answer: { status: number; body: string }) => answer.status === 404 && answer.body.includes('"no route for ');

describe('local gateway routes, with a stand-in per function', () => {
  let server: Server;
  let base: string;
  const heard: Array<{ fn: string; routeKey: string }> = [];
  const standIn =
    (fn: string): HttpHandler =>
    async (event) => {
      heard.push({ fn, routeKey: event.routeKey });
      return json(200, { fn });
    };

  beforeAll(async () => {
    const handlers = Object.fromEntries(FUNCTIONS.map((fn) => [fn, standIn(fn)])) as Record<RouteFunction, HttpHandler>;
    server = createHttpApiServer(localRoutes(handlers, { mail: standIn('local-mail') }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeServer(server));

  it('hands every listed route to its own function, with the route key API Gateway would give', async () => {
    for (const route of SERVED) {
      heard.length = 0;
      const answer = await request(base, route);

      expect(answer.status, routeKeyOf(route)).toBe(200);
      expect(heard, routeKeyOf(route)).toEqual([{ fn: route.fn, routeKey: routeKeyOf(route) }]);
    }
    heard.length = 0;
    await request(base, LOCAL_ONLY_ROUTES[0]);
    expect(heard).toEqual([{ fn: 'local-mail', routeKey: 'GET /api/mail' }]);
  });

  it('serves exactly the listed routes and the mail: the routes deployed only, and any other, are its 404', async () => {
    const keys = localRoutes(Object.fromEntries(FUNCTIONS.map((fn) => [fn, standIn(fn)])) as Record<RouteFunction, HttpHandler>, {
      mail: standIn('local-mail'),
    }).map(routeKeyOf);

    expect(keys.sort()).toEqual([...SERVED, ...LOCAL_ONLY_ROUTES].map(routeKeyOf).sort());
    for (const route of [...DEPLOYED_ONLY, { method: 'GET', path: '/api/nothing' }, { method: 'PUT', path: '/api/runs' }]) {
      expect(isGatewayMiss(await request(base, route)), routeKeyOf(route)).toBe(true);
    }
  });

  it("sends the store's deliveries to store-webhook although /webhooks/{helpdesk} matches them too", async () => {
    heard.length = 0;
    await fetch(`${base}/webhooks/shopify`, { method: 'POST', body: '{}' });

    expect(heard).toEqual([{ fn: 'store-webhook', routeKey: 'POST /webhooks/shopify' }]);
  });
});

describe('local gateway routes, in the local runtime', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime();
  });
  afterAll(() => rt.close());

  it('answers every listed route from a handler, and the deployed-only ones from the gateway as unknown', async () => {
    for (const route of [...SERVED, ...LOCAL_ONLY_ROUTES]) expect(isGatewayMiss(await request(rt.baseUrl, route)), routeKeyOf(route)).toBe(false);
    for (const route of DEPLOYED_ONLY) expect(isGatewayMiss(await request(rt.baseUrl, route)), routeKeyOf(route)).toBe(true);
  });
});
