// What the console says about a case, without a browser: the customer by name and email, items by
// their titles, times in the store's zone and locale, links out (deployed and to the sandbox's
// pages), search over ids and the customer, and tables that scroll in their own box.
import { describe, expect, it } from 'vitest';
import { runLinks } from '#functions/console/app/links.js';
import { createConsoleData } from '#functions/console/app/use-case.js';
import { customerOf, lineTitle, linesText, withLineTitles } from '#functions/console/app/views/case.js';
import { layout, money, renderIn, scrollingTables, time } from '#functions/console/app/views/layout.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { Run } from '#functions/shared/domain/run.js';
import { fixedClock, makeFacts, makeOrder, makeRun } from '../../support/fixtures.js';

const LOCAL = { ticket: '/sandbox/tickets/', order: '/sandbox/orders/', execution: '/sandbox/executions/' };

function mugAndPlates(): Run {
  const order = makeOrder({ title: 'Stoneware mug (Blue)' });
  const facts = makeFacts(
    {},
    { ...order, lineItems: [...order.lineItems, { ...order.lineItems[0]!, id: 'gid://shopify/LineItem/11008', title: 'Dinner plate' }] },
  );
  return makeRun({ runId: 'run-a', order: facts, ticket: { ...makeRun().ticket, ticketId: '5001', requesterName: 'Ana Souza' } });
}

describe('the case as a person reads it', () => {
  it('names the customer from the helpdesk, with the email from the ticket or else the order', () => {
    expect(customerOf(mugAndPlates())).toEqual({ name: 'Ana Souza', email: 'ana@example.com' });
    const noTicketEmail = mugAndPlates();
    noTicketEmail.ticket = { ...noTicketEmail.ticket, requesterEmail: null, requesterName: null };
    noTicketEmail.order = { ...noTicketEmail.order!, customerEmail: 'owner@example.com' };
    expect(customerOf(noTicketEmail)).toEqual({ name: null, email: 'owner@example.com' });
  });

  it('reads line items by their titles, and the id only when the title is unknown', () => {
    const run = mugAndPlates();
    expect(linesText(run, [{ lineItemId: 'gid://shopify/LineItem/11008', quantity: 2 }])).toBe('2 × Dinner plate');
    expect(lineTitle(run, '11008')).toBe('Dinner plate');
    expect(lineTitle(run, 'gid://shopify/LineItem/99999')).toBe('99999');
    expect(withLineTitles(run, 'preview 1 x 11008; refund gid://shopify/LineItem/11008 ok; order 1100800')).toBe(
      'preview 1 x Dinner plate; refund Dinner plate ok; order 1100800',
    );
  });

  it("shows times in the store's zone and money in its locale while a page renders in them", () => {
    const formats = createFormats({ locale: 'en-GB', timeZone: 'Europe/Budapest', now: new Date('2026-11-30T12:00:00Z') });
    const [shown, amount, page] = renderIn(formats, () => [time('2026-11-30T13:37:00Z'), money(6200, 'EUR'), layout(frame, '<p>x</p>')]);
    expect(shown).toContain('datetime="2026-11-30T13:37:00Z"');
    expect(shown).toMatch(/>Mon 30 Nov, 14:37 (CET|GMT\+1)</);
    expect(amount).toBe('€62.00');
    expect(page).toContain('Times in Europe/Budapest.');
    expect(page).toContain('<link rel="icon" href="data:image/svg+xml,');
    // Outside a page: UTC.
    expect(time('2026-11-30T13:37:00Z')).toMatch(/1:37\sPM UTC/);
  });

  it('puts every table in a box of its own that scrolls sideways, named by its caption', () => {
    const html = scrollingTables('<table><caption>Runs &amp; more</caption><tr><td>1</td></tr></table><table class="x"><tr><td>2</td></tr></table>');
    expect(html).toBe(
      '<div class="scroll" role="region" tabindex="0" aria-label="Runs &amp; more"><table><caption>Runs &amp; more</caption><tr><td>1</td></tr></table></div>' +
        '<div class="scroll" role="region" tabindex="0" aria-label="Table"><table class="x"><tr><td>2</td></tr></table></div>',
    );
  });
});

const frame = { title: 'Runs', nav: 'runs' as const, who: 'me', tenant: 'demo', environment: 'local' };

describe('links out', () => {
  it("links the ticket in the tenant's helpdesk, the order in Shopify admin and the execution in AWS when deployed", () => {
    const run = mugAndPlates();
    run.ticket = { ...run.ticket, helpdesk: 'zendesk' };
    const links = runLinks(run, {
      helpdesk: { kind: 'zendesk', baseUrl: 'https://acme.zendesk.com' },
      store: { domain: 'acme.myshopify.com' },
      stateMachineArn: 'arn:aws:states:eu-west-1:123456789012:stateMachine:refund-run',
      local: LOCAL,
    });
    expect(links.ticket).toEqual({ label: 'Ticket 5001 in Zendesk', url: 'https://acme.zendesk.com/agent/tickets/5001' });
    expect(links.order?.url).toBe('https://acme.myshopify.com/admin/orders/1001');
    expect(links.execution?.url).toContain('https://eu-west-1.console.aws.amazon.com/states/home');
  });

  it("links the sandbox's own pages locally, and nothing where there is nowhere to go", () => {
    const links = runLinks(mugAndPlates(), { local: LOCAL });
    expect(links).toEqual({
      ticket: { label: 'Ticket 5001 in the sandbox helpdesk', url: '/sandbox/tickets/5001' },
      order: { label: 'Order #1001 in the sandbox store', url: '/sandbox/orders/1001' },
      execution: { label: 'Execution in the local state machine', url: '/sandbox/executions/run-a' },
    });
    expect(runLinks(mugAndPlates(), {})).toEqual({ ticket: null, order: null, execution: null });
  });
});

describe('search', () => {
  const runs: Run[] = [
    mugAndPlates(),
    makeRun({ runId: 'run-b', ticket: { ...makeRun().ticket, ticketId: '5002', requesterEmail: 'ben@example.com', requesterName: 'Ben Carter' } }),
  ];
  const data = createConsoleData({
    tenant: 'demo',
    runs: { list: async () => runs } as never,
    journal: {} as never,
    findRunsByOrder: async () => [],
    decisions: {} as never,
    reviews: null,
    deadLetters: {} as never,
    shadow: {} as never,
    clock: fixedClock(),
  });
  const found = async (q: string) => (await data.listRuns({ page: 1, q })).rows.map((r) => r.runId);

  it("finds runs by part of the customer's email or name in any case, by order number and by ticket id", async () => {
    await expect(found('ana@exa')).resolves.toEqual(['run-a']);
    await expect(found('CARTER')).resolves.toEqual(['run-b']);
    await expect(found('#1001')).resolves.toEqual(['run-a']);
    await expect(found('5002')).resolves.toEqual(['run-b']);
    await expect(found('nobody')).resolves.toEqual([]);
  });

  it('carries the customer and the links on each row', async () => {
    const { rows } = await data.listRuns({ page: 1, q: 'ana' }, (run) => runLinks(run, { local: LOCAL }));
    expect(rows[0]).toMatchObject({ customer: { name: 'Ana Souza', email: 'ana@example.com' }, links: { order: { url: '/sandbox/orders/1001' } } });
  });
});
