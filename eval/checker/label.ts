// The reference label: claim + fixture + docs/policy.md → what the product must do, with the tool calls
// that must happen in that order, as the pipeline meets them: Triage (remedy `other` leaves here) →
// CheckOrder (binding) → ProposeRefund + Gate (a remedy other than a refund is refused on the bound
// order; then unclear, amount) → a return or an exchange where the set's policy enables them
// (returns.ts) → auto conditions → outcome. Store credit and cancelling move money only where the
// set's policy enables them (other-remedies.ts); a Markets order's label also says what the customer
// gets back in the currency they paid (presentment.ts), except on a return or an exchange, whose
// money moves only on receipt.
import type { ApprovalRule, EscalationRule, GoldenTicket, Label, Line, ToolName } from '../golden/schema.js';
import { computeAmount } from './amount.js';
import { approvalRules } from './auto-conditions.js';
import { bindOrder, type Binding } from './binding.js';
import { GoldenDataError } from './errors.js';
import { cancelAmount, remedyEnabled } from './other-remedies.js';
import { presentmentFigure } from './presentment.js';
import { statusAnswer } from './refund-status.js';
import { exchangeDecision, itemPath, returnDecision, type ItemDecision, type ItemInput } from './returns.js';
import { orderCurrency, shopTaxesIncluded, type Store } from './store.js';

/** The calls after binding, per outcome (the approval path's post_draft is the holding note). */
const AFTER_BINDING: Record<Label['outcome'], ToolName[]> = {
  auto_refund: ['preview_refund', 'refund_create', 'post_draft'],
  approval: ['post_draft'],
  escalate: ['post_draft'],
  answered: ['post_draft'],
};
/** A return or an exchange decided without a person opens the return; no money moves until the parcel is back. */
const AFTER_BINDING_ITEM: Record<Label['outcome'], ToolName[]> = { ...AFTER_BINDING, auto_refund: ['open_return', 'post_draft'] };

type Bound = { number: number; currency: string };
type BoundBinding = Extract<Binding, { bound: true }>;

/** The label of a ticket the product must hand to a person, with the calls made before it did. */
function escalationLabel(claim: GoldenTicket['claim'], escalation: EscalationRule, calls: ToolName[], bound: Bound | null): Label {
  return {
    outcome: 'escalate',
    amountMinor: 0,
    currency: bound?.currency ?? null,
    lines: [],
    reason: claim.reason,
    boundOrder: bound?.number ?? null,
    escalation,
    approvalRules: [],
    trajectory: [...calls, ...AFTER_BINDING.escalate],
  };
}

/** A question about an earlier refund answered from the record: nothing moves, the checked draft is left. */
function answeredLabel(claim: GoldenTicket['claim'], calls: ToolName[], bound: Bound): Label {
  return {
    outcome: 'answered',
    amountMinor: 0,
    currency: bound.currency,
    lines: [],
    reason: claim.reason,
    boundOrder: bound.number,
    escalation: null,
    approvalRules: [],
    trajectory: [...calls, ...AFTER_BINDING.answered],
  };
}

/** Runs a computation over the ticket's data, naming the ticket in a data error that names none. */
function judged<T>(ticketId: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof GoldenDataError && !error.ticketId) throw new GoldenDataError(error.message, ticketId);
    throw error;
  }
}

/** A cancel is of the whole order: no lines, what was paid, always a lead's decision. */
function cancelLabel(ticket: Pick<GoldenTicket, 'id' | 'claim'>, binding: BoundBinding, bound: Bound, taxesIncluded: boolean): Label {
  const { claim } = ticket;
  const { order } = binding;
  const cancel = judged(ticket.id, () => cancelAmount(order, taxesIncluded));
  if ('refusal' in cancel) return escalationLabel(claim, cancel.refusal, binding.calls, bound);
  const presentment = judged(ticket.id, () => presentmentFigure(order, taxesIncluded, 'whole order'));
  return {
    outcome: 'approval',
    amountMinor: cancel.amountMinor,
    currency: bound.currency,
    lines: [],
    reason: claim.reason,
    boundOrder: order.number,
    escalation: null,
    approvalRules: ['cancel_needs_approval'],
    trajectory: [...binding.calls, ...AFTER_BINDING.approval],
    remedy: 'cancel',
    ...(presentment ? { presentment } : {}),
  };
}

