// One currency's money on an order, reduced to what the refund arithmetic needs: each line's
// discounted total and tax, each shipping line's discounted price and tax, duties and the tip. The
// pricing of a fixture order (pricing.ts) produces it; a store order gives it back (order-money.ts);
// proration.ts refunds against it. Kept apart, importing nothing, so neither side depends on the other.

export interface LedgerLine {
  quantity: number;
  giftCard: boolean;
  /** Tᵢ: the list total less every discount allocated to the line (a gift card's list total). */
  discountedTotalMinor: number;
  /** The line's tax, one figure per tax line of the order (empty when the line is not taxed). */
  taxMinors: number[];
  /** The line's one duty, when it has one. */
  dutyMinor: number | null;
}

export interface LedgerShipping {
  /** Pₛ: the shipping line's price less its discounts. */
  discountedMinor: number;
  /** Its tax, one figure per tax line of the order (empty when shipping is not taxed). */
  taxMinors: number[];
}

export interface MoneyLedger {
  /** Prices include tax: a line's tax is inside Tᵢ, reported but never added. */
  taxesIncluded: boolean;
  lines: LedgerLine[];
  shipping: LedgerShipping[];
  tipMinor: number;
}

export const sum = (values: readonly number[]): number => values.reduce((n, v) => n + v, 0);

/** What the customer paid for a line: Tᵢ plus its tax when prices exclude tax. */
export const linePaidMinor = (ledger: MoneyLedger, line: LedgerLine): number => line.discountedTotalMinor + (ledger.taxesIncluded ? 0 : sum(line.taxMinors));

/** What the customer paid for a shipping line: Pₛ plus its tax when prices exclude tax. */
export const shippingPaidMinor = (ledger: MoneyLedger, s: LedgerShipping): number => s.discountedMinor + (ledger.taxesIncluded ? 0 : sum(s.taxMinors));

/** The order total (docs/sandbox-money.md section 3): lines, shipping, duties and tip. */
export function orderTotalMinor(ledger: MoneyLedger): number {
  const lines = sum(ledger.lines.map((l) => linePaidMinor(ledger, l)));
  const shipping = sum(ledger.shipping.map((s) => shippingPaidMinor(ledger, s)));
  const duties = sum(ledger.lines.map((l) => l.dutyMinor ?? 0));
  return lines + shipping + duties + ledger.tipMinor;
}
