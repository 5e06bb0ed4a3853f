// What a refund's amount is made of, in the words and figures a person reads: per claimed line what
// the customer paid for those units and why ("paid $16.33 ($20.00 less a 25% discount, plus $1.33
// tax)"), the shipping and duties refunded with them, and a sentence when the order's remainder capped
// the refund or the store's figure is the one refunded. One source for every surface that shows an
// amount (the approval email and page, the console, the reply's facts and its check), so a list price
// is never read as the refund anywhere. Built from the gate's breakdown (harness/policy/amount.ts), in
// the currency the customer paid; a run whose gate has none (an older row, a cancel) gets null and
// each surface reads as it did before. Pure: the caller brings its own money formatter and locale.
import type { AmountBreakdown, AmountLine, DiscountFact } from '#harness/domain/money-types.js';
import type { GateDecision, OrderFacts } from '#harness/domain/types.js';
import { moneyIn } from '#harness/policy/order-money.js';

/** Money as the surface prints it ("$16.33", "16,33 €"), from integer minor units. */
export type MoneyFormat = (amountMinor: number, currency: string) => string;

export interface LineAmountWords {
  lineItemId: string;
  /** "1 × Stoneware mug". */
  item: string;
  title: string;
  quantity: number;
  /** What the customer paid for these units ("$16.33"). */
  paid: string;
  /** One unit's list price ("$20.00"). */
  price: string;
  /** "25%" when the line's one discount is that share of it, else the discount's amount ("$3.00"); null without one. */
  discount: string | null;
  /** The tax on these units ("$1.33"), inside the price when `taxIncluded`; null when none was charged. */
  tax: string | null;
  taxIncluded: boolean;
  /** "paid $16.33 ($20.00 less a 25% discount, plus $1.33 tax)". */
  words: string;
}

export interface AmountWords {
  /** The currency the figures are in: the one the customer paid. */
  currency: string;
  lines: LineAmountWords[];
  /** The shipping refunded with the lines, tax included ("$6.95"); null when none is. */
  shipping: string | null;
  /** The duties refunded with the lines; null when none are. */
  duties: string | null;
  /** The sentences beside the amount, in reading order: shipping, duties, a cap, the store's rounding (lower case, no full stop). */
  notes: string[];
  /**
   * Every amount the lines, the shipping and the duties state (paid, price, a discount said as an
   * amount, tax), in minor units of `currency`: what a reply may state besides the total (reply.ts).
   */
  figures: number[];
}

export interface AmountWordsInput {
  breakdown: AmountBreakdown;
  order: OrderFacts;
  money: MoneyFormat;
  /** Where percentages are written ("25%", "25 %"). */
  locale: string;
  /** What is refunded in the breakdown's currency, when it is the store's figure rather than the parts' total. */
  refundedMinor?: number | null;
}

const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/** "an" before a figure said with a vowel sound: eight…, eighty…, eleven, eighteen. */
function article(figure: string): string {
  const digits = /\d+/.exec(figure)?.[0] ?? '';
  return digits.startsWith('8') || digits === '11' || digits === '18' ? 'an' : 'a';
}

function percentIn(locale: string, percentage: number): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(percentage / 100);
  } catch {
    return `${percentage}%`;
  }
}

/**
 * The line's one percentage discount, when the amount taken off these units is that share of their
 * list price (within a minor unit per unit): a "50% off one of two" would otherwise read as half off both.
 */
function singlePercentage(discounts: readonly DiscountFact[] | undefined, line: AmountLine): number | null {
  if (discounts?.length !== 1) return null;
  const percentage = discounts[0]!.percentage;
  if (percentage === null || percentage <= 0) return null;
  return Math.abs(line.discountMinor - (line.listMinor * percentage) / 100) <= line.quantity ? percentage : null;
}

const unitPriceMinor = (line: AmountLine) => (line.quantity > 0 ? Math.round(line.listMinor / line.quantity) : line.listMinor);

