// Runs at the Refund step for the harness control tests: a proposal gated by the default policy,
// the Refund step context, and an approved approval with the spend callback the step passes.
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { Run } from '#functions/shared/domain/run.js';
import { DEFAULT_POLICY, decideGate } from '#harness/policy/index.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, makeOrder, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';
import { setupHarness, stepCtx } from '../../support/harness.js';

const ben = { id: 'gid://shopify/Customer/2', email: 'ben@example.com' };
export const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket', customer: ben });

export function gatedRun(order: Order, overrides: Partial<Run> = {}): Run {
  const facts = toOrderFacts(order, 0);
  const proposal = makeProposal(facts);
  const ticket = { ...makeRun().ticket, requesterEmail: order.customer?.email ?? null };
  const triage = makeTriage({ orderNumber: order.number });
  const gate = decideGate({
    ticketEmail: ticket.requesterEmail,
    customerText: [ticket.subject, ticket.body],
    ticketReceivedAt: ticket.receivedAt,
    triage,
    order: facts,
    proposal,
    policy: DEFAULT_POLICY,
    now: NOW,
  });
  return makeRun({ ticket, triage, order: facts, proposal, gate, state: 'Refund', ...overrides });
}
export const refundCtx = (run: Run) => stepCtx('Refund', { boundOrderId: run.order?.orderId ?? null });

export async function approved(h: ReturnType<typeof setupHarness>, run: Run): Promise<ApprovalRecord> {
  const { argsHash, amountMinor, currency } = await h.harness.previewRefund(stepCtx('RequestApproval'), run);
  const record: ApprovalRecord = {
    approvalId: 'apr-1',
    status: 'approved',
    argsHash,
    amountMinor,
    currency,
    requestedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
    decidedBy: 'lead@demo.example',
    decidedAt: NOW.toISOString(),
    reason: null,
    runId: run.runId,
    tenant: run.tenant,
    taskToken: 'tt',
    formToken: 'ft',
    tool: 'refund_create',
    policyVersion: DEFAULT_POLICY.version,
  };
  await h.stores.approvals.create(record);
  return record;
}
export const spend =
  (h: ReturnType<typeof setupHarness>, id = 'apr-1') =>
  (key: string, at: string) =>
    h.stores.approvals.consume(id, key, at);
