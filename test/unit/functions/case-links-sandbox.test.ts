// The links an approval email and page give to check the case: the order and the ticket where they
// live; locally, where there is no Shopify admin or helpdesk UI, the sandbox's own pages of both.
import { describe, expect, it } from 'vitest';
import { caseLinks } from '#functions/shared/approvals/case-links.js';
import { makeOrder, makeRun } from '../../support/steps.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';

const run = makeRun({ runId: 'run-1', order: { ...toOrderFacts(makeOrder(), 0), binding: 'named' } as never });

describe('links to check the case', () => {
  it('locally: the order and the ticket on the sandbox pages, then the console', () => {
    const links = caseLinks(run, { sandboxPagesBaseUrl: 'http://127.0.0.1:4000/', consoleBaseUrl: 'http://127.0.0.1:4000' });
    expect(links.map((l) => l.label)).toEqual([
      `Order #${run.order!.orderNumber} in the sandbox store`,
      `Ticket ${run.ticket.ticketId} in the sandbox helpdesk`,
      'This run in the refund-agent console',
    ]);
    expect(links[0]!.url).toBe(`http://127.0.0.1:4000/sandbox/orders/${run.order!.orderNumber}`);
    expect(links[1]!.url).toBe(`http://127.0.0.1:4000/sandbox/tickets/${run.ticket.ticketId}`);
  });

  it('deployed (no sandbox pages): Shopify admin, never the sandbox', () => {
    const links = caseLinks(run, {
      store: { domain: 'shop.myshopify.com' },
      helpdesk: { kind: 'zendesk', baseUrl: 'https://shop.zendesk.com' },
    });
    expect(links.map((l) => l.label).join(' ')).not.toContain('sandbox');
    expect(links[0]!.url).toMatch(/^https:\/\/shop\.myshopify\.com\/admin\/orders\/\d+$/);
  });

  it('none without a base', () => {
    expect(caseLinks(run, {})).toEqual([]);
  });
});
