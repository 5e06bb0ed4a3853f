// What people read about a refund in the customer's currency (#23, Shopify Markets): a USD store's
// order paid in euros. The reply's facts and the reply check use the euro figure the customer got
// back (a draft stating the dollar figure fails the check); a lead reads both, the euro amount first
// and the store's dollar figure beside it; an order paid in the shop currency reads as before.
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/tools.js';
import { checkDraftAgainstReceipt, replyFacts } from '#functions/shared/reply.js';
import { refundAmountInWords } from '#functions/shared/approvals/both-currencies.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { Run } from '#functions/shared/domain/run.js';
import { makeOrder } from '../../support/fixtures.js';
import { proposedRun, receiptFor } from '../../support/steps.js';

const usdEur = (usd: number, eur: number) => ({ amountMinor: usd, currency: 'USD', presentment: { amountMinor: eur, currency: 'EUR' } });

/** Order 1001's mug: $45.00 in the store's books, €41.60 paid. */
function euroOrder(): Order {
  const base = makeOrder({ unitPriceMinor: 4500 });
  return {
    ...base,
    presentmentCurrency: 'EUR',
    lineItems: base.lineItems.map((li) => ({ ...li, unitPrice: usdEur(4500, 4160) })),
    transactions: base.transactions.map((t) => ({ ...t, amount: usdEur(4500, 4160) })),
    maximumRefundable: usdEur(4500, 4160),
  };
}

function refundedInEuros(body: string): Run {
  const run = proposedRun({}, euroOrder());
  const refund = receiptFor(run, { amountMinor: 4500, currency: 'USD', presentment: { amountMinor: 4160, currency: 'EUR' } });
  return { ...run, refund, draft: { body, language: 'en', check: null, noteId: null } };
}

const draft = (amount: string) => `Hello,\n\nfor order #1001 we have refunded ${amount} to your original payment method.\n\nCustomer support`;

describe('the reply in the currency the customer paid', () => {
  it('gives the drafter the euro amount', () => {
    const facts = replyFacts(refundedInEuros(''), 'refunded');
    expect(facts).toMatchObject({ amountMinor: 4160, currency: 'EUR', amount: '€41.60' });
  });

  it('passes a draft stating €41.60, and fails one stating the store’s $45.00 or both', () => {
    expect(checkDraftAgainstReceipt(draft('€41.60'), refundedInEuros(''))).toEqual([]);
    expect(checkDraftAgainstReceipt(draft('$45.00'), refundedInEuros(''))).toEqual([
      'draft does not state the refunded amount €41.60',
      'draft names currency $, the refund was in EUR',
      'draft states an amount that did not happen: $45.00',
    ]);
    expect(checkDraftAgainstReceipt(draft('€41.60 ($45.00)'), refundedInEuros(''))).not.toEqual([]);
  });
});

describe('the amount a lead reads', () => {
  const fmt = createFormats({ now: new Date('2026-09-23T12:00:00Z') });

  it("shows the euro amount and the store's dollar figure beside it", () => {
    expect(refundAmountInWords(proposedRun({}, euroOrder()), 4500, 'USD', fmt)).toBe("€41.60 ($45.00 in the store's currency)");
  });

  it('shows the one amount for an order paid in the shop currency', () => {
    expect(refundAmountInWords(proposedRun({}, makeOrder({ unitPriceMinor: 4500 })), 4500, 'USD', fmt)).toBe('$45.00');
  });
});
