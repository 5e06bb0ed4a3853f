// The console says what the customer paid for each claimed line and why (issue #35), in the words
// of the approval email (functions/shared/words/amount-words.ts): on the run page under the gate's
// decision, and in the approvals queue. A run whose gate has no breakdown reads as before.
import { describe, expect, it } from 'vitest';
import { approvalConfirmContent, approvalsSection } from '#functions/console/app/views/approvals.js';
import { renderIn } from '#functions/console/app/views/layout.js';
import { timelineContent } from '#functions/console/app/views/timeline.js';
import { approvalView } from '#functions/shared/approvals/approval-view.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { Run } from '#functions/shared/domain/run.js';
import { NOW, pendingApproval } from '../../support/steps.js';
import { EXPIRES_AT } from './support/approval-case.js';
import { EURO_MUG, LOST_LAMP, WELCOME_MUG, paidRun } from './support/paid-case.js';

const ctx = { links: { ticket: null, execution: null, order: null }, canDecide: false, canSettle: false, csrf: 'x', now: NOW };
const US = createFormats({ locale: 'en-US', timeZone: 'America/New_York', now: NOW });
const runPage = (run: Run) => renderIn(US, () => timelineContent(run, [], ctx)).replace(/&#39;/g, "'");

describe('the run page', () => {
  it('shows what the customer paid for the mug under the gate, never its list price as the amount', () => {
    const html = runPage(paidRun(WELCOME_MUG));

    expect(html).toContain('<dt>Amount</dt><dd>$16.33</dd>');
    expect(html).toContain('<dt>What the customer paid</dt><dd>1 × Stoneware mug: paid $16.33 ($20.00 less a 25% discount, plus $1.33 tax)</dd>');
  });

  it('shows the shipping refunded when nothing arrived', () => {
    const html = runPage(paidRun(LOST_LAMP, { reason: 'not_received' }));

    expect(html).toContain('1 × Brass lamp: paid $22.68 ($21.00 plus $1.68 tax)<br>Shipping refunded: $7.50 ($6.95 plus $0.55 tax)');
  });

  it("shows euros first on an order paid in euros, the store's dollars beside them", () => {
    const html = runPage(paidRun(EURO_MUG));

    expect(html).toContain("<dt>Amount</dt><dd>€15.00 ($16.50 in the store's currency)</dd>");
    expect(html).toContain('1 × Stoneware mug: paid €15.00 (€20.00 less a 25% discount, tax included)');
  });

  it('reads an older run, whose gate has no breakdown, as before', () => {
    const run = paidRun(EURO_MUG);
    const { breakdown: _b, presentment: _p, ...older } = run.gate!;
    const html = runPage({ ...run, gate: older });

    expect(html).toContain('<dt>Amount</dt><dd>$16.50</dd>');
    expect(html).not.toContain('What the customer paid');
  });
});

describe('the approvals queue and the confirm page', () => {
  it("shows each line's paid words and the shipping beside the total", () => {
    const run = paidRun(LOST_LAMP, { reason: 'not_received' });
    const approval = pendingApproval(run, { amountMinor: run.gate!.amountMinor });
    const waiting: Run = { ...run, status: 'awaiting_approval', approval: { ...approval, decidedBy: null, decidedAt: null, reason: null } };
    const evidence = approvalView({ run: waiting, amountMinor: approval.amountMinor, currency: 'USD', expiresAt: EXPIRES_AT, now: NOW });
    const html = approvalsSection({ approvals: [waiting], evidence: { [approval.approvalId]: evidence }, canDecide: true }).replace(/&#39;/g, "'");

    expect(html).toContain('data-label="Amount">paid $22.68 ($21.00 plus $1.68 tax)</td>');
    expect(html).toContain('What would be refunded (total $30.18)');
    expect(html).toContain('<p>Shipping refunded: $7.50 ($6.95 plus $0.55 tax)</p>');

    const confirm = approvalConfirmContent({
      approvalId: approval.approvalId,
      status: 'pending',
      decidedBy: null,
      run: waiting,
      evidence,
      amountMinor: approval.amountMinor,
      currency: 'USD',
      canDecide: true,
      csrf: 'x',
    })
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');
    expect(confirm).toContain('1. Brass lamp paid $22.68 ($21.00 plus $1.68 tax)');
    expect(confirm).toContain('Shipping refunded: $7.50 ($6.95 plus $0.55 tax) Total $30.18');
  });
});
