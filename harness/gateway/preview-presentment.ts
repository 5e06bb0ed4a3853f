// The dry run's verdict in the currency the refund is made in: on an order the customer paid in
// another currency than the shop's (Shopify Markets), refund_create sends `amount.presentment`, so
// the store's preview must compute at least that in the same currency, and no more must have been
// asked than still remains in it. Pure; comparePreview (preview.ts) calls it after its shop-currency checks.
import type { PreviewRefundOutput, RefundCreateInput } from '#shared/contracts/tools.js';
import { moneyWords } from '../policy/reason-words.js';

/** null when the refund is in the shop's currency or the preview agrees in the presentment one, else what differs. */
export function comparePresentment(args: RefundCreateInput, preview: PreviewRefundOutput): string | null {
  const sent = args.amount.presentment;
  if (!sent) return null;
  const previewed = preview.amount.presentment;
  const left = preview.maximumRefundable.presentment;
  if (previewed?.currency !== sent.currency || left?.currency !== sent.currency)
    return `the preview is not in ${sent.currency}, the currency the customer paid`;
  const money = (minor: number) => moneyWords(minor, sent.currency);
  if (sent.amountMinor > previewed.amountMinor)
    return `the store computes ${money(previewed.amountMinor)} for these items now, less than the ${money(sent.amountMinor)} asked`;
  if (sent.amountMinor > left.amountMinor) return `${money(sent.amountMinor)} is over the ${money(left.amountMinor)} still refundable`;
  return null;
}
