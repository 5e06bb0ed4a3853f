// An approval whose order has nothing left to refund (another run's refund used it up): its page
// offers no approve button, says why and names the refund that used the order up; the one action
// closes it, and the pages after say the same state as the console and the ticket note.
import { describe, expect, it } from 'vitest';
import { closedPage, confirmationPage } from '#functions/approvals/approval-callback/pages.js';
import type { OrderNow } from '#functions/shared/approvals/order-now.js';
import type { Run } from '#functions/shared/domain/run.js';
import { NOW, pendingApproval } from '../../support/steps.js';
import { paidRun, WELCOME_MUG } from './support/paid-case.js';

const LEAD = 'lead@example.com';
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function pageOf(run: Run, orderNow: OrderNow | null): string {
  const { amountMinor, currency } = run.gate!;
  return confirmationPage(pendingApproval(run, { amountMinor, currency }), run, LEAD, 'token', { now: NOW, orderNow });
}

describe('the confirm page of an approval with nothing left to refund', () => {
  const run = paidRun(WELCOME_MUG);
  const line = run.proposal!.lineItems[0]!.lineItemId;
  const usedUp: OrderNow = {
    refundable: { [line]: 0 },
    pending: [],
    approved: [],
    refundsSince: [
      {
        runId: 'run-a',
        refundId: 'gid://shopify/Refund/1',
        amountMinor: 1633,
        currency: 'USD',
        createdAt: NOW.toISOString(),
        lines: [{ lineItemId: line, quantity: 1 }],
      },
    ],
    shortfall: [{ lineItemId: line, title: 'Stoneware mug', claimed: 1, left: 0 }],
    source: 'store',
    storeUnreadable: false,
  };

  it('offers no approve button, says nothing is left and names the refund that used the order up', () => {
    const html = pageOf(run, usedUp);
    const text = visible(html);
    expect(html).toMatch(/<title>Nothing left to refund on order #\d+<\/title>/);
    expect(html).not.toContain('value="approve"');
    expect(text).not.toMatch(/Approve \$/);
    expect(text).toContain('has nothing left to refund');
    expect(text).toContain('by run run-a');
    expect(html).toContain('value="reject"');
    expect(text).toContain('Close the request and hand the ticket to the team');
    expect(text).toContain('If you close it nothing is refunded');
    expect(text).not.toContain('If you approve');
  });

  it('offers the approve button while the order can still be refunded', () => {
    const html = pageOf(run, null);
    expect(html).toContain('value="approve"');
    expect(html).toMatch(/<title>Approve .*\?<\/title>/);
  });

  it('says the same state afterwards, never "cancelled"', () => {
    const page = visible(closedPage({ status: 'cancelled', decidedBy: LEAD }, false, LEAD));
    expect(page).toContain('Nothing left to refund');
    expect(page).toContain('This approval is closed, nothing left to refund (by lead@example.com)');
    expect(page).not.toContain('cancelled');
  });
});
