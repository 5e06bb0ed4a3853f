// A return's part of the reply (docs/policy.md "Returns and exchanges"): what comes back, the refund
// made on receipt and the return fee in the currency the customer paid, how many days they have to
// send the parcel and how to send it. The facts and the draft check both read these figures, so a
// draft may state exactly the money it was given. Pure.
import type { ReturnCase, Run } from '#functions/shared/domain/run.js';

/**
 * How the customer sends the parcel back: the store's label, else the tenant's return address, else
 * nothing on file ('missing': the draft asks the team to add the instructions, never invents them).
 */
export type ReturnInstructions = { kind: 'label'; url: string } | { kind: 'address'; address: string } | { kind: 'missing' };

/** The return's figures a reply may state, in one currency (the customer's); `feeMinor` 0 when there is none. */
export type ReturnMoney = { amountMinor: number; currency: string; feeMinor: number };

/** The fields a return adds to the reply's facts (functions/shared/reply.ts). */
export interface ReturnFacts {
  /** "#1001-R1". */
  returnName: string;
  /** The return fee taken from the refund, formatted as `amount` is; null when there is none. Absent when the return was closed. */
  fee?: string | null;
  feeMinor?: number;
  /** Return opened: whole days the customer has to send the parcel (then the run closes the return, nothing refunded). */
  sendWithinDays?: number;
  /** Return opened: how to send it. */
  instructions?: ReturnInstructions;
  /** An exchange: what is shipped instead ("1 × Linen sleep shirt – L / White"). */
  exchange?: string[];
  /** An exchange that shipped at once: nothing is to be sent back. */
  shipsAtOnce?: boolean;
}

/** "1 × Linen sleep shirt – L / White" per variant an exchange ships; empty for a plain return. */
export function exchangedItems(run: Run, returnCase: ReturnCase): string[] {
  return (returnCase.exchange ?? []).map((e) => {
    const line = run.gate?.returnTerms?.exchange?.find((x) => x.variantId === e.variantId);
    const title = run.order?.lineItems.find((l) => l.id === line?.lineItemId)?.title;
    // Shopify names the one variant of a product without options "Default Title": the product's title alone says it.
    const variant = e.title === 'Default Title' ? null : e.title;
    return `${e.quantity} × ${title && variant ? `${title} – ${variant}` : (title ?? e.title)}`;
  });
}

const DAY_MS = 86_400_000;

/**
 * The return fee in `currency`: the return's own (shop currency), or the gate's figure in the
 * currency the customer paid on a Markets order. 0 when no fee is known in that currency, so no
 * figure is ever stated in the wrong one.
 */
export function returnFeeIn(run: Run, returnCase: ReturnCase, currency: string): number {
  if (currency === returnCase.currency) return returnCase.feeMinor;
  if (run.gate?.presentment?.currency === currency) return run.gate.returnTerms?.feePresentmentMinor ?? 0;
  return 0;
}

/** What the customer gets back when the parcel arrives, as they read it: in the currency they paid (Shopify Markets), else the shop's. */
export function refundOnReceipt(run: Run, returnCase: ReturnCase): ReturnMoney {
  const presentment = run.gate?.presentment;
  const refund = presentment
    ? { amountMinor: returnCase.decidedPresentmentMinor ?? presentment.amountMinor, currency: presentment.currency }
    : { amountMinor: returnCase.decidedAmountMinor, currency: returnCase.currency };
  return { ...refund, feeMinor: returnFeeIn(run, returnCase, refund.currency) };
}

/** The label when the store made one, else the tenant's return address, else missing. */
export function returnInstructions(returnCase: ReturnCase, returnAddress: string | undefined): ReturnInstructions {
  const url = returnCase.label?.url;
  if (url) return { kind: 'label', url };
  const address = returnAddress?.trim();
  return address ? { kind: 'address', address } : { kind: 'missing' };
}

/** "1 × Linen shirt" per return line: what comes back, or (`received`) what came back and was refunded. */
export function returnedItems(run: Run, returnCase: ReturnCase, which: 'lines' | 'received'): string[] {
  const received = which === 'received' && returnCase.received ? returnCase.received : null;
  return returnCase.lines.flatMap((line) => {
    const quantity = received ? (received.find((r) => r.returnLineItemId === line.returnLineItemId)?.quantity ?? 0) : line.quantity;
    if (quantity === 0) return [];
    const title = run.order?.lineItems.find((li) => li.id === line.lineItemId)?.title ?? 'item';
    return [`${quantity} × ${title}`];
  });
}

/** Whole days from the return's opening to the day the run stops waiting for it. */
export function daysToSend(returnCase: ReturnCase): number {
  return Math.max(0, Math.floor((Date.parse(returnCase.receiveBy) - Date.parse(returnCase.openedAt)) / DAY_MS));
}
