// CheckOrder: bind the run to one order owned by the requester and read its facts (items,
// refundable amounts, fulfilment, refund history) through the harness. The order is the one the
// ticket names; a ticket naming none binds to the requester's only order (found by their email),
// and anything else goes to a person. Never an order guessed from item names. A re-run whose order
// a person picked in the console binds to that one, if the customer wrote it, or, on a ticket naming
// none, if it is one of the requester's orders (shared/order-choice.ts).
// triage → [find_customer_orders] → get_order → ownership → get_refund_history → run.order
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { checkBinding } from '#harness/policy/order-binding.js';
import { withinDays } from '#harness/policy/days.js';
import type { OrderFacts, StepName } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { StepContext } from '#harness/ports.js';
import { continueWith, escalate } from '../../shared/step/result.js';
import { customerWords } from '../../shared/words/customer-words.js';
import { orderChoiceRefusal, picksAmongRequesterOrders } from '../../shared/order-choice.js';
import { recordResult } from '../../shared/step/run-context.js';
import { createStep } from '../../shared/step/step.js';
import { MissingStepDataError } from '../../shared/errors.js';
import type { StepDeps } from '../../shared/step/deps.js';

type Deps = Pick<StepDeps, 'runs' | 'harness'>;
type Binding = NonNullable<OrderFacts['binding']>;

const orders = (n: number) => (n === 0 ? 'no orders' : n === 1 ? '1 order' : `${n} orders`);
const ordersCount = (n: number, truncated: boolean) => (truncated ? `more than ${orders(n)}` : orders(n));

/** How many days of refund history are read: the policy's 90 days and a margin, counted by calendar day in the gate. */
const HISTORY_DAYS = 92;

/** The order number the run binds to, or the reason it cannot bind to one. */
async function chooseOrder(
  deps: Deps,
  ctx: StepContext,
  run: Run,
  requester: string,
): Promise<{ orderNumber: string; binding: Binding } | { escalate: string }> {
  // A person picked the order on a re-run (console): bound to it only if the customer wrote it.
  if (run.orderChoice) return pickedOrder(deps, ctx, run, run.orderChoice.orderNumber, requester);
  const verdict = checkBinding(run.triage!, customerWords(run));
  if (verdict.kind === 'refuse') return { escalate: verdict.reason };
  if (verdict.kind === 'named') return { orderNumber: verdict.orderNumber, binding: verdict.binding };
  const found = await deps.harness.callTool(ctx, 'find_customer_orders', { customerEmail: requester });
  const only = found.orders[0];
  if (found.truncated || found.orders.length !== 1 || !only) {
    return { escalate: `the ticket names no order and the requester has ${ordersCount(found.orders.length, found.truncated)}` };
  }
  return { orderNumber: only.number, binding: 'only_order' };
}

/** A person's pick: one the customer wrote, or, when they wrote none, one of the requester's orders by their email. */
async function pickedOrder(
  deps: Deps,
  ctx: StepContext,
  run: Run,
  orderNumber: string,
  requester: string,
): Promise<{ orderNumber: string; binding: Binding } | { escalate: string }> {
  const refused = orderChoiceRefusal(run, orderNumber);
  if (refused) return { escalate: refused };
  if (picksAmongRequesterOrders(run)) {
    const found = await deps.harness.callTool(ctx, 'find_customer_orders', { customerEmail: requester });
    if (!found.orders.some((o) => o.number === orderNumber)) return { escalate: `order ${orderNumber} is not one of the requester's orders` };
  }
  return { orderNumber, binding: 'picked' };
}

/** `enters`: the step this invocation runs next, entered with the order (run-context.ts recordResult). */
export function createCheckOrder(deps: Deps, { enters }: { enters?: StepName } = {}) {
  return createStep(deps, 'CheckOrder', async ({ run, ctx }) => {
    if (!run.triage) throw new MissingStepDataError(run.runId, 'triage');
    const requester = run.ticket.requesterEmail?.trim().toLowerCase() || null;
    if (!requester) return escalate('the requester has no email on the helpdesk; cannot verify who owns the order');
    const chosen = await chooseOrder(deps, ctx, run, requester);
    if ('escalate' in chosen) return escalate(chosen.escalate);

    // The same checks whichever way the order was chosen: it must be the requester's.
    const { order } = await deps.harness.callTool(ctx, 'get_order', { orderNumber: chosen.orderNumber });
    const owner = order.customer?.email?.toLowerCase() ?? null;
    if (!order.customer || owner !== requester) {
      return escalate(`order ${order.number} does not belong to the requester`);
    }
    const history = await deps.harness.callTool({ ...ctx, boundOrderId: order.id, boundCustomerId: order.customer.id }, 'get_refund_history', {
      customerId: order.customer.id,
      sinceDays: HISTORY_DAYS,
    });
    const recentRefunds = history.refunds.map((r) => ({
      refundId: r.id,
      orderNumber: r.orderNumber,
      createdAt: r.createdAt,
      amountMinor: r.amount.amountMinor,
      currency: r.amount.currency,
    }));
    // Shown on the run by UTC day; the gate recounts recentRefunds by day in the store's time zone.
    const counted = recentRefunds.filter((r) => withinDays(r.createdAt, run.ticket.receivedAt, 90, 'UTC')).length;
    const facts: OrderFacts = { ...toOrderFacts(order, counted), recentRefunds, binding: chosen.binding };
    await recordResult(deps.runs, run.runId, { order: facts }, enters);
    return continueWith();
  });
}