function lineWords(line: AmountLine, input: AmountWordsInput, taxesIncluded: boolean): LineAmountWords {
  const { breakdown, order, money } = input;
  const facts = order.lineItems.find((l) => l.id === line.lineItemId);
  const title = facts?.title ?? line.lineItemId.split('/').at(-1) ?? line.lineItemId;
  const figure = (minor: number) => money(minor, breakdown.currency);
  const price = figure(unitPriceMinor(line));
  const percentage = line.discountMinor > 0 ? singlePercentage(facts?.discounts, line) : null;
  const discount = line.discountMinor > 0 ? (percentage !== null ? percentIn(input.locale, percentage) : figure(line.discountMinor)) : null;
  const tax = line.taxMinor > 0 ? figure(line.taxMinor) : null;
  const paid = figure(line.paidMinor);
  // The list price is said when anything is taken off or added to it, or for several units.
  const addsTax = tax !== null && !taxesIncluded;
  const base = line.quantity > 1 || discount !== null || addsTax ? [line.quantity > 1 ? `${line.quantity} × ${price}` : price] : [];
  let how = base.join('');
  if (discount !== null) how += ` less ${article(discount)} ${discount} discount`;
  if (addsTax) how += `${discount !== null ? ',' : ''} plus ${tax} tax`;
  if (tax !== null && taxesIncluded) how += how ? ', tax included' : 'tax included';
  return {
    lineItemId: line.lineItemId,
    item: `${line.quantity} × ${title}`,
    title,
    quantity: line.quantity,
    paid,
    price,
    discount,
    tax,
    taxIncluded: taxesIncluded,
    words: `paid ${paid}${how ? ` (${how})` : ''}`,
  };
}

/** "shipping refunded: $7.50 ($6.95 plus $0.55 tax)", with its tax only when the whole of it goes back. */
function shippingNote(input: AmountWordsInput): string | null {
  const { breakdown, order, money } = input;
  if (breakdown.shippingMinor <= 0) return null;
  const amount = money(breakdown.shippingMinor, breakdown.currency);
  const shipping = moneyIn(order, order.presentment?.currency === breakdown.currency ? 'presentment' : 'shop')?.shipping;
  const tax = sum(shipping?.taxMinor ?? []);
  if (!shipping || shipping.refundedMinor > 0) return `shipping refunded: ${amount}${shipping ? ', what was left of it' : ''}`;
  if (tax <= 0) return `shipping refunded: ${amount}`;
  if (breakdown.taxesIncluded) return `shipping refunded: ${amount} (tax included)`;
  return `shipping refunded: ${amount} (${money(shipping.priceMinor, breakdown.currency)} plus ${money(tax, breakdown.currency)} tax)`;
}

/** What the refund is made of, per line and beside it, in the breakdown's currency (the customer's). */
export function amountWords(input: AmountWordsInput): AmountWords {
  const { breakdown, money } = input;
  const figure = (minor: number) => money(minor, breakdown.currency);
  const lines = breakdown.lines.map((line) => lineWords(line, input, breakdown.taxesIncluded));
  const partsMinor = sum(breakdown.lines.map((l) => l.paidMinor)) + breakdown.shippingMinor + breakdown.dutiesMinor;
  const notes: string[] = [];
  const shipping = shippingNote(input);
  if (shipping) notes.push(shipping);
  if (breakdown.dutiesMinor > 0) notes.push(`duties refunded: ${figure(breakdown.dutiesMinor)}`);
  if (breakdown.cappedAtMinor !== null)
    notes.push(
      `the order had only ${figure(breakdown.cappedAtMinor)} left to refund, less than these parts come to (${figure(partsMinor)}), so the refund is ${figure(breakdown.totalMinor)}`,
    );
  const refunded = input.refundedMinor;
  if (refunded !== undefined && refunded !== null && refunded !== breakdown.totalMinor)
    notes.push(`the store computes ${figure(refunded)} for these items (the parts come to ${figure(breakdown.totalMinor)}); the store's figure is refunded`);
  const figures = breakdown.lines.flatMap((line, i) => [
    line.paidMinor,
    unitPriceMinor(line),
    ...(lines[i]!.discount === figure(line.discountMinor) ? [line.discountMinor] : []),
    ...(line.taxMinor > 0 ? [line.taxMinor] : []),
  ]);
  return {
    currency: breakdown.currency,
    lines,
    figures: [...new Set([...figures, breakdown.shippingMinor, breakdown.dutiesMinor].filter((m) => m > 0))],
    shipping: breakdown.shippingMinor > 0 ? figure(breakdown.shippingMinor) : null,
    duties: breakdown.dutiesMinor > 0 ? figure(breakdown.dutiesMinor) : null,
    notes,
  };
}

/** What the gate refunds in the breakdown's currency: its amount, or on a Markets order its presentment figure. */
function refundedIn(gate: GateDecision, currency: string): number | null {
  if (gate.currency === currency) return gate.amountMinor;
  return gate.presentment?.currency === currency ? gate.presentment.amountMinor : null;
}

/** The words of a run's gate decision; null when it has no breakdown (an older row, a cancel) or no order facts. */
export function gateAmountWords(
  run: { gate: GateDecision | null; order: OrderFacts | null },
  format: { money: MoneyFormat; locale: string },
): AmountWords | null {
  const breakdown = run.gate?.breakdown;
  if (!run.gate || !breakdown || !run.order) return null;
  return amountWords({ breakdown, order: run.order, ...format, refundedMinor: refundedIn(run.gate, breakdown.currency) });
}
