// The amount, as docs/policy.md computes it: per claimed unit, what the customer paid for it (its
// price after every discount allocated to its line, plus its tax where prices exclude tax), the
// quantity capped by the units still refundable on that line; shipping and duties on top only when
// nothing arrived; the whole capped by what remains refundable on the order (refund-parts.ts).
// Gift-card lines are never refunded. A claim about units that are already refunded, or one that
// leaves nothing to refund, is a hard refusal.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Claim, EscalationRule, Line } from '../golden/schema.js';
import { GoldenDataError } from './errors.js';
import { priceOrder } from './pricing.js';
import { refundTotal, type Extras } from './refund-parts.js';
import { lineFacts, type LineFacts } from './store.js';

export interface RefundLine extends Line {
  facts: LineFacts;
}

export type AmountResult = { refusal: EscalationRule } | { lines: RefundLine[]; amountMinor: number; partlyRefunded: boolean; extras: Extras };

/**
 * "Nothing arrived" (docs/policy.md): the order was fulfilled (some unit of it shipped) and every line
 * that shipped is claimed as not received in full, that is for every unit it still has to refund.
 * Gift-card lines are left out of "every fulfilled line": a gift card is sent by email, never by
 * the carrier, and is never refunded, so it can neither arrive in the parcel nor be claimed.
 */
export function nothingArrived(claim: Claim, facts: LineFacts[], lines: readonly RefundLine[]): boolean {
  if (claim.reason !== 'not_received') return false;
  const shipped = facts.filter((f) => !f.giftCard && f.fulfilledUnits > 0);
  return shipped.length > 0 && shipped.every((f) => lines.some((l) => l.facts.index === f.index && l.quantity === f.ordered - f.refundedUnits));
}

export function computeAmount(claim: Claim, order: FixtureOrder, shopTaxesIncluded: boolean): AmountResult {
  const facts = lineFacts(order);
  const seen = new Set<string>();
  const claimed: { line: Line; facts: LineFacts }[] = [];
  for (const line of claim.lines) {
    if (seen.has(line.sku)) throw new GoldenDataError(`claim lists ${line.sku} twice`);
    seen.add(line.sku);
    const matches = facts.filter((f) => f.sku === line.sku);
    if (matches.length > 1) throw new GoldenDataError(`order ${order.number} has ${line.sku} on several lines; name lines unambiguously`);
    const match = matches[0];
    if (!match) return { refusal: 'items_not_on_order' };
    if (line.quantity > match.ordered) {
      throw new GoldenDataError(`claim has ${line.quantity} × ${line.sku} but order ${order.number} has ${match.ordered}`);
    }
    claimed.push({ line, facts: match });
  }

  const refundable = claimed.filter((c) => !c.facts.giftCard);
  if (refundable.length === 0) return { refusal: 'nothing_refundable' };

  // A claim on units never refunded is not refused because the customer mentions an earlier refund
  // ("you refunded the first one; the second has cracked too"); one on refunded units finds none left.
  const lines: RefundLine[] = [];
  let partlyRefunded = false;
  for (const { line, facts: f } of refundable) {
    const remaining = f.ordered - f.refundedUnits;
    if (remaining <= 0) return { refusal: 'nothing_refundable' };
    if (f.refundedUnits > 0) partlyRefunded = true;
    lines.push({ sku: line.sku, quantity: Math.min(line.quantity, remaining), facts: f });
  }

  const arrivedNothing = nothingArrived(claim, facts, lines);
  const extras: Extras = { shipping: arrivedNothing, duties: arrivedNothing };
  const amountMinor = refundTotal(order, priceOrder(order, 'shop', shopTaxesIncluded), 'shop', lines, extras);
  if (amountMinor <= 0) return { refusal: 'nothing_refundable' };
  return { lines, amountMinor, partlyRefunded, extras };
}
