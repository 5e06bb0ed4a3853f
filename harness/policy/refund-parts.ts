// Which parts of an order a refund is of: the claimed lines always; the order's shipping (with its
// tax, after its discounts) and the duties of a cross-border order only where docs/policy.md says:
// when nothing arrived, that is the order was fulfilled and every fulfilled line is claimed as not
// received, in full. A tenant may extend it to a whole order that arrived damaged, defective or
// wrong, or turn it off (PolicyDocument.refundShipping). Pure; the gate and the dispatch check both
// decide it from the same facts.
import type { RefundParts } from '../domain/money-types.js';
import type { OrderFacts, Proposal } from '../domain/types.js';
import { computeRefund, mergeLines } from './amount.js';
import type { Policy } from './document.js';

/** Units of the line that shipped (a line with a fulfilment but no count shipped in full). */
export const shippedUnits = (line: OrderFacts['lineItems'][number]) => line.fulfilledQuantity ?? (line.fulfilledAt ? line.quantity : 0);

/** Every line that shipped (gift cards aside: they are never claimed) is claimed for at least the units that shipped. */
function wholeOrderClaimed(order: OrderFacts, lines: RefundParts['lines']): boolean {
  const claimed = new Map(mergeLines(lines).map((l) => [l.lineItemId, l.quantity]));
  const shipped = order.lineItems.filter((l) => !l.giftCard && shippedUnits(l) > 0);
  return shipped.length > 0 && shipped.every((l) => (claimed.get(l.id) ?? 0) >= shippedUnits(l));
}

/** Whether the order's shipping and duties go back with these lines, for this reason. */
export function refundsShipping(order: OrderFacts, lines: RefundParts['lines'], reason: Proposal['reason'], policy: Policy): boolean {
  const rule = policy.document.refundShipping;
  if (rule === 'never') return false;
  const qualifies = reason === 'not_received' || (rule === 'whole_order' && (policy.document.damageLikeReasons as string[]).includes(reason));
  return qualifies && wholeOrderClaimed(order, lines);
}

/** The parts of the order the proposal's refund is of: shipping and duties only when the rule refunds them and something of them is left. */
export function refundParts(order: OrderFacts, proposal: { lineItems: RefundParts['lines']; reason: Proposal['reason'] }, policy: Policy): RefundParts {
  const lines = mergeLines(proposal.lineItems);
  const whole = refundsShipping(order, lines, proposal.reason, policy);
  if (!whole) return { lines, shipping: false, duties: false };
  const left = computeRefund(order, { lines, shipping: true, duties: true })!;
  return { lines, shipping: left.shippingMinor > 0, duties: left.dutyIds.length > 0 };
}
