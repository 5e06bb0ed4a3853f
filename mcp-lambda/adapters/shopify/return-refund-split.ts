// Which payments process_return's refund goes back to. returnProcess's financialTransfer.issueRefund
// names its payments itself (orderTransactions: parent and amount), so the amount asked is split as
// the store's suggestedRefund for the processed units splits a refund of them: its suggested
// transactions, in the store's order, each taking up to its suggested part, until the amount is
// taken. An amount above what those transactions allow, or in another currency than the one the
// store refunds the order in, is refused before anything is sent. Pure.
import type { PlainMoney } from '#shared/contracts/tools.js';
import { InvalidError } from '#shared/contracts/errors.js';
import { formatMoney, minorToDecimal } from '#shared/money.js';
import { customerMoney, type SuggestedRefundNode } from './mappers.js';

/** One of returnProcess's ReturnRefundOrderTransactionInput, in the refund's currency. */
export interface ReturnRefundTransaction {
  parentId: string;
  amount: PlainMoney;
}

const words = (money: PlainMoney) => formatMoney(money.amountMinor, money.currency);

/**
 * The refund's transactions: `asked` (in the currency the customer paid) taken from the suggested
 * transactions that carry money, in order. Throws InvalidError for an amount of nothing, another
 * currency, or more than the suggestion's transactions allow.
 */
export function splitReturnRefund(asked: PlainMoney, suggestion: Pick<SuggestedRefundNode, 'suggestedTransactions'>): ReturnRefundTransaction[] {
  if (asked.amountMinor <= 0) throw new InvalidError(`a refund of ${words(asked)} refunds nothing: leave refund out to process without one`);
  const offered = suggestion.suggestedTransactions
    .map((t) => ({ parentId: t.parentTransaction?.id ?? null, money: customerMoney(t.amountSet) }))
    .filter((t) => t.money.amountMinor > 0);
  const other = offered.find((t) => t.money.currency !== asked.currency);
  if (other) throw new InvalidError(`the store refunds this order in ${other.money.currency}, not ${asked.currency}`);
  const total = offered.reduce((n, t) => n + t.money.amountMinor, 0);
  if (total < asked.amountMinor) {
    throw new InvalidError(
      `the store refunds at most ${words({ amountMinor: total, currency: asked.currency })} for these units across the order's payments, ` +
        `less than the ${words(asked)} asked`,
    );
  }
  let left = asked.amountMinor;
  const transactions: ReturnRefundTransaction[] = [];
  for (const t of offered) {
    if (left === 0) break;
    if (t.parentId === null) throw new InvalidError('the store suggests a refund transaction without a parent payment');
    const amountMinor = Math.min(left, t.money.amountMinor);
    transactions.push({ parentId: t.parentId, amount: { amountMinor, currency: asked.currency } });
    left -= amountMinor;
  }
  return transactions;
}

/** returnProcess's financialTransfer for these transactions (never refundShipping: a return refunds no shipping). */
export function issueRefundInput(transactions: readonly ReturnRefundTransaction[]) {
  return {
    issueRefund: {
      orderTransactions: transactions.map((t) => ({
        parentId: t.parentId,
        transactionAmount: { amount: minorToDecimal(t.amount.amountMinor, t.amount.currency), currencyCode: t.amount.currency },
      })),
    },
  };
}
