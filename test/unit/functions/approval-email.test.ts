// The approval email and the confirmation page, rendered for a case a lead decides: a French store
// (EUR, fr-FR, Europe/Paris) on Zendesk, an order with several lines, one already partly refunded,
// and a customer with refunds in the last 90 days; the gate's rules come from the real policy.
import { describe, expect, it } from 'vitest';
import { createApprovalCallbackHandler } from '#functions/approvals/approval-callback/handler.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import { approvalEmail, type ApprovalEmailInput } from '#functions/approvals/request-approval/email.js';
import { approvalView } from '#functions/shared/approvals/approval-view.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createPolicy } from '#harness/policy/document.js';
import { EXPIRES_AT, LINK, ORDER, PARIS, TENANT, TICKET_BODY, approvalRun } from './support/approval-case.js';
import { NOW, fixedClock, httpEvent, pendingApproval, recordingWorkflow } from '../../support/steps.js';

const LEAD = 'lead@atelier-lumiere.example';
const EUR = (amount: string) => `${amount}\u00a0€`;

function render(overrides: Partial<ApprovalEmailInput> = {}) {
  return approvalEmail({
    run: approvalRun(),
    link: LINK,
    approver: LEAD,
    expiresAt: EXPIRES_AT,
    now: NOW,
    amountMinor: 8100,
    currency: 'EUR',
    tenant: TENANT,
    policy: PARIS,
    ...overrides,
  });
}

