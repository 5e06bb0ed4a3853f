// CheckOrder: bind the run to the one order the ticket names, owned by the requester, and read its
// facts (items, refundable amounts, fulfilment, refund history) through the harness.
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { continueWith, escalate, type StepResult } from '../shared/step-result.js';
import { enterStep } from '../shared/run-context.js';
import { MissingStepDataError } from '../shared/errors.js';
import type { StepDeps } from '../shared/step-deps.js';

export function createCheckOrder(deps: Pick<StepDeps, 'runs' | 'harness'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'CheckOrder');
    if (!run.triage) throw new MissingStepDataError(runId, 'triage');
    // TODO(issue 3): a ticket naming no order binds to the requester's only order, when there is one.
    if (!run.triage.orderNumber) return escalate('the ticket names no order number');
    const requester = run.ticket.requesterEmail?.toLowerCase() ?? null;
    if (!requester) return escalate('the requester has no email on the helpdesk; cannot verify who owns the order');

    const { order } = await deps.harness.callTool(ctx, 'get_order', { orderNumber: run.triage.orderNumber });
    const owner = order.customer?.email?.toLowerCase() ?? null;
    if (!order.customer || owner !== requester) {
      return escalate(`order ${order.number} does not belong to the requester`);
    }
    const history = await deps.harness.callTool(
      { ...ctx, boundOrderId: order.id, boundCustomerId: order.customer.id },
      'get_refund_history',
      { customerId: order.customer.id, sinceDays: 90 },
    );
    const facts = toOrderFacts(order, history.refunds.length);
    await deps.runs.update(runId, { order: facts });
    return continueWith();
  };
}
