// The second approval on an order, after the first was approved and refunded: the customer's refund
// history on every surface (the email, the approval page, the console's evidence) counts the refund made
// since the run checked the order, lists it with its amount, date, items and the run that made it (a
// link to that run's page), and the "nothing left to refund" box points to that run. Pure views over
// in-memory runs; no network.
import { describe, expect, it } from 'vitest';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import { confirmationPage } from '#functions/approvals/approval-callback/pages.js';
import { approvalView } from '#functions/shared/approvals/approval-view.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import { orderNowOf } from '#functions/shared/approvals/order-now.js';
import { orderNowFromStore } from '#functions/shared/approvals/order-now-store.js';
import type { Run } from '#functions/shared/domain/run.js';
import { NOW, daysAgo, makeOrder, pendingApproval, proposedRun, receiptFor } from '../../support/steps.js';

const CONSOLE = 'https://console.demo.example';
const TENANT = { store: { name: 'Demo Store', timeZone: 'UTC' }, consoleBaseUrl: CONSOLE };
const fmt = createFormats({ timeZone: 'UTC', now: NOW });
const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const squash = (s: string) => s.replace(/\s+/g, ' ');
/** What a reader sees of the HTML: tags dropped (no space before the punctuation after one), entities decoded. */
const visible = (html: string) =>
  squash(
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  ).replace(/ ([,.])/g, '$1');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

/** Run A's approval was approved and its refund made after run B checked the order; B still waits. */
function secondApproval(): { runA: Run; runB: Run } {
  const runB = proposedRun({ runId: 'run-b', status: 'awaiting_approval', state: 'RequestApproval', createdAt: NOW.toISOString() }, blanket);
  const runA0 = proposedRun({ runId: 'run-a', status: 'done', state: 'Done' }, blanket);
  const runA: Run = { ...runA0, refund: receiptFor(runA0, { refundId: 'gid://shopify/Refund/90', amountMinor: 6200, createdAt: later(2) }) };
  return { runA, runB };
}

function viewOf(runB: Run, runs: Run[], overrides: Partial<Parameters<typeof approvalView>[0]> = {}) {
  return approvalView({
    run: runB,
    amountMinor: 6200,
    currency: 'USD',
    expiresAt: later(600),
    now: new Date(later(5)),
    tenant: TENANT,
    orderNow: orderNowOf(runB, runs),
    ...overrides,
  });
}

