// Approval tampering: an approval binds the run, the tool, the canonical arguments' hash with the
// tool's pin, and the policy version; it expires and is spent once. Amount changed, order changed,
// expired, replayed on another run, double-submitted for another refund, policy changed in between,
// tool definition changed: all refused at dispatch, and the sandbox store sees no extra refund.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Run } from '#functions/shared/domain/run.js';
import { createPolicy } from '#harness/policy/index.js';
import type { ApprovalRecord } from '#harness/ports.js';
import { startDynalite } from './support/dynamo.js';
import { approve, clock, gatedRun, startWorld, type World } from '../support/world.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let world: World;
let n = 0;
beforeAll(async () => {
  db = await startDynalite('tamper-suite');
});
afterAll(async () => db.close());
beforeEach(async () => {
  world = await startWorld(db);
});
afterEach(async () => world.close());

const ctxOf = (run: Run) => ({ tenant: run.tenant, runId: run.runId, step: 'Refund' as const, boundOrderId: run.order!.orderId });
const spend = (approval: ApprovalRecord) => (key: string, at: string) => world.stores.approvals.consume(approval.approvalId, key, at);

async function blanketRun(): Promise<{ run: Run; approval: ApprovalRecord }> {
  const run = await gatedRun(world, { runId: `run-t${++n}`, orderNumber: '1002', requesterEmail: 'ben@example.com' });
  const approval = await approve(world, run);
  return { run: (await world.stores.runs.get(run.runId))!, approval };
}

describe('approval tampering', () => {
  it('an untampered approval refunds 6200 once (the control case)', async () => {
    const { run, approval } = await blanketRun();
    const receipt = await world.harness().refund(ctxOf(run), { run, approval, spendApproval: spend(approval) });
    expect(receipt.amountMinor).toBe(6200);
    expect(await world.refundsOf('1002')).toHaveLength(1);
  });

  const tampered: Array<
    [string, (input: { run: Run; approval: ApprovalRecord }) => Promise<{ run: Run; approval: ApprovalRecord; harness?: ReturnType<World['harness']> }>, RegExp]
  > = [
    [
      'the amount changed to 62000',
      async ({ run, approval }) => ({
        run: { ...run, proposal: { ...run.proposal!, amountMinor: 62000 }, gate: { ...run.gate!, amountMinor: 62000 } },
        approval,
      }),
      /comes to \$62\.00 for these items|approval/,
    ],
    [
      'the approval record says 62000',
      async ({ run, approval }) => ({ run, approval: { ...approval, amountMinor: 62000, argsHash: 'f'.repeat(64) } }),
      /exact refund arguments/,
    ],
    [
      'the run was pointed at another order (1001)',
      async ({ run, approval }) => ({ run: { ...run, order: { ...run.order!, orderId: 'gid://shopify/Order/1001', orderNumber: '1001' } }, approval }),
      /requester|exact|not on the order|bound/,
    ],
    [
      'expired',
      async (input) => ({ ...input, harness: world.harness({ clock: { now: () => new Date(clock.now().getTime() + 24 * 3_600_000 + 1) } }) }),
      /expired/,
    ],
    [
      'replayed on another run',
      async ({ approval }) => {
        const other = await gatedRun(world, { runId: `run-replay${++n}`, orderNumber: '1002', requesterEmail: 'ben@example.com' });
        return { run: other, approval };
      },
      /another run/,
    ],
    [
      'the policy changed in between',
      async (input) => ({ ...input, harness: world.harness({ policy: createPolicy({ autoRefundLimitMinor: 7000 }) }) }),
      /policy changed/,
    ],
    ['not approved yet (pending)', async ({ run, approval }) => ({ run, approval: { ...approval, status: 'pending' } }), /not approved/],
  ];
  it.each(tampered)('refuses when %s', async (_name, tamper, message) => {
    const original = await blanketRun();
    const { run, approval, harness } = await tamper(original);
    const error = await (harness ?? world.harness()).refund(ctxOf(run), { run, approval, spendApproval: spend(approval) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect(await world.refundsOf('1002')).toHaveLength(0);
    expect(await world.refundsOf('1001')).toHaveLength(0);
  });

  it('refuses a double submission: the spent approval cannot pay for a second, different refund', async () => {
    const { run, approval } = await blanketRun();
    await world.harness().refund(ctxOf(run), { run, approval, spendApproval: spend(approval) });
    // The same approval offered for another refund (another key): a second run on another order line.
    const other = await gatedRun(world, { runId: `run-double${++n}`, orderNumber: '1002', requesterEmail: 'ben@example.com' });
    const error = await world
      .harness()
      .refund(ctxOf(other), {
        run: other,
        approval: { ...approval, runId: other.runId, argsHash: (await world.harness().previewRefund(ctxOf(other), other)).argsHash },
        spendApproval: spend(approval),
      })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/already used|nothing left|refundable/);
    expect(await world.refundsOf('1002')).toHaveLength(1);
    expect(await world.stores.approvals.consume(approval.approvalId, 'ra1_some_other_key_123', clock.now().toISOString())).toBe(false);
  });
});
