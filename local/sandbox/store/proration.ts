// What a refund of some units, shipping and duties pays back, in one currency, after what earlier
// refunds took (docs/sandbox-money.md section 4): each line's subtotal and tax prorated by units so
// no penny is paid twice or left behind, the shipping left (a part of it spread over the shipping
// lines), each duty once. One implementation for the fixture's earlier refunds, suggestedRefund and
// refundCreate, over the ledger of either currency.
import { part, ratioOf, spread } from './arithmetic.js';
import { sum, type MoneyLedger } from './ledger.js';

/** What earlier refunds took, per line, shipping line and duty. */
export interface RefundedSoFar {
  units: number[];
  shipping: { subtotalMinor: number; taxMinor: number }[];
  /** Per line: whether its duty was refunded. */
  duties: boolean[];
}

export const nothingRefunded = (ledger: MoneyLedger): RefundedSoFar => ({
  units: ledger.lines.map(() => 0),
  shipping: ledger.shipping.map(() => ({ subtotalMinor: 0, taxMinor: 0 })),
  duties: ledger.lines.map(() => false),
});

/** Shipping asked back: all that is left, a part of it (in this currency), or none. */
export type ShippingAsk = { full: true } | { amountMinor: number } | null;

export interface RefundAsk {
  /** Units per line (by position), already capped at what each line has left. */
  lines: readonly { index: number; quantity: number }[];
  shipping: ShippingAsk;
  /** Lines (by position) whose duty is asked back. */
  duties: readonly number[];
}

export interface RefundParts {
  lines: { index: number; quantity: number; subtotalMinor: number; taxMinors: number[]; taxMinor: number }[];
  /** One per shipping line something is refunded from. */
  shipping: { index: number; subtotalMinor: number; taxMinor: number }[];
  /** One per duty refunded (an asked duty already refunded, or a line without one, is left out). */
  duties: { index: number; amountMinor: number }[];
  subtotalMinor: number;
  lineTaxMinor: number;
  shippingMinor: number;
  shippingTaxMinor: number;
  dutiesMinor: number;
  /** What it pays back: subtotal + shipping + duties, plus line and shipping tax when prices exclude tax. */
  worthMinor: number;
}

/** The shipping each shipping line has left, before tax, and its tax. */
export function shippingLeft(ledger: MoneyLedger, soFar: RefundedSoFar): { subtotalMinor: number; taxMinor: number }[] {
  return ledger.shipping.map((s, i) => ({
    subtotalMinor: Math.max(0, s.discountedMinor - (soFar.shipping[i]?.subtotalMinor ?? 0)),
    taxMinor: Math.max(0, sum(s.taxMinors) - (soFar.shipping[i]?.taxMinor ?? 0)),
  }));
}

/**
 * A part of the shipping left, spread over the shipping lines by what each has left; the tax goes
 * with it in proportion (an assumption: the doc prices only a full shipping refund).
 */
function shippingParts(ledger: MoneyLedger, soFar: RefundedSoFar, ask: ShippingAsk): RefundParts['shipping'] {
  if (ask === null) return [];
  const left = shippingLeft(ledger, soFar);
  if ('full' in ask) return left.map((l, index) => ({ index, ...l })).filter((l) => l.subtotalMinor > 0 || l.taxMinor > 0);
  const subtotals = spread(
    Math.min(ask.amountMinor, sum(left.map((l) => l.subtotalMinor))),
    left.map((l) => l.subtotalMinor),
  );
  return subtotals
    .map((subtotalMinor, index) => ({ index, subtotalMinor, taxMinor: ratioOf(left[index]!.taxMinor, subtotalMinor, left[index]!.subtotalMinor) }))
    .filter((l) => l.subtotalMinor > 0);
}

export function refundParts(ledger: MoneyLedger, soFar: RefundedSoFar, ask: RefundAsk): RefundParts {
  const units = [...soFar.units];
  const lines = ask.lines.flatMap(({ index, quantity }) => {
    const line = ledger.lines[index];
    if (!line || quantity <= 0) return [];
    const before = units[index] ?? 0;
    units[index] = before + quantity;
    const taxMinors = line.taxMinors.map((t) => part(t, line.quantity, before, quantity));
    return [{ index, quantity, subtotalMinor: part(line.discountedTotalMinor, line.quantity, before, quantity), taxMinors, taxMinor: sum(taxMinors) }];
  });
  const shipping = shippingParts(ledger, soFar, ask.shipping);
  const duties = [...new Set(ask.duties)].flatMap((index) => {
    const duty = ledger.lines[index]?.dutyMinor;
    return duty !== null && duty !== undefined && !soFar.duties[index] ? [{ index, amountMinor: duty }] : [];
  });
  const subtotalMinor = sum(lines.map((l) => l.subtotalMinor));
  const lineTaxMinor = sum(lines.map((l) => l.taxMinor));
  const shippingMinor = sum(shipping.map((s) => s.subtotalMinor));
  const shippingTaxMinor = sum(shipping.map((s) => s.taxMinor));
  const dutiesMinor = sum(duties.map((d) => d.amountMinor));
  const tax = ledger.taxesIncluded ? 0 : lineTaxMinor + shippingTaxMinor;
  return {
    lines,
    shipping,
    duties,
    subtotalMinor,
    lineTaxMinor,
    shippingMinor,
    shippingTaxMinor,
    dutiesMinor,
    worthMinor: subtotalMinor + shippingMinor + dutiesMinor + tax,
  };
}

/** What earlier refunds took, with one more refund's parts added. */
export function withRefund(soFar: RefundedSoFar, parts: RefundParts): RefundedSoFar {
  const next: RefundedSoFar = { units: [...soFar.units], shipping: soFar.shipping.map((s) => ({ ...s })), duties: [...soFar.duties] };
  for (const l of parts.lines) next.units[l.index] = (next.units[l.index] ?? 0) + l.quantity;
  for (const s of parts.shipping) {
    const held = next.shipping[s.index];
    if (held) {
      held.subtotalMinor += s.subtotalMinor;
      held.taxMinor += s.taxMinor;
    }
  }
  for (const d of parts.duties) next.duties[d.index] = true;
  return next;
}
