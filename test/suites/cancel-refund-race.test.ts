// Issue 12, "Races and hostile input": a cancel racing a refund, at the use-case level on Amazon's
// DynamoDB Local (real conditional writes). The Refund step (with the steps after it, or Escalate)
// and cancel-run start together, the cancel 0–30 ms later, many trials. For an automatic refund,
// whatever the interleaving: a refund at the store ⇔ the run is done with its receipt; no refund ⇔
// the run is cancelled; never 'running' once both settled. For an approved refund the approval
// decided the race already (issue 25: its approver was told it is issued now): the cancel is refused
// and the refund made. A refund that lands on a run cancelled anyway (a cancel that bypassed the
// run's condition, as an older deployment would write it) is recorded, the run reads done, and a
// note tells a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import { REFUNDED_AFTER_CANCEL } from '#functions/steps/escalate/use-case.js';
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';
import { demoFixture, type SandboxFixture } from '#local/sandbox/index.js';
import { DYNAMODB_LOCAL_HOOK_TIMEOUT_MS, startDynamoDbLocal } from './support/dynamo.js';
import { runFrom } from '../support/world-steps.js';
import { approve, clock, gatedRun, startWorld, type World } from '../support/world.js';

const TRIALS = 16;

/**
 * One customer per trial with two orders: a $62 one (4000 + i), above the auto limit, refunded only
 * with an approval; an $18 one (5000 + i), refunded automatically.
 */
function fixture(): SandboxFixture {
  const base = demoFixture();
  const n = Array.from({ length: TRIALS + 1 }, (_, i) => i);
  return {
    ...base,
    customers: [...base.customers, ...n.map((i) => ({ id: String(7400 + i), email: `race${i}@example.com`, name: `Race ${i}` }))],
    orders: [
      ...base.orders,
      ...n.map((i) => ({
        number: 4000 + i,
        customerId: String(7400 + i),
        createdDaysAgo: 8,
        fulfilledDaysAgo: 5,
        lineItems: [{ id: String(14000 + i), title: 'Wool throw blanket', sku: `THROW-R${i}`, quantity: 1, unitPriceMinor: 6200 }],
      })),
      ...n.map((i) => ({
        number: 5000 + i,
        customerId: String(7400 + i),
        createdDaysAgo: 8,
        fulfilledDaysAgo: 5,
        lineItems: [{ id: String(15000 + i), title: 'Ceramic mug', sku: `MUG-R${i}`, quantity: 1, unitPriceMinor: 1800 }],
      })),
    ],
  };
}

/** An engine that cannot stop executions: in-flight steps finish, and each next step refuses at entry. */
const engine: WorkflowEngine = { start: async () => ({ started: true }), sendTaskSuccess: async () => {}, sendTaskFailure: async () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: Awaited<ReturnType<typeof startDynamoDbLocal>>;
let world: World;
beforeAll(async () => {
  db = await startDynamoDbLocal('cancel-race-ddb-local');
  world = await startWorld(db, undefined, { fixture: fixture() });
}, DYNAMODB_LOCAL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await world?.close();
  await db?.close();
});

async function approvedRun(i: number) {
  const run = await gatedRun(world, { runId: `run-race-${i}`, orderNumber: String(4000 + i), requesterEmail: `race${i}@example.com` });
  expect(run.gate?.decision).toBe('approval');
  await approve(world, run);
  await world.stores.runs.update(run.runId, { status: 'awaiting_approval' });
  return run;
}

async function automaticRun(i: number) {
  const run = await gatedRun(world, { runId: `run-auto-race-${i}`, orderNumber: String(5000 + i), requesterEmail: `race${i}@example.com` });
  expect(run.gate?.decision).toBe('auto');
  return run;
}

describe('a cancel racing a refund (DynamoDB Local)', () => {
  it(`automatic: refund ⇔ done with its receipt, no refund ⇔ cancelled, never running (${TRIALS} trials, cancel 0–30 ms later)`, async () => {
    const cancelRun = createCancelRun({ runs: world.stores.runs, approvals: world.stores.approvals, workflow: engine, clock });
    const outcomes: Array<Record<string, unknown>> = [];
    for (let i = 0; i < TRIALS; i++) {
      const run = await automaticRun(i);
      const delayMs = i * 2;

      const [ended, cancel] = await Promise.all([
        runFrom(world, world.harness(), run.runId),
        sleep(delayMs).then(() => cancelRun({ runId: run.runId, by: 'api', reason: 'customer withdrew the claim' })),
      ]);

      const final = (await world.stores.runs.get(run.runId))!;
      const refunds = await world.refundsOf(String(5000 + i));
      const invariant =
        refunds.length === 1
          ? final.status === 'done' && final.refund?.refundId === refunds[0]!.id && cancel.kind === 'refund_in_flight'
          : refunds.length === 0 && final.status === 'cancelled' && final.refund === null && cancel.kind === 'cancelled';
      outcomes.push({ delayMs, cancel: cancel.kind, refunds: refunds.length, status: final.status, ended: ended.status, ok: invariant });
    }

    expect(
      outcomes.filter((o) => !o.ok),
      JSON.stringify(outcomes),
    ).toEqual([]);
  }, 300_000); // a run per trial on DynamoDB Local: about 20 s alone, several times that on two busy cores

  it('approved: the cancel is refused and the approved refund made, whenever it lands (4 trials)', async () => {
    const cancelRun = createCancelRun({ runs: world.stores.runs, approvals: world.stores.approvals, workflow: engine, clock });
    for (let i = 0; i < 4; i++) {
      const run = await approvedRun(i);
      const [, cancel] = await Promise.all([
        runFrom(world, world.harness(), run.runId),
        sleep(i * 8).then(() => cancelRun({ runId: run.runId, by: 'api', reason: 'customer withdrew the claim' })),
      ]);
      // Refused on the approval, or on the Refund step's claim when it lands later.
      expect(['refund_approved', 'refund_in_flight']).toContain(cancel.kind);
      expect(await world.refundsOf(String(4000 + i))).toHaveLength(1);
      expect((await world.stores.runs.get(run.runId))!.status).toBe('done');
    }
  }, 300_000);

  it('a refund that lands on a run cancelled anyway: recorded, the run reads done, and a note tells a person', async () => {
    const run = await approvedRun(TRIALS);
    const ticketId = run.ticket.ticketId;
    const notesBefore = world.sandboxes.helpdesk.notes(ticketId).length;
    // A cancel written without the run's condition (an older deployment), landing between the claim and the receipt.
    const tools = world.tools;
    const harness = world.harness({
      tools: {
        ...tools,
        listTools: (...a) => tools.listTools!(...a),
        async call(name, ...rest) {
          if (name === 'refund_create') {
            await world.stores.runs.update(run.runId, {
              status: 'cancelled',
              cancellation: { at: clock.now().toISOString(), by: 'helpdesk', reason: 'ticket solved', state: 'Refund' },
            });
          }
          return tools.call(name, ...rest);
        },
      },
    });

    const ended = await runFrom(world, harness, run.runId);

    expect(await world.refundsOf(String(4000 + TRIALS))).toHaveLength(1);
    expect(ended).toMatchObject({ status: 'done', refund: { amountMinor: 6200 }, escalation: { reason: REFUNDED_AFTER_CANCEL } });
    const notes = world.sandboxes.helpdesk
      .notes(ticketId)
      .slice(notesBefore)
      .map((n) => n.body);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('refunded after a cancel was requested');
    expect(notes[0]).toContain('$62.00');
  }, 120_000);
});
