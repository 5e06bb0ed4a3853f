// The dry run's verdict: does the store's preview_refund, asked for the same parts, agree with the
// refund the harness is about to send (every line at the asked quantity, no more than the store
// computes for them now, the shipping and duties parts at the store's figures, within what remains,
// and a parent transaction the store would refund)? The gate took the store's figure, or the
// policy's own cap below it; the policy's figure was checked against the order just before
// (policy/refund-args.ts). Pure; checked just before the write.
// The parent: the harness's own pick (order-facts.ts) among the suggested ones, or, for an order paid
// several ways, a suggestion spread over several of the order's payments, every one of them the order's
// (refund_create then sends one refund transaction per suggested payment). Any other parent is refused.
import type { PreviewRefundInput, PreviewRefundOutput, RefundCreateInput } from '#shared/contracts/tools.js';
import { mergeLines } from '../policy/amount.js';
import { moneyWords } from '../policy/reason-words.js';
import { comparePresentment } from './preview-presentment.js';

/**
 * null when the suggested parents fit, else why not. `orderPayments`: the order's payment ids
 * (order-facts.ts paymentIds); without them only the arguments' own parent is known to be the order's.
 */
function compareParents(args: RefundCreateInput, preview: PreviewRefundOutput, orderPayments: readonly string[]): string | null {
  const parents = preview.transactions.map((t) => t.parentTransactionId).filter((id): id is string => id !== null);
  if (preview.transactions.length === 0 || parents.includes(args.parentTransactionId)) return null;
  const known = new Set([args.parentTransactionId, ...orderPayments]);
  const split = new Set(preview.transactions.filter((t) => t.amount.amountMinor > 0 && t.parentTransactionId !== null).map((t) => t.parentTransactionId));
  if (split.size > 1 && parents.every((id) => known.has(id))) return null;
  return 'the preview refunds to another transaction';
}

/** preview_refund's arguments for exactly the parts refund_create sends. */
export function previewOf(args: RefundCreateInput): PreviewRefundInput {
  return {
    orderId: args.orderId,
    lineItems: args.lineItems,
    ...(args.shipping ? { refundShipping: true } : {}),
    ...(args.duties ? { refundDuties: args.duties.dutyIds } : {}),
  };
}

/**
 * null when the shipping and duties parts sent are the store's figures for them, else what differs.
 * The shipping's tax is added where prices exclude tax; where they include it, it is inside the amount.
 */
function compareParts(args: RefundCreateInput, preview: PreviewRefundOutput, money: (minor: number) => string, taxesIncluded: boolean): string | null {
  if (args.shipping) {
    const shipping = preview.shipping ? preview.shipping.amount.amountMinor + (taxesIncluded ? 0 : preview.shipping.tax.amountMinor) : 0;
    if (shipping !== args.shipping.amount.amountMinor)
      return `the store refunds ${money(shipping)} for the shipping, not ${money(args.shipping.amount.amountMinor)}`;
  }
  if (args.duties) {
    const duties = preview.duties?.total.amountMinor ?? 0;
    if (duties !== args.duties.amount.amountMinor) return `the store refunds ${money(duties)} for the duties, not ${money(args.duties.amount.amountMinor)}`;
  }
  return null;
}

/** null when they agree, else what differs (no customer data). */
export function comparePreview(
  args: RefundCreateInput,
  preview: PreviewRefundOutput,
  orderPayments: readonly string[] = [],
  taxesIncluded = false,
): string | null {
  if (preview.orderId !== args.orderId) return 'the preview is for another order';
  if (preview.amount.currency !== args.amount.currency) return `preview currency ${preview.amount.currency}`;
  const money = (minor: number) => moneyWords(minor, args.amount.currency);
  for (const line of mergeLines(args.lineItems)) {
    const previewed = preview.lineItems.filter((l) => l.lineItemId === line.lineItemId).reduce((sum, l) => sum + l.quantity, 0);
    if (previewed !== line.quantity) return `line ${line.lineItemId}: ${line.quantity} asked, ${previewed} refundable per the store`;
  }
  if (args.amount.amountMinor > preview.amount.amountMinor)
    return `the store computes ${money(preview.amount.amountMinor)} for these items now, less than the ${money(args.amount.amountMinor)} asked`;
  const parts = compareParts(args, preview, money, taxesIncluded);
  if (parts) return parts;
  if (args.amount.amountMinor > preview.maximumRefundable.amountMinor)
    return `${money(args.amount.amountMinor)} is over the ${money(preview.maximumRefundable.amountMinor)} still refundable`;
  // Store credit goes to the customer's account, not back to a payment: no parent to agree on.
  if (args.method === 'store_credit') return comparePresentment(args, preview);
  return comparePresentment(args, preview) ?? compareParents(args, preview, orderPayments);
}
