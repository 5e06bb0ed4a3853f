// No request may take down `npm start`: a few hundred generated requests (malformed percent
// encodings, huge paths and headers, odd methods, bad JSON bodies, raw unicode) against a started
// local runtime, over raw sockets so nothing on the client side tidies them up. Every one must get
// an HTTP status line back (no reset, no silence), and the runtime must still list runs afterwards.
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { createHttpApiServer, type Route } from '#local/http-api.js';
import type { LocalRuntime } from '#local/runtime.js';
import { SECRET, startRuntime } from '../../support/local-runtime.js';

let rt: LocalRuntime;
let port: number;
beforeAll(async () => {
  rt = await startRuntime();
  port = Number(new URL(rt.baseUrl).port);
});
afterAll(async () => {
  await rt.close();
});

type RawRequest = { label: string; method: string; target: string; headers?: Record<string, string>; body?: string | Buffer };
type RawAnswer = { status: number | null; error: string | null };

/** Sends one request as bytes and reads until the server closes; the status line's code, or what went wrong. */
function send(request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const body = request.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
    const headers = { host: `127.0.0.1:${port}`, connection: 'close', ...(body.length ? { 'content-length': String(body.length) } : {}), ...request.headers };
    const head = `${request.method} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`;
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3}) /.exec(Buffer.concat(chunks).subarray(0, 64).toString('latin1'));
      resolve({
        status: match ? Number(match[1]) : null,
        error: match ? null : (error ?? `no status line: ${JSON.stringify(Buffer.concat(chunks).subarray(0, 80).toString('latin1'))}`),
      });
    };
    const timer = setTimeout(() => finish(`no answer in ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish(null));
    socket.on('close', () => finish(null));
    socket.on('error', (error) => finish(`${(error as NodeJS.ErrnoException).code ?? error.message}`));
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

/** A small seeded generator, so a failure names a request that can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const BAD_PERCENT = ['%', '%%', '%E0%A4%A', '%E0%A4', '%ZZ', '%u0041', '%C0%AF', '%ED%A0%80', '%FF%FE', '%00', '%2', '%G1', '%25%', '%80'];
const UNICODE = ['ü', '日本語', '😀', '\u200b', '\u202e', 'Ω%E0'];
const PLAIN = ['run-1', 'run-99c173a5a7774436de381ff0', 'apr_0001', 'zendesk', 'shopify', '..', '.', ''];
const TEMPLATES = [
  (x: string) => `/api/runs/${x}`,
  (x: string) => `/api/runs/${x}/cancel`,
  (x: string) => `/api/runs?order=${x}`,
  (x: string) => `/api/runs?${x}=${x}`,
  (x: string) => `/approvals/${x}`,
  (x: string) => `/approvals/${x}?as=${x}`,
  (x: string) => `/webhooks/${x}`,
  (x: string) => `/${x}`,
  (x: string) => `/api/dead-letters?${x}`,
  (x: string) => `/api/mail/${x}`,
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'FOO', 'get', 'PROPFIND'];
const BODIES = [
  '',
  '{',
  '{"reason": ',
  'null',
  '[]',
  '"just a string"',
  '{"reason": 42}',
  'formToken=&decision=maybe',
  '\u0000\u0001',
  '{"a":'.repeat(2000),
  '😀'.repeat(100),
];

/** Raw non-ASCII bytes in the request line (what `new URL` would have escaped). */
const rawUnicode = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

function generated(count: number): RawRequest[] {
  const r = seeded(12);
  const segment = () => {
    const kind = r.next();
    if (kind < 0.45) return r.pick(BAD_PERCENT) + (r.next() < 0.5 ? r.pick(PLAIN) : '');
    if (kind < 0.6) return rawUnicode(r.pick(UNICODE));
    if (kind < 0.7) return encodeURIComponent(r.pick(UNICODE));
    if (kind < 0.78) return r.pick(['a', '%41', '/', '%2F']).repeat(1 + Math.floor(r.next() * 3000));
    return r.pick(PLAIN);
  };
  return Array.from({ length: count }, (_, i) => {
    const target = r.pick(TEMPLATES)(segment());
    const method = r.pick(METHODS);
    const body = r.next() < 0.5 ? r.pick(BODIES) : undefined;
    const headers: Record<string, string> = {};
    if (r.next() < 0.3)
      headers['content-type'] = r.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=%']);
    if (r.next() < 0.1) headers['x-junk'] = rawUnicode(r.pick(UNICODE)).repeat(50);
    return { label: `#${i} ${method} ${target.slice(0, 60)}`, method, target, headers, body };
  });
}