/** A return or an exchange decided: automatic (the return is opened) or for a lead, with its terms. */
function itemLabel(
  claim: GoldenTicket['claim'],
  binding: BoundBinding,
  bound: Bound,
  lines: readonly Line[],
  decision: Exclude<ItemDecision, { refusal: EscalationRule }>,
): Label {
  const outcome = decision.rules.length > 0 ? 'approval' : 'auto_refund';
  return {
    outcome,
    amountMinor: decision.amountMinor,
    currency: bound.currency,
    lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    reason: claim.reason,
    boundOrder: bound.number,
    escalation: null,
    approvalRules: decision.rules,
    trajectory: [...binding.calls, ...AFTER_BINDING_ITEM[outcome]],
    remedy: decision.remedy,
    returnTerms: decision.returnTerms,
  };
}

/** One request's label: a ticket's with one request; each request's of a ticket with several (requests.ts). */
export function deriveRequestLabel(ticket: Pick<GoldenTicket, 'id' | 'requester' | 'claim'>, store: Store): Label {
  const { claim } = ticket;
  const escalate = (escalation: EscalationRule, calls: ToolName[], bound: Bound | null): Label => escalationLabel(claim, escalation, calls, bound);

  const binding = bindOrder(claim, ticket.requester, store);
  if (!binding.bound) return escalate(binding.escalation, binding.calls, null);
  const { order } = binding;
  const bound = { number: order.number, currency: orderCurrency(store, order) };

  // A question about an earlier refund: answered from the bound order's record (refund-status.ts).
  if (claim.remedy === 'refund_status') {
    const answer = statusAnswer(claim, order);
    return answer === 'answered' ? answeredLabel(claim, binding.calls, bound) : escalate(answer, binding.calls, bound);
  }
  // Replacement, and store credit, cancel or returns where not enabled: the order is bound, the Gate refuses the remedy.
  if (!remedyEnabled(claim, store.policy)) return escalate('not_refund_request', binding.calls, bound);
  const taxesIncluded = shopTaxesIncluded(store);
  if (claim.remedy === 'cancel') return cancelLabel(ticket, binding, bound, taxesIncluded);
  if (claim.unclear) return escalate('unclear', binding.calls, bound);
  if (claim.lines.length === 0) throw new GoldenDataError('a clear refund claim lists its lines (or says unclear: true)', ticket.id);

  const amount = judged(ticket.id, () => computeAmount(claim, order, taxesIncluded));
  if ('refusal' in amount) return escalate(amount.refusal, binding.calls, bound);
  const path = itemPath(claim, amount.lines, store.policy);
  if (path !== 'refund') {
    const input: ItemInput = { claim, order, store, lines: amount.lines, worthMinor: amount.amountMinor, partlyRefunded: amount.partlyRefunded };
    const decision = judged(ticket.id, () => (path === 'return' ? returnDecision(input) : exchangeDecision(input)));
    return 'refusal' in decision ? escalate(decision.refusal, binding.calls, bound) : itemLabel(claim, binding, bound, amount.lines, decision);
  }

  const customerOrders = store.ordersOf(order.customerId);
  const rules: ApprovalRule[] = approvalRules({ claim, order, customerOrders, ...amount });
  const outcome = rules.length > 0 ? 'approval' : 'auto_refund';
  const lines = amount.lines.map((l) => ({ sku: l.sku, quantity: l.quantity }));
  const presentment = judged(ticket.id, () => presentmentFigure(order, taxesIncluded, { lines, extras: amount.extras }));
  return {
    outcome,
    amountMinor: amount.amountMinor,
    currency: bound.currency,
    lines,
    reason: claim.reason,
    boundOrder: order.number,
    escalation: null,
    approvalRules: rules,
    trajectory: [...binding.calls, ...AFTER_BINDING[outcome]],
    // Store credit: the same amount and conditions as a refund, paid to the customer's account.
    ...(claim.remedy === 'store_credit' ? { remedy: 'store_credit' as const } : {}),
    ...(presentment ? { presentment } : {}),
  };
}