describe("the second approval's refund history", () => {
  it('counts the refund made since the run checked the order, with its amount, date, items and the run that made it', () => {
    const { runA, runB } = secondApproval();

    const { recentRefunds } = viewOf(runB, [runA, runB]);

    expect(recentRefunds.count).toBe(1);
    expect(recentRefunds.items).toEqual([
      {
        date: fmt.date(later(2)),
        ago: 'today',
        amount: '$62.00',
        orderNumber: '1002',
        thisOrder: true,
        items: '1 × Wool throw blanket',
        // When the run read the order (its facts keep the date): the email says it too.
        orderPlaced: fmt.date(blanket.createdAt),
        since: true,
        byRun: { runId: 'run-a', href: `${CONSOLE}/runs/run-a` },
      },
    ]);
  });

  it('is listed in the email, text and HTML, marked as made since the run checked the order and linking the run', () => {
    const { runA, runB } = secondApproval();
    const { text, html } = approvalEmail({
      run: runB,
      link: 'https://demo.example/approvals/apr_b?as=t',
      approver: 'lead@demo.example',
      amountMinor: 6200,
      currency: 'USD',
      expiresAt: later(600),
      now: new Date(later(5)),
      tenant: TENANT,
      orderNow: orderNowOf(runB, [runA, runB]),
    });

    expect(text).toContain(
      [
        "CUSTOMER'S REFUNDS IN THE LAST 90 DAYS (1)",
        `- ${fmt.date(later(2))} (today): $62.00 on order #1002 (this order, placed ${fmt.date(blanket.createdAt)}) — 1 × Wool throw blanket — made after this run checked the order, by run run-a. Open it: ${CONSOLE}/runs/run-a`,
      ].join('\n'),
    );
    expect(text).not.toContain('None.');
    expect(visible(html)).toContain(squash(`Customer's refunds in the last 90 days (1)`));
    expect(visible(html)).toContain('1 × Wool throw blanket made after this run checked the order, by run run-a');
    expect(hrefs(html)).toContain(`${CONSOLE}/runs/run-a`);
  });

  it('is listed on the approval page, and the nothing-left box links the run that used the order up', () => {
    const { runA, runB } = secondApproval();
    const record = pendingApproval(runB, { approvalId: 'apr_b' });

    const page = confirmationPage(record, runB, 'lead@demo.example', 'token', {
      now: new Date(later(5)),
      tenant: TENANT,
      orderNow: orderNowOf(runB, [runA, runB]),
    });

    expect(visible(page)).toContain("Customer's refunds in the last 90 days (1)");
    expect(visible(page)).toContain('made after this run checked the order, by run run-a');
    expect(visible(page)).toContain('Not refunded: order #1002 has nothing left to refund');
    expect(page).toContain(`<a href="${CONSOLE}/runs/run-a" style="color:#1d4ed8;">Open run run-a</a>`);
    expect(visible(page)).toContain('The run that used it up: Open run run-a.');
  });

  it('names no run and gives no link for a refund made in the store by hand, and says when the order was placed', () => {
    const { runB } = secondApproval();
    const store = {
      ...blanket,
      lineItems: blanket.lineItems.map((l) => ({ ...l, refundableQuantity: 0 })),
      refunds: [
        {
          id: 'gid://shopify/Refund/91',
          createdAt: later(3),
          amount: { amountMinor: 6200, currency: 'USD' },
          lineItems: [{ lineItemId: blanket.lineItems[0]!.id, quantity: 1 }],
        },
      ],
    };

    const view = viewOf(runB, [runB], { orderNow: orderNowFromStore(runB, [runB], store) });

    expect(view.recentRefunds.items?.[0]).toMatchObject({ since: true, byRun: null, orderPlaced: fmt.date(daysAgo(5)), items: '1 × Wool throw blanket' });
    expect(view.usedUpBy).toEqual([]);
    const { text } = approvalEmail({ ...emailInput(runB), orderNow: orderNowFromStore(runB, [runB], store) });
    expect(text).toContain(
      `- ${fmt.date(later(3))} (today): $62.00 on order #1002 (this order, placed ${fmt.date(daysAgo(5))}) — 1 × Wool throw blanket — made after this run checked the order, in the store`,
    );
  });

  it("lists the snapshot's refunds on the order with their items, another order's with none, an amount-only one as such", () => {
    const { runB } = secondApproval();
    const order = runB.order!;
    const run: Run = {
      ...runB,
      order: {
        ...order,
        refunds: [
          { refundId: 'r1', createdAt: daysAgo(10), amountMinor: 1000, lineItems: [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }] },
          { refundId: 'r2', createdAt: daysAgo(12), amountMinor: 500, lineItems: [] },
        ],
        refundsLast90Days: 3,
        recentRefunds: [
          { refundId: 'r1', orderNumber: '1002', createdAt: daysAgo(10), amountMinor: 1000, currency: 'USD' },
          { refundId: 'r2', orderNumber: '1002', createdAt: daysAgo(12), amountMinor: 500, currency: 'USD' },
          { refundId: 'r3', orderNumber: '987', createdAt: daysAgo(20), amountMinor: 1550, currency: 'USD' },
        ],
      },
    };

    const items = viewOf(run, [run]).recentRefunds.items!;

    expect(items.map((r) => [r.orderNumber, r.items, r.since])).toEqual([
      ['1002', '1 × Wool throw blanket', false],
      ['1002', 'an amount only, no items', false],
      ['987', null, false],
    ]);
  });

  it('on an older run that counted its refunds without dates, lists the one made since and says how many more were counted', () => {
    const { runA, runB } = secondApproval();
    const older: Run = { ...runB, order: { ...runB.order!, refundsLast90Days: 2 } };

    const view = viewOf(older, [runA, older]);

    expect(view.recentRefunds).toMatchObject({ count: 3, undated: 2 });
    expect(view.recentRefunds.items).toHaveLength(1);
    const { text } = approvalEmail({ ...emailInput(older), orderNow: orderNowOf(older, [runA, older]) });
    expect(text).toContain("CUSTOMER'S REFUNDS IN THE LAST 90 DAYS (3)\n- ");
    expect(text).toContain('2 more counted; their dates were not read for this run.');
  });

  it('shows no run link where the tenant has no console, and only the run as words', () => {
    const { runA, runB } = secondApproval();

    const view = viewOf(runB, [runA, runB], { tenant: { store: { name: 'Demo Store' } } });

    expect(view.recentRefunds.items?.[0]?.byRun).toEqual({ runId: 'run-a', href: null });
    expect(view.usedUpBy).toEqual([{ runId: 'run-a', href: null }]);
    const { html } = approvalEmail({ ...emailInput(runB), tenant: { store: { name: 'Demo Store' } }, orderNow: orderNowOf(runB, [runA, runB]) });
    expect(visible(html)).toContain('The run that used it up: run run-a.');
    expect(html).not.toContain('/runs/run-a');
  });
});

function emailInput(run: Run) {
  return {
    run,
    link: 'https://demo.example/approvals/apr_b?as=t',
    approver: 'lead@demo.example',
    amountMinor: 6200,
    currency: 'USD',
    expiresAt: later(600),
    now: new Date(later(5)),
    tenant: TENANT,
  };
}
