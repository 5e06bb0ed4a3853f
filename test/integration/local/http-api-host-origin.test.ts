// Issue 25, "Local gateway without a Host check": a page loaded under a foreign Host worked, and a
// `text/plain` cancel POSTed from a foreign Origin cancelled a run. Against a started local runtime
// over real HTTP (node:http, so the Host header is the test's to set): the gateway answers only to its
// own names (421 otherwise) and refuses browser writes from other origins on every route (403), while
// its own pages, the console, the approval form, signed webhooks and `npm run ticket` keep working.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '#local/request-origin.js';
import type { LocalRuntime } from '#local/runtime.js';
import { SECRET, capturedEmails, formTokenOf, getRun, linksIn, postWebhook, startRuntime, ticketCreated, waitForRun } from '../../support/local-runtime.js';

type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** One request with exactly these headers (Host included), over a fresh connection. */
function send(rt: LocalRuntime, input: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const base = new URL(rt.urls.console);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method: input.method ?? 'GET',
        path: input.path,
        headers: { host: base.host, connection: 'close', ...input.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(input.body);
  });
}

let rt: LocalRuntime;
let port: string;
beforeAll(async () => {
  rt = await startRuntime();
  port = new URL(rt.urls.console).port;
}, 60_000);
afterAll(async () => rt?.close());

/** A run waiting for a lead's approval ($62 blanket, above the automatic limit), and its approval link. */
async function waitingRun(ticketId: string): Promise<{ runId: string; link: string }> {
  const before = (await capturedEmails(rt)).length;
  const text = 'The wool throw blanket from order #1002 arrived with a hole. Refund please.';
  const { json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId: '9002', text }));
  const runId = json.runId as string;
  await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');
  const emails = await capturedEmails(rt);
  expect(emails.length).toBeGreaterThan(before);
  return { runId, link: linksIn(emails.at(-1)!)[0]! };
}

const cancelBody = JSON.stringify({ reason: 'sent from another site' });

describe('the local gateway answers only to its own host names', () => {
  it('serves the console, a sandbox page and the API under localhost, 127.0.0.1 and [::1] on its port', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await send(rt, { path: '/', headers: { host } })).status, host).toBe(200);
      expect((await send(rt, { path: '/api/runs', headers: { host } })).status, host).toBe(200);
      expect((await send(rt, { path: '/sandbox/orders/1001', headers: { host } })).status, host).toBe(200);
    }
  });

  it('answers 421 to a foreign Host (DNS rebinding), another port, or none, on pages, the API and webhooks alike', async () => {
    const otherPort = String(Number(port) + 1000);
    for (const host of ['evil.example', `evil.example:${port}`, `localhost:${otherPort}`, `127.0.0.1.evil.example:${port}`, 'localhost']) {
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/api/runs'],
        ['GET', '/api/mail'],
        ['GET', '/sandbox/orders/1001'],
        ['POST', '/webhooks/zendesk'],
      ] as const) {
        const answer = await send(rt, { method, path, headers: { host } });
        expect(answer.status, `${method} ${path} as ${host}`).toBe(421);
        expect(answer.body).not.toContain('<html');
      }
    }
  });
});

