// Budget under concurrency: many runs of one tenant race model calls at the tenant's daily cap. Each
// call reserves its worst case with a conditional counter update before it is made and settles after;
// whatever the interleaving, the day's committed cost never passes the cap, so spend never exceeds it
// by more than one reservation. Against dynalite and against Amazon's DynamoDB Local.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { Triage } from '#harness/domain/types.js';
import { BudgetExceededError } from '#harness/errors.js';
import { createHarness } from '#harness/harness.js';
import { utcDay, worstCaseMicros } from '#harness/models/budget.js';
import { DEFAULT_MODEL_CONFIG } from '#harness/models/gateway.js';
import type { ModelRequest, ToolTransport } from '#harness/ports.js';
import { DYNAMODB_LOCAL_HOOK_TIMEOUT_MS, startDynalite, startDynamoDbLocal } from './support/dynamo.js';
import { clock, ids } from '../support/world.js';
import { pricedTriageModel } from '../support/priced-model.js';

const noTools: ToolTransport = { serverId: 'none', call: async () => ({ ok: false, error: { category: 'invalid', message: 'no tools here' } }) };

/** A priced model that answers after a little while, so calls overlap. */
const slowPriced = () => pricedTriageModel({ inputTokens: 400, outputTokens: 100, delayMs: 5 });

const request: ModelRequest<Triage> = {
  specialist: 'triage',
  model: 'claude-sonnet-5',
  system: 'Triage the ticket.',
  input: { ticket: 'x'.repeat(300) },
  schema: Triage,
  maxOutputTokens: 200,
};

async function race(db: { doc: Parameters<typeof createDynamoStores>[0]['client']; tableName: string }, tenant: string) {
  const stores = createDynamoStores({ client: db.doc, tableName: db.tableName, clock, ids });
  const provider = slowPriced();
  const worst = worstCaseMicros('anthropic', request, DEFAULT_MODEL_CONFIG, DEFAULT_MODEL_CONFIG.prices);
  const dailyCap = worst * 10 + worst / 2; // room for ten and a half worst cases
  // One harness per "Lambda container": they share nothing but the table.
  const calls = Array.from({ length: 40 }, (_, i) =>
    createHarness({
      tools: noTools,
      journal: stores.journal,
      idempotency: stores.idempotency,
      models: provider,
      clock,
      ids,
      budget: stores.budget,
      locks: stores.locks,
      modelConfig: { dailyCostCapMicros: dailyCap },
    })
      .callModel({ tenant, runId: `${tenant}-run-${i}`, step: 'Triage', boundOrderId: null }, request)
      .then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof BudgetExceededError ? ('refused' as const) : Promise.reject(error)),
      ),
  );
  const outcomes = await Promise.all(calls);
  const committed = await stores.budget.committed(tenant, utcDay(clock.now()));
  return { outcomes, committed, dailyCap, worst, provider };
}

function expectWithinCap(result: Awaited<ReturnType<typeof race>>) {
  const { outcomes, committed, dailyCap, worst, provider } = result;
  const made = outcomes.filter((o) => o === 'ok').length;
  expect(provider.calls).toBe(made); // a refused reservation never reached the model
  expect(made).toBeGreaterThanOrEqual(10); // settled calls cost less than their worst case, so room frees up
  expect(outcomes.filter((o) => o === 'refused').length).toBeGreaterThan(0);
  expect(committed).toBeLessThanOrEqual(dailyCap);
  expect(committed).toBeLessThanOrEqual(dailyCap + worst); // the bound, with room to spare
  const actualPerCall = Math.ceil((400 * 2_000_000 + 100 * 10_000_000) / 1_000_000);
  expect(committed).toBe(made * actualPerCall); // every reservation settled to the actual cost
}

describe('budget under concurrency on dynalite', () => {
  let db: Awaited<ReturnType<typeof startDynalite>>;
  beforeAll(async () => {
    db = await startDynalite('budget-dynalite');
  });
  afterAll(async () => db.close());
  it('40 racing calls at the daily cap never pass it', async () => {
    expectWithinCap(await race(db, 'tenant-a'));
  });
});

describe('budget under concurrency on DynamoDB Local', () => {
  let db: Awaited<ReturnType<typeof startDynamoDbLocal>>;
  beforeAll(async () => {
    db = await startDynamoDbLocal('budget-ddb-local');
  }, DYNAMODB_LOCAL_HOOK_TIMEOUT_MS);
  afterAll(async () => db.close());
  it('40 racing calls at the daily cap never pass it', async () => {
    expectWithinCap(await race(db, 'tenant-b'));
  });
  it('a run past its own cap is refused while the tenant still has room', async () => {
    const stores = createDynamoStores({ client: db.doc, tableName: db.tableName, clock, ids });
    const harness = createHarness({
      tools: noTools,
      journal: stores.journal,
      idempotency: stores.idempotency,
      models: slowPriced(),
      clock,
      ids,
      budget: stores.budget,
      locks: stores.locks,
      modelConfig: { runCostCapMicros: 1_000 },
    });
    const error = await harness.callModel({ tenant: 'tenant-c', runId: 'tenant-c-run', step: 'Triage', boundOrderId: null }, request).catch((e: unknown) => e);
    expect((error as BudgetExceededError).context.limit).toBe('run_cost');
    expect(await stores.budget.committed('tenant-c', utcDay(clock.now()))).toBe(0);
  });
});
