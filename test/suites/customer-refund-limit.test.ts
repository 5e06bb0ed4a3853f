// Issue 12, "Races and hostile input": "fewer than 2 refunds in 90 days" under concurrency. Four
// tickets of one customer, each gated on a count of 0, reach the Refund step at once, each in its own
// harness (its own "Lambda container") sharing only the table and the store. The count is re-read at
// dispatch under the customer's lock (a conditional put on Amazon's DynamoDB Local), so the refunds
// the other runs made count: at most the policy's number are automatic, the others go to a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture, type SandboxFixture } from '#local/sandbox/index.js';
import { DYNAMODB_LOCAL_HOOK_TIMEOUT_MS, startDynamoDbLocal } from './support/dynamo.js';
import { runFrom } from '../support/world-steps.js';
import { gatedRun, startWorld, type World } from '../support/world.js';

/** Two customers with four $18 orders each; Eli already had one refund 10 days ago. */
function fixture(): SandboxFixture {
  const base = demoFixture();
  const mug = (n: number) => ({ id: String(13000 + n), title: 'Stoneware mug', sku: `MUG-${n}`, quantity: 1, unitPriceMinor: 1800 });
  const order = (n: number, customerId: string) => ({ number: n, customerId, createdDaysAgo: 6, fulfilledDaysAgo: 3, lineItems: [mug(n)] });
  return {
    ...base,
    customers: [
      ...base.customers,
      { id: '7301', email: 'dana@example.com', name: 'Dana Reyes', helpdeskUserId: '9301' },
      { id: '7302', email: 'eli@example.com', name: 'Eli Brandt', helpdeskUserId: '9302' },
    ],
    orders: [
      ...base.orders,
      ...[3101, 3102, 3103, 3104].map((n) => order(n, '7301')),
      { ...order(3200, '7302'), refunds: [{ daysAgo: 10, lineItems: [{ index: 0, quantity: 1 }] }] },
      ...[3201, 3202, 3203, 3204].map((n) => order(n, '7302')),
    ],
  };
}

/** Four runs queued on one customer's lock (up to a minute, see race) on DynamoDB Local. */
const RACE_TIMEOUT_MS = 180_000;
let db: Awaited<ReturnType<typeof startDynamoDbLocal>>;
let world: World;
beforeAll(async () => {
  db = await startDynamoDbLocal('refund-limit-ddb-local');
  world = await startWorld(db, undefined, { fixture: fixture() });
}, DYNAMODB_LOCAL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await world?.close();
  await db?.close();
});

/** The four runs race through Refund → … → Done (or Escalate), one harness each, the lock table shared. */
async function race(customer: string, email: string, orders: number[]) {
  const runs = await Promise.all(orders.map((n) => gatedRun(world, { runId: `run-${customer}-${n}`, orderNumber: String(n), requesterEmail: email })));
  for (const run of runs) expect(run.gate?.decision).toBe('auto'); // each gated on a count read before any of them refunded
  // Up to a minute in the lock's queue: the last of four runs waits for three refunds, each a few seconds on two busy cores.
  const harness = () =>
    world.harness({ locks: world.stores.locks, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), customerLock: { waitMs: 20, attempts: 3_000 } });
  const ended = await Promise.all(runs.map((run) => runFrom(world, harness(), run.runId)));
  const refunds = (await Promise.all(orders.map((n) => world.refundsOf(String(n))))).flat();
  const refusals = await Promise.all(
    ended.map(async (run) => (await world.stores.journal.listByRun(run.runId)).filter((r) => r.decision === 'refuse').map((r) => r.rule)),
  );
  return { ended, refunds, refusals };
}

describe('the refund limit under concurrency (DynamoDB Local)', { timeout: RACE_TIMEOUT_MS }, () => {
  it('four runs of a customer with no earlier refund: two automatic refunds, the other two go to a person', async () => {
    const { ended, refunds, refusals } = await race('dana', 'dana@example.com', [3101, 3102, 3103, 3104]);

    expect(refunds).toHaveLength(2);
    const done = ended.filter((r) => r.status === 'done');
    const escalated = ended.filter((r) => r.status === 'escalated');
    expect(done).toHaveLength(2);
    expect(done.map((r) => r.refund?.refundId).sort()).toEqual(refunds.map((r) => r.id).sort());
    expect(escalated).toHaveLength(2);
    for (const run of escalated) {
      expect(run.refund).toBeNull();
      expect(run.escalation?.error).toMatch(/ArgumentPolicyError: the customer has 2 refunds in 90 days at dispatch/);
      expect(run.escalation?.reason).toMatch(
        /^Counted again just before the refund, the customer already had too many refunds in the last 90 days; a person decides\. No refund was made\.$/,
      );
    }
    expect(refusals.flat().filter((rule) => rule === 'too_many_recent_refunds_at_dispatch')).toHaveLength(2);
  });

  it('four runs of a customer who had one refund 10 days ago: one automatic refund, three go to a person', async () => {
    const { ended, refunds } = await race('eli', 'eli@example.com', [3201, 3202, 3203, 3204]);

    expect(refunds).toHaveLength(1);
    expect(ended.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(ended.filter((r) => r.status === 'escalated')).toHaveLength(3);
  });
});
