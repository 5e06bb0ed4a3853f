// The reference label: claim + fixture + POLICY.md → what the product must do, with the tool calls
// that must happen in that order, as the pipeline meets them: Triage (remedy `other` leaves here) →
// CheckOrder (binding) → ProposeRefund + Gate (a remedy other than a refund is refused on the bound
// order; then unclear, amount) → auto conditions → outcome.
import type { ApprovalRule, EscalationRule, GoldenTicket, Label, ToolName } from '../golden/schema.js';
import { computeAmount } from './amount.js';
import { approvalRules } from './auto-conditions.js';
import { bindOrder } from './binding.js';
import { GoldenDataError } from './errors.js';
import { orderCurrency, type Store } from './store.js';

/** The calls after binding, per outcome (the approval path's post_draft is the holding note). */
const AFTER_BINDING: Record<Label['outcome'], ToolName[]> = {
  auto_refund: ['preview_refund', 'refund_create', 'post_draft'],
  approval: ['post_draft'],
  escalate: ['post_draft'],
};

export function deriveLabel(ticket: Pick<GoldenTicket, 'id' | 'requester' | 'claim'>, store: Store): Label {
  const { claim } = ticket;
  const escalate = (escalation: EscalationRule, calls: ToolName[], bound: { number: number; currency: string } | null): Label => ({
    outcome: 'escalate',
    amountMinor: 0,
    currency: bound?.currency ?? null,
    lines: [],
    reason: claim.reason,
    boundOrder: bound?.number ?? null,
    escalation,
    approvalRules: [],
    trajectory: [...calls, ...AFTER_BINDING.escalate],
  });

  const binding = bindOrder(claim, ticket.requester, store);
  if (!binding.bound) return escalate(binding.escalation, binding.calls, null);
  const { order } = binding;
  const bound = { number: order.number, currency: orderCurrency(store, order) };

  // Replacement, store credit, cancel, refund status: the order is bound, the Gate refuses the remedy.
  if (claim.remedy !== 'refund') return escalate('not_refund_request', binding.calls, bound);
  if (claim.unclear) return escalate('unclear', binding.calls, bound);
  if (claim.lines.length === 0) throw new GoldenDataError('a clear refund claim lists its lines (or says unclear: true)', ticket.id);

  let amount;
  try {
    amount = computeAmount(claim, order);
  } catch (error) {
    if (error instanceof GoldenDataError && !error.ticketId) throw new GoldenDataError(error.message, ticket.id);
    throw error;
  }
  if ('refusal' in amount) return escalate(amount.refusal, binding.calls, bound);

  const customerOrders = store.ordersOf(order.customerId);
  const rules: ApprovalRule[] = approvalRules({ claim, order, customerOrders, ...amount });
  const outcome = rules.length > 0 ? 'approval' : 'auto_refund';
  return {
    outcome,
    amountMinor: amount.amountMinor,
    currency: bound.currency,
    lines: amount.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    reason: claim.reason,
    boundOrder: order.number,
    escalation: null,
    approvalRules: rules,
    trajectory: [...binding.calls, ...AFTER_BINDING[outcome]],
  };
}
