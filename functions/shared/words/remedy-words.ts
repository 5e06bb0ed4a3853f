// How the money a run proposes goes back, in the words a lead reads on every approval surface (the
// email, the holding note, the approval page, the console): a refund to the customer's payments,
// store credit on their account, cancelling an unshipped order with a refund of what was paid, or a
// return whose refund is made when the parcel arrives, or an exchange that ships the item again (and
// refunds a cheaper variant's difference) when the parcel arrives.
// Read from the gate's decision on the run, never from the model's proposal.
import type { Run } from '#functions/shared/domain/run.js';

export type RemedyKind = 'refund' | 'store_credit' | 'cancel' | 'return' | 'exchange';

export const remedyKindOf = (run: Pick<Run, 'gate'> | null | undefined): RemedyKind => run?.gate?.remedy ?? 'refund';

/** "Approve …?": "a $20.00 refund on order #1001", "$20.00 in store credit on order #1001", "cancelling order #1001 with a $20.00 refund". */
export function proposalHeadline(kind: RemedyKind, amount: string, orderNumber: string): string {
  if (kind === 'store_credit') return `${amount} in store credit on order #${orderNumber}`;
  if (kind === 'cancel') return `cancelling order #${orderNumber} with a ${amount} refund`;
  if (kind === 'return') return `a return on order #${orderNumber}, refunding ${amount} when the parcel arrives`;
  if (kind === 'exchange') return `an exchange on order #${orderNumber}, the new item shipped when the parcel arrives${differenceWords(amount)}`;
  return `a ${amount} refund on order #${orderNumber}`;
}

/** The holding note's "Proposed: …" line. */
export function proposedInWords(kind: RemedyKind, amount: string, orderNumber: string): string {
  if (kind === 'store_credit') return `Proposed: ${amount} as store credit on the customer's account, for order #${orderNumber}.`;
  if (kind === 'cancel') return `Proposed: cancel order #${orderNumber} (nothing has shipped) and refund ${amount} to the customer's payments.`;
  if (kind === 'return') return `Proposed: a return on order #${orderNumber}; refund ${amount} when the parcel arrives.`;
  if (kind === 'exchange') return `Proposed: an exchange on order #${orderNumber}; the new item ships when the parcel arrives${differenceWords(amount)}.`;
  return `Proposed: refund ${amount} on order #${orderNumber}.`;
}

/** What approving does, for "If you approve: …". */
export function onApproveInWords(kind: RemedyKind, amount: string, orderNumber: string): string {
  const draft = 'and a reply draft is left on the ticket';
  if (kind === 'store_credit') return `exactly ${amount} is added to the customer's account as store credit for order #${orderNumber}, ${draft}`;
  if (kind === 'cancel') return `order #${orderNumber} is cancelled in the store and ${amount} refunded to the customer's payments, ${draft}`;
  if (kind === 'return')
    return `a return is opened on order #${orderNumber} and ${amount} is refunded when the parcel arrives, however many days it takes, ${draft} with the return instructions`;
  if (kind === 'exchange')
    return `an exchange is opened on order #${orderNumber}: the new item ships when the parcel arrives${differenceWords(amount)}, ${draft} with the return instructions`;
  return `the exact refund of ${amount} is issued on order #${orderNumber}, ${draft}`;
}

/** An exchange refunds the difference of a cheaper variant on receipt; nothing when it costs the same. */
function differenceWords(amount: string): string {
  return /^\D*0[.,]?0*\D*$/.test(amount) ? '' : ` and ${amount} (the difference) is refunded then`;
}

/** What the receipt says happened: "refund", "store credit", "cancel and refund". */
export function receiptNoun(receipt: { method?: string; cancelledAt?: string } | null | undefined): string {
  if (receipt?.method === 'store_credit') return 'store credit';
  if (receipt?.cancelledAt) return 'cancel and refund';
  return 'refund';
}
