// The dry run's verdict: does the store's preview_refund agree with the refund the harness is about
// to send (every line at the asked quantity, an amount within the preview and what remains, and the
// same parent transaction)? Pure; called by refund() just before the write.
import type { PreviewRefundOutput, RefundCreateInput } from '#shared/contracts/tools.js';
import { mergeLines } from '../policy/amount.js';
import { moneyWords } from '../policy/reason-words.js';

/** null when they agree, else what differs (no customer data). */
export function comparePreview(args: RefundCreateInput, preview: PreviewRefundOutput): string | null {
  if (preview.orderId !== args.orderId) return 'the preview is for another order';
  if (preview.amount.currency !== args.amount.currency) return `preview currency ${preview.amount.currency}`;
  const money = (minor: number) => moneyWords(minor, args.amount.currency);
  for (const line of mergeLines(args.lineItems)) {
    const previewed = preview.lineItems.filter((l) => l.lineItemId === line.lineItemId).reduce((sum, l) => sum + l.quantity, 0);
    if (previewed !== line.quantity) return `line ${line.lineItemId}: ${line.quantity} asked, ${previewed} refundable per the store`;
  }
  if (args.amount.amountMinor > preview.amount.amountMinor)
    return `${money(args.amount.amountMinor)} is over the previewed ${money(preview.amount.amountMinor)}`;
  if (args.amount.amountMinor > preview.maximumRefundable.amountMinor)
    return `${money(args.amount.amountMinor)} is over the ${money(preview.maximumRefundable.amountMinor)} still refundable`;
  const parents = preview.transactions.map((t) => t.parentTransactionId);
  if (parents.length > 0 && !parents.includes(args.parentTransactionId)) return 'the preview refunds to another transaction';
  return null;
}
