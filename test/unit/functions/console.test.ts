// The console's handler without a runtime: security headers on every answer, actions only by POST
// with the person's CSRF token and the role the action needs, ids only in filters, sign-in claims.
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createConsoleHandler, executionUrl, parseFilter } from '#functions/console/app/handler.js';
import { operatorFromAuthorizer, operatorFromJwtClaims, type Operator } from '#functions/console/app/identity.js';
import { createCsrf } from '#functions/console/app/security.js';
import type { ConsoleData } from '#functions/console/app/use-case.js';
import { timelineContent } from '#functions/console/app/views/timeline.js';
import { makeRun } from '../../support/steps.js';

const clock = { now: () => new Date('2026-11-30T12:00:00Z') };
const SECRET = 'test-csrf-secret';

function event(
  routeKey: string,
  opts: { path?: Record<string, string>; body?: string; query?: Record<string, string>; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const [method, rawPath] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { host: 'console.example', ...opts.headers },
    queryStringParameters: opts.query,
    pathParameters: opts.path,
    body: opts.body,
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '', userAgent: '' }, domainName: 'console.example' },
  } as unknown as APIGatewayProxyEventV2;
}

function handlerFor(who: Operator | null) {
  const calls: string[] = [];
  const data = {
    listRuns: async () => ({ rows: [], hasNext: false, matched: 0, window: 500 }),
    run: async () => null,
    queues: async () => ({ approvals: [], reviews: [], escalations: [], deadLetters: [] }),
    pictures: async () => ({ shadow: { defaultMode: 'auto', minTickets: 50, threshold: 0.98, classes: [] }, days: [], window: 500 }),
    decideApproval: async () => (calls.push('decide'), { ok: true, notice: 'approved', runId: 'run-1' }),
    settleReview: async () => (calls.push('settle'), { ok: true, notice: 'settled-found', runId: 'run-1' }),
    retryDeadLetter: async () => (calls.push('retry'), { ok: true, notice: 'retried', runId: 'run-1' }),
  } as unknown as ConsoleData;
  const handler = createConsoleHandler({ tenant: 'demo', environment: 'test', data, clock, identify: () => who, csrfSecret: SECRET });
  return { handler, calls };
}

const token = (who: string) => createCsrf({ secret: SECRET, clock }).issue(who);
const lead: Operator = { id: 'lead@store.example', roles: ['lead'] };
const operator: Operator = { id: 'ops@store.example', roles: ['operator'] };
const viewer: Operator = { id: 'viewer@store.example', roles: ['viewer'] };

