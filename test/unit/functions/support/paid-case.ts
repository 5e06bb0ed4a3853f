// Runs whose gate priced the refund from an order carrying the money real orders carry (discounts,
// tax either way, shipping, duties, a Markets currency): the real policy's decideGate over
// moneyOrder's facts, so the breakdown each surface words is the gate's own. The order specs are the
// issue's worked examples (#35).
import type { Run } from '#functions/shared/domain/run.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { RefundReason } from '#harness/domain/types.js';
import { DEFAULT_POLICY, decideGate } from '#harness/policy/index.js';
import { NOW, makeProposal, makeRun, makeTriage, ticketIn } from '../../../support/fixtures.js';
import { moneyOrder, type MoneyOrderSpec } from '../../../support/money-orders.js';

export const lineId = (n: number) => `gid://shopify/LineItem/1001${n}`;

const NAPKINS = { title: 'Linen napkins', unitMinor: 2400 };
const SHIPPING = { priceMinor: 695 };

/** A $20 mug with WELCOME25 (25% off) and 8.875% New York tax on top: paid $16.33. */
export const WELCOME_MUG: MoneyOrderSpec = {
  lines: [
    {
      title: 'Stoneware mug',
      unitMinor: 2000,
      discounts: [{ amountMinor: 500, code: 'WELCOME25', percentage: 25 }],
      taxes: [{ title: 'NY', ratePercentage: 8.875, amountMinor: 133 }],
    },
    NAPKINS,
  ],
  shipping: SHIPPING,
};

/** The same mug sold through Shopify Markets in euros, prices including 20% VAT: €20.00 less 25%, paid €15.00. */
export const EURO_MUG: MoneyOrderSpec = {
  presentmentCurrency: 'EUR',
  taxesIncluded: true,
  lines: [
    {
      title: 'Stoneware mug',
      unitMinor: 2200,
      discounts: [{ amountMinor: 550, code: 'WELCOME25', percentage: 25 }],
      taxes: [{ title: 'VAT', ratePercentage: 20, amountMinor: 275 }],
      paid: { unitMinor: 2000, discounts: [500], taxes: [250] },
    },
    { ...NAPKINS, paid: { unitMinor: 2200 } },
  ],
  shipping: { priceMinor: 695, paid: { priceMinor: 640 } },
};

/** A $21 brass lamp shipped for $6.95 plus $0.55 tax: never arrived: $22.68 and its $7.50 shipping, $30.18 back. */
export const LOST_LAMP: MoneyOrderSpec = {
  lines: [{ title: 'Brass lamp', unitMinor: 2100, taxes: [{ title: 'State', ratePercentage: 8, amountMinor: 168 }] }],
  shipping: { priceMinor: 695, taxes: [{ title: 'State', ratePercentage: 8, amountMinor: 55 }] },
};

export interface PaidCase {
  reason?: RefundReason;
  /** Which lines are claimed (1-based) and how many units; default one unit of the first. */
  claims?: Array<{ line: number; quantity: number }>;
  language?: string;
}

/** A run after its Gate step: the order's facts, a proposal for the claimed units, the real gate's decision with its breakdown. */
export function paidRun(spec: MoneyOrderSpec, input: PaidCase = {}): Run {
  const order = toOrderFacts(moneyOrder(spec), 0);
  const reason = input.reason ?? 'damaged';
  const claims = (input.claims ?? [{ line: 1, quantity: 1 }]).map((c) => ({
    lineItemId: lineId(c.line),
    quantity: c.quantity,
    quote: 'The mug in order #1001 arrived cracked',
  }));
  const triage = makeTriage({ reason, language: input.language ?? 'en' });
  const proposal = makeProposal(order, { lineItems: claims, reason, amountMinor: undefined });
  const base = makeRun({ state: 'Gate', triage, order, proposal });
  const gate = decideGate({
    ticketEmail: base.ticket.requesterEmail ?? '',
    customerText: [base.ticket.subject, base.ticket.body],
    ticketReceivedAt: NOW.toISOString(),
    triage,
    order,
    proposal,
    policy: DEFAULT_POLICY,
    now: NOW,
  });
  // The gate read the English words; the customer's words are in the triage's language (the reply is written in it).
  return { ...base, gate, ticket: { ...base.ticket, ...ticketIn(triage.language) } };
}
