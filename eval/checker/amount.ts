// The amount, as docs/policy.md computes it: unit price × claimed quantity per claimed line, capped by
// the units still refundable on that line and by what remains refundable on the whole order
// (amount-only refunds count there). Gift-card lines are never refunded. A claim about units that
// are already refunded, or one that leaves nothing to refund, is a hard refusal.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Claim, EscalationRule, Line } from '../golden/schema.js';
import { GoldenDataError } from './errors.js';
import { lineFacts, orderRemainingMinor, type LineFacts } from './store.js';

export interface RefundLine extends Line {
  facts: LineFacts;
}

export type AmountResult = { refusal: EscalationRule } | { lines: RefundLine[]; amountMinor: number; partlyRefunded: boolean };

export function computeAmount(claim: Claim, order: FixtureOrder): AmountResult {
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

  const fromLines = lines.reduce((n, l) => n + l.quantity * l.facts.unitPriceMinor, 0);
  const amountMinor = Math.min(fromLines, orderRemainingMinor(order));
  if (amountMinor <= 0) return { refusal: 'nothing_refundable' };
  return { lines, amountMinor, partlyRefunded };
}