describe('the console handler', () => {
  it('answers every page with the security headers and no script source', async () => {
    const { handler } = handlerFor(viewer);
    for (const key of ['GET /', 'GET /queues', 'GET /pictures']) {
      const res = await handler(event(key));
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'strict-transport-security': 'max-age=31536000',
      });
      expect(String(res.headers!['content-security-policy'])).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
      expect(res.body).not.toContain('<script');
    }
  });

  it('lets a lead decide an approval with the CSRF token, and nobody without it', async () => {
    const { handler, calls } = handlerFor(lead);
    const form = (csrf: string) =>
      event('POST /queues/approvals/{approvalId}', { path: { approvalId: 'apr_1' }, body: `csrf=${encodeURIComponent(csrf)}&decision=approve` });
    expect((await handler(form('1.forged'))).statusCode).toBe(403);
    expect((await handler(form(token('someone-else')))).statusCode).toBe(403);
    const res = await handler(form(token(lead.id)));
    expect(res.statusCode).toBe(303);
    expect(res.headers!.location).toBe('/queues?notice=approved');
    expect(calls).toEqual(['decide']);
  });

  it('keeps each action to its role: viewers read, leads decide approvals, operators settle reviews and retry dead letters', async () => {
    const settle = (who: Operator) =>
      event('POST /queues/reviews/{runId}', { path: { runId: 'run-1' }, body: `csrf=${encodeURIComponent(token(who.id))}&outcome=not_found` });
    const retry = (who: Operator) =>
      event('POST /queues/dead-letters/{messageId}/retry', { path: { messageId: 'abc-1' }, body: `csrf=${encodeURIComponent(token(who.id))}` });
    expect((await handlerFor(viewer).handler(settle(viewer))).statusCode).toBe(403);
    expect((await handlerFor(lead).handler(settle(lead))).statusCode).toBe(403);
    expect((await handlerFor(lead).handler(retry(lead))).statusCode).toBe(403);
    const ops = handlerFor(operator);
    expect((await ops.handler(settle(operator))).statusCode).toBe(303);
    expect((await ops.handler(retry(operator))).statusCode).toBe(303);
    expect(ops.calls).toEqual(['settle', 'retry']);
  });

  it('refuses a form posted from another site even with a token', async () => {
    const { handler, calls } = handlerFor(operator);
    const res = await handler(
      event('POST /queues/dead-letters/{messageId}/retry', {
        path: { messageId: 'abc-1' },
        body: `csrf=${encodeURIComponent(token(operator.id))}`,
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(calls).toEqual([]);
  });

  it('sends a person who is not signed in to sign in', async () => {
    expect((await handlerFor(null).handler(event('GET /'))).statusCode).toBe(401);
  });

  it("searches by a customer's email or name as well as ids; markup and over-long text are dropped and said so", () => {
    expect(parseFilter({ q: 'ana@example.com', status: 'done', order: '1001' })).toEqual({
      filter: { page: 1, status: 'done', order: '1001', q: 'ana@example.com' },
      problems: [],
    });
    expect(parseFilter({ q: "Zoë O'Brien-Smith" }).filter.q).toBe("Zoë O'Brien-Smith");
    expect(parseFilter({ q: 'ana+gifts@example.com' }).filter.q).toBe('ana+gifts@example.com');
    for (const q of ['<script>alert(1)</script>', 'x'.repeat(129), 'a"b']) {
      const parsed = parseFilter({ q });
      expect(parsed.filter.q, q).toBeUndefined();
      expect(parsed.problems[0], q).toMatch(/^Search ignored: search takes up to 128 letters/);
    }
  });

  it('reads the signed-in person and their roles from the JWT claims the authorizer checked', () => {
    const e = event('GET /');
    (e.requestContext as unknown as Record<string, unknown>).authorizer = {
      jwt: { claims: { email: 'lead@store.example', 'cognito:groups': '[lead viewer]' }, scopes: null },
    };
    expect(operatorFromJwtClaims(e)).toEqual({ id: 'lead@store.example', roles: ['viewer', 'lead'] });
    expect(operatorFromJwtClaims(event('GET /'))).toBeNull();
  });

  it("reads the signed-in person from the console authorizer's context, ignoring groups that are not roles", () => {
    const e = event('GET /');
    (e.requestContext as unknown as Record<string, unknown>).authorizer = { lambda: { sub: 'u-1', email: 'ops@store.example', groups: 'operator admins' } };
    expect(operatorFromAuthorizer(e)).toEqual({ id: 'ops@store.example', roles: ['operator'] });
    expect(operatorFromAuthorizer(event('GET /'))).toBeNull();
  });

  it('links a run to its Step Functions execution from the state machine ARN', () => {
    expect(executionUrl('arn:aws:states:eu-west-1:123456789012:stateMachine:RunMachine-abc', 'run-1')).toBe(
      'https://eu-west-1.console.aws.amazon.com/states/home?region=eu-west-1#/v2/executions/details/arn%3Aaws%3Astates%3Aeu-west-1%3A123456789012%3Aexecution%3ARunMachine-abc%3Arun-1',
    );
    expect(executionUrl(undefined, 'run-1')).toBeNull();
  });
});

describe('a run as a timeline', () => {
  const ctx = { links: { ticket: null, execution: null, order: null }, canDecide: false, canSettle: false, csrf: 'x', now: clock.now() };

  it('shows which state asked for a person and why, before the hand-over and after it', () => {
    const asked = makeRun({ runId: 'run-t', state: 'Triage', escalationRequest: { step: 'Triage', reason: 'the ticket is not a refund request' } });

    const waiting = timelineContent(asked, [], ctx);
    const handed = timelineContent(
      { ...asked, status: 'escalated', state: 'Escalate', escalation: { step: 'Triage', reason: 'the ticket is not a refund request' } },
      [],
      ctx,
    );

    expect(waiting).toContain('Asked by state</dt><dd>Triage');
    expect(waiting).toContain('Handed over</dt><dd>not yet');
    expect(handed).toContain('From state</dt><dd>Triage');
    for (const html of [waiting, handed]) expect(html).toContain('the ticket is not a refund request');
  });
});
