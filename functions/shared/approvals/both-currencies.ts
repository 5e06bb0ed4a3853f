// The refund's amount as a lead reads it in the approval email and the holding note: on an order the
// customer paid in another currency than the shop's (Shopify Markets), what the customer gets back in
// their currency first and the shop's figure beside it ("€46.00 (US$50.00 in the store's currency)"),
// since the limits compare the one and the customer is refunded the other. Else the one amount.
// The customer's figure is the gate's when it decided this amount (shipping and duties included);
// an older row's is recomputed from its claimed lines.
import type { Run } from '#functions/shared/domain/run.js';
import { computePresentmentAmount } from '#harness/policy/presentment-amount.js';
import type { Formats } from './formats.js';

export function refundAmountInWords(run: Run, amountMinor: number, currency: string, fmt: Pick<Formats, 'money'>): string {
  const shop = fmt.money(amountMinor, currency);
  const gate = run.gate;
  const decided = gate?.presentment && gate.amountMinor === amountMinor && gate.currency === currency ? gate.presentment : null;
  const paid = decided ?? (run.order && run.proposal ? computePresentmentAmount(run.order, run.proposal.lineItems) : null);
  if (!paid || paid.currency === currency) return shop;
  return `${fmt.money(paid.amountMinor, paid.currency)} (${shop} in the store's currency)`;
}
