// Which payments a refund goes back to. An order paid partly by gift card, or captured in several
// parts, is refunded with one REFUND transaction per gateway and parent, as Shopify's suggestedRefund
// gives them for exactly the refunded lines. refund_create reads the suggestion again just before it
// writes and checks it against its own arguments: the same lines at the same quantities, the same
// currency (the presentment currency the customer paid in, when it is not the shop's), the arguments' parent among the suggested ones, and enough across the payments for the
// amount. Anything else is refused (RefundSplitMismatchError) and nothing is sent.
// Also: finding a refund this run already made, so a resend after an unknown outcome is answered
// with it even when the suggestion has changed since (its payments are refunded now).
import type { Money, RefundCreateInput, RefundCreateOutput } from '#shared/contracts/tools.js';
import { ToolFailureError } from '#shared/contracts/errors.js';
import { formatMoney } from '#shared/money.js';
import { customerMoney, toMoney, toRefundSummary, type RefundNode, type SuggestedRefundNode } from './mappers.js';

/** The store's suggestion disagrees with the refund asked for: a tool error the harness reads as `invalid`. */
export class RefundSplitMismatchError extends ToolFailureError {
  override readonly name = 'RefundSplitMismatchError';
  readonly category = 'invalid' as const;

  /** True when the store has fewer units of a line left than asked: refunded since, perhaps by this very refund. */
  constructor(
    message: string,
    readonly linesRefunded = false,
  ) {
    super(message);
  }
}

/** One REFUND transaction of refundCreate, in the refund's currency (refundCurrency). */
export interface RefundTransaction {
  parentId: string;
  gateway: string;
  amountMinor: number;
}

const mergeLines = (lines: readonly { lineItemId: string; quantity: number }[]) => {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.lineItemId, (merged.get(l.lineItemId) ?? 0) + l.quantity);
  return merged;
};

function sameLines(a: readonly { lineItemId: string; quantity: number }[], b: readonly { lineItemId: string; quantity: number }[]): boolean {
  const left = mergeLines(a);
  const right = mergeLines(b);
  return left.size === right.size && [...left].every(([id, quantity]) => right.get(id) === quantity);
}

const words = (money: Money) => formatMoney(money.amountMinor, money.currency);

/**
 * What the customer gets back, in the currency the refund is made in: the input's presentment amount
 * on an order paid in another currency (Shopify requires that currency there), else its amount.
 */
export function refundMoney(input: RefundCreateInput): Money {
  return input.amount.presentment ?? { amountMinor: input.amount.amountMinor, currency: input.amount.currency };
}

/**
 * The transactions to send: the suggested ones that carry money, in Shopify's order. When the amount
 * is the suggestion's total they are sent as suggested; when it is less (the policy's amount leaves
 * out tax, or caps what remains after a gift-card line), the first payments take it, each up to its
 * suggested part, the same order Shopify fills them in. Throws RefundSplitMismatchError otherwise.
 */
export function refundTransactions(input: RefundCreateInput, suggestion: SuggestedRefundNode): RefundTransaction[] {
  checkSuggestedLines(input, suggestion);
  // Compared and sent in the refund's currency: the suggestion's presentment money when it has one.
  const offered = suggestion.suggestedTransactions.map((t) => ({ ...t, money: customerMoney(t.amountSet) })).filter((t) => t.money.amountMinor > 0);
  const asked = refundMoney(input);
  const currency = asked.currency;
  const other = offered.find((t) => t.money.currency !== currency);
  if (other) throw new RefundSplitMismatchError(`the store suggests a refund in ${other.money.currency}, not ${currency}`);
  const parents = suggestion.suggestedTransactions.map((t) => t.parentTransaction?.id);
  if (!parents.includes(input.parentTransactionId)) {
    throw new RefundSplitMismatchError(`the store suggests refunding other payments than ${input.parentTransactionId}`);
  }
  const total = offered.reduce((n, t) => n + t.money.amountMinor, 0);
  if (total < asked.amountMinor) {
    const refundable = words({ amountMinor: total, currency });
    throw new RefundSplitMismatchError(
      `the store's refundable amount across its payments for these lines is ${refundable}, less than the ${words(asked)} asked`,
    );
  }
  let left = asked.amountMinor;
  const transactions: RefundTransaction[] = [];
  for (const t of offered) {
    if (left === 0) break;
    if (!t.parentTransaction || !t.gateway) throw new RefundSplitMismatchError('the store suggests a refund transaction without a parent payment or gateway');
    const amountMinor = Math.min(left, t.money.amountMinor);
    transactions.push({ parentId: t.parentTransaction.id, gateway: t.gateway, amountMinor });
    left -= amountMinor;
  }
  return transactions;
}