const HANDWRITTEN: RawRequest[] = [
  { label: 'the reported one: GET /api/runs/%E0%A4%A', method: 'GET', target: '/api/runs/%E0%A4%A' },
  { label: 'a malformed approval id', method: 'GET', target: '/approvals/%E0%A4%A?as=x' },
  {
    label: 'a malformed approval id, posted',
    method: 'POST',
    target: '/approvals/%ZZ',
    body: 'formToken=a&decision=approve&as=b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  { label: 'a malformed run id to cancel', method: 'POST', target: '/api/runs/%E0%A4%A/cancel', body: '{}' },
  { label: 'a malformed helpdesk name', method: 'POST', target: '/webhooks/%E0%A4%A', body: '{}' },
  { label: 'a malformed query', method: 'GET', target: '/api/runs?order=%E0%A4%A' },
  { label: 'a run id of 20,000 characters', method: 'GET', target: `/api/runs/${'r'.repeat(20_000)}` },
  { label: 'a path of 60,000 characters', method: 'GET', target: `/${'a/'.repeat(30_000)}` },
  { label: 'a header of 100 KiB', method: 'GET', target: '/api/runs', headers: { 'x-big': 'x'.repeat(100 * 1024) } },
  { label: 'a thousand headers', method: 'GET', target: '/api/runs', headers: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x-h${i}`, 'v'])) },
  { label: 'a body over the gateway limit', method: 'POST', target: '/webhooks/zendesk', body: 'x'.repeat(1024 * 1024 + 10) },
  {
    label: 'a content-length that lies',
    method: 'POST',
    target: '/api/runs/run-1/cancel',
    headers: { 'content-length': '5' },
    body: '{"reason": "too long for the length"}',
  },
  { label: 'an absolute-form target', method: 'GET', target: 'http://example.com/api/runs' },
  { label: 'an asterisk target', method: 'OPTIONS', target: '*' },
  { label: 'a target without a slash', method: 'GET', target: 'api/runs' },
  { label: 'a double-slash target', method: 'GET', target: '//api//runs' },
  { label: 'CONNECT', method: 'CONNECT', target: '127.0.0.1:1' },
  { label: 'an upgrade request', method: 'GET', target: '/api/runs', headers: { connection: 'Upgrade', upgrade: 'websocket' } },
  { label: 'an unsigned webhook with bad JSON', method: 'POST', target: '/webhooks/zendesk', body: '{"id":' },
  { label: 'a store webhook with bad JSON', method: 'POST', target: '/webhooks/shopify', body: '{', headers: { 'x-shopify-hmac-sha256': 'AAAA' } },
];

/** Zendesk deliveries signed with the runtime's secret whose bodies are not JSON, or not a ticket event. */
function signedJunk(): RawRequest[] {
  return ['{', '{"id":', 'null', '[]', '{"id":"e","type":"zen:event-type:ticket.created","time":"x","detail":{"id":{}}}', '\u0000'].map((body, i) => ({
    label: `signed junk #${i}`,
    method: 'POST',
    target: '/webhooks/zendesk',
    headers: zendeskSignedHeaders(SECRET, body, new Date()),
    body,
  }));
}

describe('the local gateway under hostile requests', () => {
  it('answers every request with an HTTP status and keeps serving', async () => {
    const requests = [...HANDWRITTEN, ...signedJunk(), ...generated(300)];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < requests.length; i += 8) {
      const batch = requests.slice(i, i + 8);
      const answers = await Promise.all(batch.map((request) => send(request)));
      answers.forEach((answer, j) => {
        if (answer.status === null) failures.push(`${batch[j]!.label}: ${answer.error}`);
        else statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      });
    }

    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((status) => status >= 200 && status < 600)).toBe(true);
    const runs = await fetch(`${rt.urls.runs}`);
    expect(runs.status).toBe(200);
    expect(await runs.json()).toHaveProperty('runs');
  });

  it.each([
    ['/api/runs/%E0%A4%A', 'GET'],
    ['/api/runs/%E0%A4%A/cancel', 'POST'],
    ['/approvals/%E0%A4%A', 'GET'],
    ['/approvals/%ZZ', 'POST'],
    ['/webhooks/%C0%AF', 'POST'],
  ])('answers 400 for the malformed encoding in %s', async (target, method) => {
    expect(await send({ label: target, method, target })).toEqual({ status: 400, error: null });
  });

  it('answers a run id longer than any store key without dropping the connection', async () => {
    const answer = await send({ label: 'huge run id', method: 'POST', target: `/api/runs/${'r'.repeat(5_000)}/cancel`, body: '{}' });
    expect(answer.error).toBeNull();
    expect((await fetch(rt.urls.runs)).status).toBe(200);
  });

  it.each([
    ['GET', `/api/runs/${'r'.repeat(5_000)}`, 400],
    ['GET', `/approvals/${'a'.repeat(5_000)}?as=x`, 404],
    ['POST', `/approvals/${encodeURIComponent('<apr>')}`, 404],
  ])('answers %s of an id that cannot be one before any store is asked', async (method, target, status) => {
    expect(await send({ label: target.slice(0, 40), method, target, body: method === 'POST' ? 'formToken=a&decision=approve&as=b' : undefined })).toEqual({
      status,
      error: null,
    });
  });
});

describe('a gateway whose handlers fail', () => {
  const routes: Route[] = [
    { method: 'GET', path: '/throws', handler: async () => Promise.reject(new Error('boom')) },
    {
      method: 'GET',
      path: '/throws-sync',
      handler: () => {
        throw new TypeError('sync boom');
      },
    },
    { method: 'GET', path: '/bad-headers', handler: async () => ({ statusCode: 200, headers: { 'x-bad': 'line\r\nbreak' }, body: 'x' }) },
    { method: 'GET', path: '/bad-status', handler: async () => ({ statusCode: 42, body: 'x' }) },
    { method: 'GET', path: '/ok/{id}', handler: async (event) => ({ statusCode: 200, body: JSON.stringify(event.pathParameters) }) },
  ];
  let server: Server;
  const errors: unknown[] = [];
  beforeAll(async () => {
    server = createHttpApiServer(routes, (error) => void errors.push(error));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  it.each(['/throws', '/throws-sync', '/bad-headers', '/bad-status'])('answers 500 for %s, reports the error and goes on serving', async (path) => {
    const before = errors.length;
    const res = await fetch(`${base()}${path}`);
    expect(res.status).toBe(500);
    expect(errors.length).toBe(before + 1);
    expect((await fetch(`${base()}/ok/x%20y`)).status).toBe(200);
  });

  it('decodes well-formed path parameters and refuses malformed ones with 400', async () => {
    expect(await (await fetch(`${base()}/ok/caf%C3%A9`)).json()).toEqual({ id: 'café' });
    expect((await fetch(`${base()}/ok/%E0%A4%A`)).status).toBe(400);
  });
});