/** What a reader sees of the HTML: tags dropped, entities decoded, white space collapsed. */
function visible(html: string): string {
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ', '&amp;': '&' };
  return squash(html.replace(/<[^>]+>/g, ' ').replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (m) => entities[m] ?? m));
}
const squash = (s: string) => s.replace(/\s+/g, ' ');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('the approval email of a EUR order in a fr-FR store', () => {
  it('says store, amount, order and reason in the subject', () => {
    expect(render().subject).toBe(`[Atelier Lumière] Approve ${EUR('81,00')} refund on order #1002 (ticket 5001) — damaged`);
  });

  it("explains each approval rule in plain words, with money in the store's locale and never in minor units", () => {
    const { text, html } = render();

    const why = [
      `${EUR('81,00')} is over the ${EUR('50,00')} automatic limit`,
      'The customer had 2 refunds in the last 90 days; automatic refunds only with fewer than 2',
      `“Linen tea towel”: 1 of 4 already refunded (1 Sept 2026, ${EUR('9,50')}); the claim may be about those units`,
    ];
    expect(text).toContain(`WHY A PERSON MUST DECIDE\n${why.map((w) => `- ${w}`).join('\n')}\n`);
    for (const w of why) expect(visible(html)).toContain(squash(w));
    for (const minor of ['8100', '5000', '(950)', '1550']) {
      expect(text).not.toContain(minor);
      expect(visible(html)).not.toContain(minor);
    }
  });

  it("gives the expiry in the store's time zone with the time left", () => {
    expect(render().text).toContain('Expires: Thu 24 Sept, 14:00 CEST — in 24 h 0 min\n');
    expect(render({ now: new Date(NOW.getTime() + 60_000) }).text).toContain('— in 23 h 59 min\n');
    expect(visible(render().html)).toContain('Thu 24 Sept, 14:00 CEST — in 24 h 0 min');

    const newYork = render({
      tenant: { store: { locale: 'en-US', timeZone: 'America/New_York' } },
      expiresAt: '2026-12-01T19:05:00.000Z',
      now: new Date('2026-11-30T19:06:00.000Z'),
    });
    expect(newYork.text).toContain('Expires: Tue Dec 1, 2:05 PM EST — in 23 h 59 min\n');
    expect(render({ now: new Date(Date.parse(EXPIRES_AT) + 1) }).text).toContain('— expired\n');
  });

  it("puts each proposed line beside the customer's words, its fulfilment and delivery, and what is left to refund", () => {
    const { text, html } = render();

    expect(text).toContain(
      [
        `WHAT WOULD BE REFUNDED (TOTAL ${EUR('81,00')})`,
        `1. Wool throw blanket — paid ${EUR('62,00')}`,
        `   Customer's words: "The wool throw blanket arrived damaged with a big hole"`,
        '   Shipped: 18 Sept 2026 (5 days ago)',
        '   Delivered: 22 Sept 2026 (yesterday)',
        '   Still refundable: 1 of 1 left',
        `2. Linen tea towel — paid ${EUR('19,00')} (2 × ${EUR('9,50')})`,
        `   Customer's words: "2 of the linen tea towels are torn"`,
        '   Shipped: 18 Sept 2026 (5 days ago)',
        '   Delivered: 22 Sept 2026 (yesterday)',
        '   Still refundable: 3 of 4 left',
      ].join('\n'),
    );
    const seen = visible(html);
    expect(seen).toContain(squash(`1. Wool throw blanket paid ${EUR('62,00')}`));
    expect(seen).toContain(squash(`2. Linen tea towel paid ${EUR('19,00')} (2 × ${EUR('9,50')})`));
    expect(seen).toContain("Customer's words “The wool throw blanket arrived damaged with a big hole”");
    expect(seen).toContain("Customer's words “2 of the linen tea towels are torn”");
    expect(seen).toContain('Shipped 18 Sept 2026 (5 days ago) Delivered 22 Sept 2026 (yesterday)');
    expect(seen).toContain('Still refundable 3 of 4 left');
    expect(seen).not.toContain('Stoneware bowl');
  });

  it('reads an older run, whose gate has no breakdown, exactly as before: list prices and what is left at them', () => {
    const run = approvalRun();
    const { breakdown: _b, ...older } = run.gate!;
    const { text, html } = render({ run: { ...run, gate: older } });

    expect(text).toContain(
      [
        `1. Wool throw blanket — 1 × ${EUR('62,00')} = ${EUR('62,00')}`,
        `   Customer's words: "The wool throw blanket arrived damaged with a big hole"`,
        '   Shipped: 18 Sept 2026 (5 days ago)',
        '   Delivered: 22 Sept 2026 (yesterday)',
        `   Still refundable: 1 of 1 left at ${EUR('62,00')} each`,
        `2. Linen tea towel — 2 × ${EUR('9,50')} = ${EUR('19,00')}`,
      ].join('\n'),
    );
    expect(text).toContain(`   Still refundable: 3 of 4 left at ${EUR('9,50')} each\n`);
    expect(text).not.toContain('paid');
    const seen = visible(html);
    expect(seen).toContain(squash(`1. Wool throw blanket 1 × ${EUR('62,00')} = ${EUR('62,00')}`));
    expect(seen).toContain(squash(`Still refundable 3 of 4 left at ${EUR('9,50')} each`));
    expect(seen).not.toContain('paid');
  });

  it('says when a line shipped only in part, has not shipped, or has no delivery reported', () => {
    const [blanket, towel] = ORDER.lineItems;
    const order = {
      ...ORDER,
      lineItems: [
        { ...blanket!, fulfilledAt: null, fulfilledQuantity: 0, deliveredAt: null },
        { ...towel!, fulfilledQuantity: 1, deliveredAt: null },
        ORDER.lineItems[2]!,
      ],
    };
    const { text } = render({ run: approvalRun({ order }) });

    expect(text).toContain('   Shipped: not shipped yet\n   Delivered: no delivery reported\n');
    expect(text).toContain('   Shipped: 18 Sept 2026 (5 days ago), only 1 of 4 so far\n   Delivered: no delivery reported\n');
    expect(text).toContain('- “Wool throw blanket” has not shipped yet; automatic refunds are only for shipped items');
  });

  it("lists the customer's refunds of the last 90 days with dates and amounts, and leaves out older ones", () => {
    const { text, html } = render();

    expect(text).toContain(
      [
        "CUSTOMER'S REFUNDS IN THE LAST 90 DAYS (2)",
        `- 1 Sept 2026 (22 days ago): ${EUR('9,50')} on order #1002 (this order) — 1 × Linen tea towel`,
        `- 15 Jul 2026 (70 days ago): ${EUR('15,50')} on order #987`,
      ].join('\n'),
    );
    expect(visible(html)).toContain(
      squash(`1 Sept 2026 (22 days ago) ${EUR('9,50')} #1002 (this order) 1 × Linen tea towel 15 Jul 2026 (70 days ago) ${EUR('15,50')} #987`),
    );
    expect(text).not.toContain('#950');
    expect(html).not.toContain('#950');
  });

  it('links the order in Shopify admin, the ticket in Zendesk and the run in the console, and the decision page', () => {
    const { text, html } = render();
    const urls = [
      'https://atelier-lumiere.myshopify.com/admin/orders/5512345678',
      'https://atelier-lumiere.zendesk.com/agent/tickets/5001',
      'https://console.atelier-lumiere.example/runs/run-8f3a2c',
    ];

    expect(text).toContain(
      `CHECK IT YOURSELF\nOrder #1002 in Shopify admin: ${urls[0]}\nTicket 5001 in Zendesk: ${urls[1]}\nThis run in the refund-agent console: ${urls[2]}\n`,
    );
    expect(text).toContain(`Review and decide: ${LINK}\n`);
    expect(hrefs(html)).toEqual([...urls, LINK]);
  });

  it('leaves out a link it cannot build whole, never sending a broken one', () => {
    const linksOf = (tenant: ApprovalEmailInput['tenant'], run?: Run) => hrefs(render({ tenant, ...(run ? { run } : {}) }).html).filter((h) => h !== LINK);

    expect(linksOf({})).toEqual([]);
    expect(linksOf({ store: { domain: 'not a domain' }, consoleBaseUrl: 'console' })).toEqual([]);
    expect(linksOf({ store: { domain: 'atelier-lumiere.myshopify.com' } }, approvalRun({ order: { ...ORDER, orderId: 'order-1002' } }))).toEqual([]);
    // The tenant's helpdesk is Gorgias but this ticket came from Zendesk: its id means nothing there.
    expect(linksOf({ helpdesk: { kind: 'gorgias', baseUrl: 'https://atelier.gorgias.com' } })).toEqual([]);
    const gorgiasRun = approvalRun();
    gorgiasRun.ticket = { ...gorgiasRun.ticket, helpdesk: 'gorgias' };
    expect(linksOf({ helpdesk: { kind: 'gorgias', baseUrl: 'https://atelier.gorgias.com/' } }, gorgiasRun)).toEqual([
      'https://atelier.gorgias.com/app/ticket/5001',
    ]);
    expect(render({ tenant: {} }).text).not.toContain('CHECK IT YOURSELF');
  });

  it('has a plain-text part that carries every fact the HTML shows', () => {
    const { text, html } = render();
    const view = approvalView({ run: approvalRun(), amountMinor: 8100, currency: 'EUR', expiresAt: EXPIRES_AT, now: NOW, tenant: TENANT, policy: PARIS });
    const facts = [
      view.amount,
      view.reason,
      view.expires.at,
      view.expires.left,
      ...view.whyApproval,
      ...view.lines.flatMap((l) => [l.title, l.quote, ...(l.paid ? [l.paid.words] : [l.unitPrice, l.subtotal]), l.shipped, l.delivered ?? '', l.refundable]),
      ...view.amountNotes,
      ...(view.recentRefunds.items ?? []).flatMap((r) => [r.date, r.ago, r.amount, `#${r.orderNumber}`]),
      ...view.links.map((l) => l.label),
      view.ticketSubject,
      TICKET_BODY,
      view.onApprove,
      view.onReject,
      LEAD,
    ];

    for (const fact of facts) {
      expect(squash(text), fact).toContain(squash(fact));
      expect(visible(html), fact).toContain(squash(fact));
    }
    for (const url of [...view.links.map((l) => l.url), LINK]) {
      expect(text).toContain(url);
      expect(hrefs(html)).toContain(url);
    }
  });

  it('is HTML mail clients render: tables and inline styles, no scripts, style sheets or external resources', () => {
    const { html } = render();

    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<script|<style|<link|<img|<iframe|<object|<embed|<form|\bsrc=|url\(|class=|@import|javascript:/i);
    for (const href of hrefs(html)) expect(href).toMatch(/^https:\/\//);
  });

  it("escapes the customer's words and the store's name instead of rendering them as markup", () => {
    const run = approvalRun();
    run.ticket = { ...run.ticket, body: `${TICKET_BODY} <script>alert(1)</script> <img src=x>` };
    const { html, text } = render({ run, tenant: { ...TENANT, store: { ...TENANT.store, name: 'Atelier <b>Lumière</b>' } } });

    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Atelier &lt;b&gt;Lumière&lt;/b&gt;');
    expect(text).toContain('<script>alert(1)</script>');
  });

  it("falls back when the tenant says nothing: the tenant's name, en-US money, the policy's time zone, no links", () => {
    const { subject, text } = render({ tenant: undefined, policy: undefined, currency: 'USD', amountMinor: 8100 });

    expect(subject).toBe('[atelier] Approve $81.00 refund on order #1002 (ticket 5001) — damaged');
    expect(text).toContain('Expires: Thu Sep 24, 12:00 PM UTC — in 24 h 0 min');
    expect(text).toContain('- $81.00 is over the $50.00 automatic limit');
    expect(text).not.toContain('https://atelier-lumiere');
  });

  it('prints money in a de-DE store the German way', () => {
    const { subject, text } = render({ tenant: { store: { name: 'Steingut & Co', locale: 'de-DE', timeZone: 'Europe/Berlin' } } });

    expect(subject).toBe(`[Steingut & Co] Approve ${EUR('81,00')} refund on order #1002 (ticket 5001) — damaged`);
    expect(text).toContain(`2. Linen tea towel — paid ${EUR('19,00')} (2 × ${EUR('9,50')})`);
    expect(text).toContain('Expires: Thu 24 Sept, 14:00 CEST');
  });
});

describe('the confirmation page', () => {
  async function setup() {
    const clock = fixedClock();
    const stores = createInMemoryStores({ clock });
    const workflow = recordingWorkflow();
    const run = approvalRun();
    const record = pendingApproval(run, { amountMinor: 8100, currency: 'EUR' });
    const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
    await stores.runs.create({ ...run, approval: summary });
    await stores.approvals.create(record);
    const links = createApproverLinks({ secret: 'unit-test-approval-link-secret', approverEmails: [LEAD] });
    const handler = createApprovalCallbackHandler({
      approvals: stores.approvals,
      runs: stores.runs,
      workflow: workflow.engine,
      clock,
      links: () => links,
      tenant: TENANT,
      policy: PARIS,
    });
    const get = async () => {
      const result = await handler(
        httpEvent({
          method: 'GET',
          path: `/approvals/${record.approvalId}`,
          pathParameters: { approvalId: record.approvalId },
          query: { as: links.sign(record.approvalId, LEAD) },
        }),
      );
      return String(result.body);
    };
    return { clock, stores, workflow, record, get };
  }

  it("shows the email's evidence and what approving and rejecting do, and changes nothing", async () => {
    const { get, stores, workflow, record, clock } = await setup();
    clock.advance(3_600_000);

    const page = await get();
    const email = render();
    const seen = visible(page);

    expect(page).toContain(`<h1>Approve a ${EUR('81,00')} refund on order #1002?</h1>`);
    expect(page).toContain(`<button type="submit" name="decision" value="approve">Approve ${EUR('81,00')}</button>`);
    for (const fact of [
      `${EUR('81,00')} is over the ${EUR('50,00')} automatic limit`,
      '“The wool throw blanket arrived damaged with a big hole”',
      '“2 of the linen tea towels are torn”',
      'Shipped 18 Sept 2026 (5 days ago) Delivered 22 Sept 2026 (yesterday)',
      `1 Sept 2026 (22 days ago) ${EUR('9,50')} #1002 (this order)`,
      `15 Jul 2026 (70 days ago) ${EUR('15,50')} #987`,
      'Thu 24 Sept, 14:00 CEST — in 23 h 0 min',
      `If you approve the exact refund of ${EUR('81,00')} is issued on order #1002, and a reply draft is left on the ticket`,
      'If you reject no refund is made; the ticket goes to a person on the team, with your reason',
    ]) {
      expect(seen).toContain(squash(fact));
    }
    expect(hrefs(page)).toEqual(hrefs(email.html).filter((h) => h !== LINK));
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
  });
});

describe('money in a locale', () => {
  it('keeps the existing formatMoney output and formats a full locale', async () => {
    const { formatMoney, formatMoneyInLocale } = await import('#shared/money.js');
    expect(formatMoney(6200, 'USD')).toBe('$62.00');
    expect(formatMoney(6200, 'EUR', 'de')).toBe(EUR('62,00'));
    expect(formatMoneyInLocale(6200, 'EUR', 'fr-FR')).toBe(EUR('62,00'));
    expect(formatMoneyInLocale(6200, 'USD', 'not a locale')).toBe('$62.00');
    expect(createPolicy().document.autoRefundLimitMinor).toBe(5000);
  });
});