/** The asked lines at the asked quantities are what the store would refund; else RefundSplitMismatchError (linesRefunded). */
function checkSuggestedLines(input: RefundCreateInput, suggestion: SuggestedRefundNode): void {
  const suggested = mergeLines(suggestion.refundLineItems.map((l) => ({ lineItemId: l.lineItem.id, quantity: l.quantity })));
  for (const [lineItemId, quantity] of mergeLines(input.lineItems)) {
    const refundable = suggested.get(lineItemId) ?? 0;
    if (refundable !== quantity) throw new RefundSplitMismatchError(`line ${lineItemId}: ${quantity} asked, ${refundable} refundable per the store`, true);
  }
}

/**
 * The shipping and duties parts the refund asks for are what the store's suggestion refunds for them,
 * in the refund's currency: the order's shipping left with its tax (added where prices exclude tax,
 * inside the amount where they include it), and the duties named. Either asked at another figure
 * (the order changed since the agent computed it) is refused: nothing is sent.
 */
export function checkRefundParts(input: RefundCreateInput, suggestion: SuggestedRefundNode & { taxesIncluded?: boolean }): void {
  if (input.shipping) {
    const asked = refundPartMoney(input, input.shipping.amount);
    const shipping = suggestion.shipping;
    const taxes = shipping && !suggestion.taxesIncluded ? [customerMoney(shipping.taxSet)] : [];
    const offered = shipping ? sumIn(asked.currency, [customerMoney(shipping.amountSet), ...taxes]) : null;
    if (offered?.amountMinor !== asked.amountMinor)
      throw new RefundSplitMismatchError(`the store refunds ${offered ? words(offered) : 'no shipping'} for the shipping, not the ${words(asked)} asked`);
  }
  if (input.duties) {
    const asked = refundPartMoney(input, input.duties.amount);
    const offered = suggestion.totalDutiesSet ? customerMoney(suggestion.totalDutiesSet) : null;
    if (offered?.currency !== asked.currency || offered.amountMinor !== asked.amountMinor)
      throw new RefundSplitMismatchError(`the store refunds ${offered ? words(offered) : 'no duties'} for the duties, not the ${words(asked)} asked`);
  }
}

/** A part of the refund in the refund's currency (its presentment figure on an order paid in another currency). */
function refundPartMoney(input: RefundCreateInput, part: Money): Money {
  return input.amount.presentment
    ? (part.presentment ?? { amountMinor: -1, currency: input.amount.presentment.currency })
    : { amountMinor: part.amountMinor, currency: part.currency };
}

/** The sum of amounts that are all in `currency`; null when one is not. */
function sumIn(currency: string, amounts: readonly Money[]): Money | null {
  if (amounts.some((m) => m.currency !== currency)) return null;
  return { amountMinor: amounts.reduce((n, m) => n + m.amountMinor, 0), currency };
}

/**
 * A store credit refund checked against the store's suggestion for its lines: the same lines and
 * quantities, the same currency, and no more than the suggestion's amount (what the customer paid
 * for them, capped by what remains). No payment is refunded, so no transaction is chosen.
 */
export function checkStoreCreditRefund(input: RefundCreateInput, suggestion: SuggestedRefundNode): void {
  checkSuggestedLines(input, suggestion);
  const asked = refundMoney(input);
  const suggested = customerMoney(suggestion.amountSet);
  if (suggested.currency !== asked.currency) throw new RefundSplitMismatchError(`the store suggests a refund in ${suggested.currency}, not ${asked.currency}`);
  if (asked.amountMinor > suggested.amountMinor) {
    throw new RefundSplitMismatchError(`the store's refundable amount for these lines is ${words(suggested)}, less than the ${words(asked)} asked`);
  }
}

/** A refund this run already made on the order: the same note (it names the run), lines and amount; else null. */
export function earlierRefundOfRun(input: RefundCreateInput, refunds: readonly (RefundNode & { note: string | null })[]): RefundCreateOutput | null {
  const mine = refunds.find((r) => {
    const { lineItems } = toRefundSummary(r);
    // Compared in the currency the refund was made in: its shop figure is Shopify's conversion.
    const paid = customerMoney(r.totalRefundedSet);
    const asked = refundMoney(input);
    return r.note === input.note && sameLines(lineItems, input.lineItems) && paid.amountMinor === asked.amountMinor && paid.currency === asked.currency;
  });
  if (!mine) return null;
  return {
    refundId: mine.id,
    orderId: input.orderId,
    amount: toMoney(mine.totalRefundedSet),
    createdAt: mine.createdAt ?? '',
    method: input.method ?? 'original_payment',
  };
}
