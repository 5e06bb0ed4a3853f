// The runs API: the on-call view of runs. Handler over the in-memory stores with synthetic API
// Gateway v2 events; findRunsByOrder is wrapped so the test sees which query answered.
import { describe, expect, it } from 'vitest';
import { createRunsApiHandler } from '#functions/run/runs-api/handler.js';
import type { HttpResult } from '#functions/shared/http.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { NewJournalRow } from '#harness/ports.js';
import { NOW, fixedClock, httpEvent, makeOrder, makeRun, proposedRun, receiptFor } from '../../support/steps.js';

const minutesLater = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

function journalRow(runId: string, name: string, at: string): NewJournalRow {
  return {
    runId,
    at,
    step: 'CheckOrder',
    kind: 'tool',
    name,
    provider: 'fake-mcp',
    argsHash: 'h',
    outcome: 'ok',
    detail: 'ok',
    latencyMs: 3,
    costMicros: 0,
    model: null,
    inputTokens: null,
    outputTokens: null,
    idempotencyKey: null,
  };
}

async function setup() {
  const stores = createInMemoryStores({ clock: fixedClock() });
  const refunded = proposedRun({ runId: 'run-1001', status: 'done', state: 'Done', createdAt: minutesLater(1) });
  const runs: Run[] = [
    { ...refunded, refund: receiptFor(refunded) },
    proposedRun({ runId: 'run-1002', createdAt: minutesLater(2), ticket: { ...refunded.ticket, ticketId: 't-2' } }, makeOrder({ number: '1002' })),
    makeRun({ runId: 'run-new', state: 'Queued', createdAt: minutesLater(3), ticket: { ...refunded.ticket, ticketId: 't-3' } }),
  ];
  for (const run of runs) await stores.runs.create(run);
  await stores.journal.append(journalRow('run-1001', 'get_order', minutesLater(1)));
  await stores.journal.append(journalRow('run-1001', 'post_draft', minutesLater(2)));
  const byOrder: Array<[string, string]> = [];
  const handler = createRunsApiHandler({
    runs: stores.runs,
    journal: stores.journal,
    tenant: 'demo',
    findRunsByOrder: (tenant, orderNumber) => {
      byOrder.push([tenant, orderNumber]);
      return stores.findRunsByOrder(tenant, orderNumber);
    },
  });
  const call = async (input: Parameters<typeof httpEvent>[0]): Promise<HttpResult & { json: Record<string, unknown> }> => {
    const result = await handler(httpEvent(input));
    return { ...result, json: JSON.parse(String(result.body)) as Record<string, unknown> };
  };
  return { call, byOrder };
}

type Summary = { runId: string; orderNumber: string | null; refundMinor: number | null; status: string };

describe('runs API', () => {
  it('lists runs newest first as summaries', async () => {
    const { call, byOrder } = await setup();

    const res = await call({ method: 'GET', path: '/api/runs' });

    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toMatch(/^application\/json/);
    const runs = res.json.runs as Summary[];
    expect(runs.map((r) => r.runId)).toEqual(['run-new', 'run-1002', 'run-1001']);
    expect(runs.find((r) => r.runId === 'run-1001')).toMatchObject({ orderNumber: '1001', refundMinor: 1800, status: 'done' });
    expect(runs.find((r) => r.runId === 'run-new')).toMatchObject({ orderNumber: null, refundMinor: null });
    expect(JSON.stringify(runs)).not.toContain('ana@example.com');
    expect(byOrder).toHaveLength(0);
  });

  it('returns one run with its journal rows in order', async () => {
    const { call } = await setup();

    const res = await call({ method: 'GET', path: '/api/runs/run-1001', pathParameters: { runId: 'run-1001' } });

    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ runId: 'run-1001', status: 'done', refund: { amountMinor: 1800, orderNumber: '1001' } });
    expect((res.json.journal as Array<{ name: string }>).map((r) => r.name)).toEqual(['get_order', 'post_draft']);
  });

  it('answers ?order=1001 through findRunsByOrder for this tenant', async () => {
    const { call, byOrder } = await setup();

    const res = await call({ method: 'GET', path: '/api/runs', query: { order: '1001' } });

    expect(res.statusCode).toBe(200);
    expect(byOrder).toEqual([['demo', '1001']]);
    expect((res.json.runs as Summary[]).map((r) => r.runId)).toEqual(['run-1001']);
  });

  it.each(['abc', '#1001', '1001; drop', '1234567890123', ''])('answers ?order=%j with 400', async (order) => {
    const { call, byOrder } = await setup();

    const res = await call({ method: 'GET', path: '/api/runs', query: { order } });

    expect(res.statusCode).toBe(400);
    expect(res.json.error).toMatch(/order/);
    expect(byOrder).toHaveLength(0);
  });

  it('answers an unknown run with 404', async () => {
    const { call } = await setup();

    const res = await call({ method: 'GET', path: '/api/runs/run-nope', pathParameters: { runId: 'run-nope' } });

    expect(res.statusCode).toBe(404);
    expect(res.json.error).toContain('run-nope');
  });

  it.each([
    ['20,000 characters', 'r'.repeat(20_000)],
    ['a control character', 'run-1\u0000'],
    ['a slash', 'run/1'],
    ['a lone surrogate', 'run-\ud800'],
    ['markup', '<script>'],
  ])('answers a run id of %s with 400 and does not echo it', async (_label, runId) => {
    const { call } = await setup();

    const res = await call({ method: 'GET', path: '/api/runs/x', pathParameters: { runId } });

    expect(res.statusCode).toBe(400);
    expect(String(res.body)).not.toContain(runId);
    expect(String(res.body).length).toBeLessThan(200);
  });
});
