// The approval email, the confirmation page and the holding note say what the customer paid for
// each proposed line and why (issue #35), from the gate's own breakdown: never a list price read as
// the refund. In the currency the customer paid; with the shipping when nothing arrived; an older
// run reads as before (approval-email.test.ts).
import { describe, expect, it } from 'vitest';
import { confirmationPage } from '#functions/approvals/approval-callback/pages.js';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import { holdingNote } from '#functions/approvals/request-approval/holding-note.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { ApprovalDisplay } from '#functions/shared/approvals/approval-view.js';
import type { Run } from '#functions/shared/domain/run.js';
import { NOW, pendingApproval } from '../../support/steps.js';
import { EXPIRES_AT, LINK, TENANT } from './support/approval-case.js';
import { EURO_MUG, LOST_LAMP, WELCOME_MUG, paidRun } from './support/paid-case.js';

const LEAD = 'lead@example.com';
const NEW_YORK: ApprovalDisplay = { store: { name: 'Clay & Co', locale: 'en-US', timeZone: 'America/New_York' } };

/** What a reader sees of the HTML: tags dropped, entities decoded, white space collapsed. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The email and the confirmation page of an approval on this run, at the gate's amount. */
function surfaces(run: Run, tenant: ApprovalDisplay) {
  const { amountMinor, currency } = run.gate!;
  const email = approvalEmail({ run, link: LINK, approver: LEAD, expiresAt: EXPIRES_AT, now: NOW, amountMinor, currency, tenant });
  const page = confirmationPage(pendingApproval(run, { amountMinor, currency }), run, LEAD, 'token', { now: NOW, tenant });
  return { text: email.text.replace(/\s+/g, ' '), html: visible(email.html), page: visible(page) };
}

describe('what the customer paid, on the email and the page', () => {
  it('a $20 mug at 25% off with tax on top: paid $16.33, never its $20.00 list price as the refund', () => {
    const { text, html, page } = surfaces(paidRun(WELCOME_MUG), NEW_YORK);
    const paid = 'paid $16.33 ($20.00 less a 25% discount, plus $1.33 tax)';

    expect(text).toContain(`1. Stoneware mug — ${paid}`);
    expect(html).toContain(`1. Stoneware mug ${paid}`);
    expect(page).toContain(`1. Stoneware mug ${paid}`);
    for (const surface of [text, html, page]) {
      expect(surface).not.toContain('1 × $20.00');
      expect(surface).not.toContain('left at $20.00 each');
    }
  });

  it('a tax-included order paid in euros shows euros, the tax inside the price', () => {
    const { text, html, page } = surfaces(paidRun(EURO_MUG), TENANT);
    const paid = 'paid 15,00 € (20,00 € less a 25 % discount, tax included)';

    expect(text.replace(/\u00a0|\u202f/g, ' ')).toContain(`1. Stoneware mug — ${paid}`);
    expect(html.replace(/\u00a0|\u202f/g, ' ')).toContain(`1. Stoneware mug ${paid}`);
    expect(page.replace(/\u00a0|\u202f/g, ' ')).toContain(`1. Stoneware mug ${paid}`);
    expect(text.replace(/\u00a0/g, ' ')).toContain("Refund: 15,00 € (16,50 $US in the store's currency) on order #1001");
  });

  it('an order that never arrived shows the shipping refunded with it, and the total', () => {
    const run = paidRun(LOST_LAMP, { reason: 'not_received' });
    const { text, html, page } = surfaces(run, NEW_YORK);

    expect(text).toContain('1. Brass lamp — paid $22.68 ($21.00 plus $1.68 tax)');
    expect(text).toContain('Shipping refunded: $7.50 ($6.95 plus $0.55 tax)');
    for (const surface of [html, page]) {
      expect(surface).toContain('Shipping refunded: $7.50 ($6.95 plus $0.55 tax) Total $30.18');
    }
  });
});

describe('the holding note on the ticket', () => {
  it('lists each claimed line with what the customer paid for it, and the shipping refunded with it', () => {
    const run = paidRun(LOST_LAMP, { reason: 'not_received' });
    const fmt = createFormats({ locale: 'en-US', timeZone: 'America/New_York', now: NOW });
    const note = holdingNote({ run, amountMinor: run.gate!.amountMinor, currency: 'USD', expiresAt: EXPIRES_AT, fmt });

    expect(note).toContain(
      'Proposed: refund $30.18 on order #1001.\n' +
        '- 1 × Brass lamp, paid $22.68 ($21.00 plus $1.68 tax) — customer\'s words: "The mug in order #1001 arrived cracked"\n' +
        'Shipping refunded: $7.50 ($6.95 plus $0.55 tax)\n',
    );
  });
});