describe('the local gateway refuses cross-origin writes on every route', () => {
  it('a text/plain cancel from a foreign origin, a cross-site fetch, or an opaque origin: 403, and the run still waits', async () => {
    const { runId } = await waitingRun('7101');

    const attempts: Array<Record<string, string>> = [
      { 'content-type': 'text/plain', origin: 'http://evil.example' },
      { 'content-type': 'text/plain', origin: `http://evil.example:${port}` },
      { 'content-type': 'text/plain', origin: `http://localhost:${Number(port) + 1}` },
      { 'content-type': 'text/plain', origin: 'null' },
      { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      // Another port on localhost is the same site, not the same origin (any local dev server).
      { 'content-type': 'text/plain', origin: `http://localhost:${Number(port) + 1}`, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const answer = await send(rt, { method: 'POST', path: `/api/runs/${runId}/cancel`, headers, body: cancelBody });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }

    const run = await getRun(rt, runId);
    expect(run?.status).toBe('awaiting_approval');
    expect(run?.cancellation ?? null).toBeNull();
  }, 60_000);

  it('refuses a foreign-origin approval form, console form and webhook alike, before any handler sees it', async () => {
    const { runId, link } = await waitingRun('7102');
    const path = new URL(link).pathname + new URL(link).search;
    const formToken = await formTokenOf(link);
    const as = new URL(link).searchParams.get('as')!;
    const form = new URLSearchParams({ formToken, decision: 'approve', as }).toString();
    const foreign = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' };

    const answers = [
      await send(rt, { method: 'POST', path, headers: foreign, body: form }),
      await send(rt, { method: 'POST', path: `/runs/${runId}/cancel`, headers: foreign, body: 'csrf=x' }),
      await send(rt, { method: 'POST', path: '/webhooks/zendesk', headers: { ...foreign, 'content-type': 'text/plain' }, body: '{}' }),
    ];
    // The gateway's own refusal (a JSON error), not a handler's page.
    for (const answer of answers) expect(answer).toMatchObject({ status: 403, body: JSON.stringify({ error: 'writes from another origin are refused' }) });
    expect((await getRun(rt, runId))?.approval?.status).toBe('pending');
  }, 60_000);

  it('takes the same writes from its own origin, or from a client that sends no Origin (curl, a helpdesk)', async () => {
    const first = await waitingRun('7103');
    const own = { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' };
    const cancelled = await send(rt, { method: 'POST', path: `/api/runs/${first.runId}/cancel`, headers: own, body: cancelBody });
    expect(cancelled.status).toBe(202);

    const second = await waitingRun('7104');
    const noOrigin = await send(rt, {
      method: 'POST',
      path: `/api/runs/${second.runId}/cancel`,
      headers: { 'content-type': 'application/json' },
      body: cancelBody,
    });
    expect(noOrigin.status).toBe(202);

    // The approval form as a browser posts it from its own page: decided, not refused.
    const third = await waitingRun('7105');
    const url = new URL(third.link);
    const form = new URLSearchParams({ formToken: await formTokenOf(third.link), decision: 'reject', as: url.searchParams.get('as')! }).toString();
    const decided = await send(rt, {
      method: 'POST',
      path: url.pathname + url.search,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://localhost:${port}`,
        host: `localhost:${port}`,
        'sec-fetch-site': 'same-origin',
      },
      body: form,
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toContain('Refund rejected');

    // The console's own form under its `Referrer-Policy: no-referrer`: Chromium sends `Origin: null`
    // with `Sec-Fetch-Site: same-origin`; the gateway lets it through to the console's CSRF check.
    const fourth = await waitingRun('7107');
    const consoleForm = await send(rt, {
      method: 'POST',
      path: `/runs/${fourth.runId}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin' },
      body: 'csrf=not-a-token',
    });
    expect(consoleForm.body).not.toContain('another origin');
    expect(consoleForm.body).not.toContain('cross-site');
  }, 120_000);

  it('`npm run ticket` (local/send-ticket.ts) still starts a run: a server-to-server webhook with no Origin', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'local/send-ticket.ts',
        'The ceramic mug from order #1001 arrived cracked.',
        '--url',
        rt.urls.console.replace(/\/$/, ''),
        '--helpdesk',
        new URL(rt.urls.helpdeskTickets).origin,
        '--ticket',
        '7106',
      ],
      { env: { ...process.env, ZENDESK_WEBHOOK_SECRET: SECRET }, timeout: 30_000 },
    );
    expect(stdout).toMatch(/^202 /);
    const runId = /"runId":"([^"]+)"/.exec(stdout)![1]!;
    // The queue starts the run a moment later: it appears, as the README's `npm run ticket` promises.
    expect((await waitForRun(rt, runId, () => true)).runId).toBe(runId);
  }, 60_000);
});

describe('a configured public host name', () => {
  it('is answered to, and is an own origin for writes, as written in the configuration', () => {
    const req = (headers: Record<string, string>) => ({ headers, socket: { localPort: 4000 } }) as unknown as Parameters<typeof refusalOf>[0];
    const options = { publicHosts: ['agent.example.test'] };

    expect(refusalOf(req({ host: 'agent.example.test' }), 'GET', options)).toBeNull();
    expect(refusalOf(req({ host: 'agent.example.test', origin: 'https://agent.example.test' }), 'POST', options)).toBeNull();
    expect(refusalOf(req({ host: 'agent.example.test', origin: 'https://other.example.test' }), 'POST', options)).toMatchObject({ status: 403 });
    expect(refusalOf(req({ host: 'agent.example.test' }), 'GET')).toMatchObject({ status: 421 });
    expect(refusalOf(req({ host: 'localhost:4000' }), 'GET', options)).toBeNull();
  });
});
