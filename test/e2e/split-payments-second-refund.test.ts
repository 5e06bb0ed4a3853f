// A second refund on an order paid by gift card and card (#23), through the local runtime: order 1001
// holds a $10 vase and an $8 mug, paid $10 by gift card, then $8 by card. A first ticket about the
// vase uses up the gift card (Shopify fills payments in the order they were made). The store then no
// longer suggests the gift card, so the harness must name the card as the parent of the next refund:
// a second ticket about the mug is refunded from the card, exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { APPROVER, postWebhook, refundTransactions, SECRET, settled, storeRefunds, ticketCreated, waitForRun, type RunView } from '../support/local-runtime.js';

const GIFT_CARD = 'gid://shopify/OrderTransaction/10011';
const CARD = 'gid://shopify/OrderTransaction/10012';

function vaseAndMugPaidTwoWays() {
  const demo = demoFixture();
  return {
    ...demo,
    // Ana's two tickets, one per line.
    helpdesk: {
      ...demo.helpdesk,
      tickets: [
        ...demo.helpdesk.tickets,
        { id: '5101', requesterId: '9001', subject: 'Vase arrived cracked' },
        { id: '5102', requesterId: '9001', subject: 'Mug arrived chipped' },
      ],
    },
    orders: demo.orders.map((o) =>
      o.number === 1001
        ? {
            ...o,
            lineItems: [
              { id: '11010', title: 'Ceramic vase', sku: 'VASE-CER', quantity: 1, unitPriceMinor: 1000 },
              { ...o.lineItems[0]!, unitPriceMinor: 800 },
            ],
            payments: [
              { gateway: 'gift_card', amountMinor: 1000 },
              { gateway: 'shopify_payments', amountMinor: 800 },
            ],
          }
        : o,
    ),
  };
}

const refundsSent = (run: RunView) => run.journal.filter((row) => row.kind === 'tool' && row.name === 'refund_create' && row.outcome === 'ok');

async function ticket(rt: LocalRuntime, ticketId: string, text: string): Promise<RunView> {
  const { json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId: '9001', text }));
  return waitForRun(rt, json.runId as string, settled);
}

describe('a second refund on an order whose gift card the first refund used up', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({
      port: 0,
      fixture: vaseAndMugPaidTwoWays(),
      tenant: 'demo',
      approverEmails: [APPROVER],
      zendeskSecret: SECRET,
      retryIntervalMs: 0,
    });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('refunds the vase from the gift card, then the mug from the card, each once', async () => {
    const first = await ticket(rt, '5101', 'Hi, the ceramic vase in order 1001 arrived cracked. Can I get a refund?');
    expect(first.status).toBe('done');
    expect(first.refund).toMatchObject({ amountMinor: 1000, currency: 'USD' });
    expect(refundsSent(first)).toHaveLength(1);
    expect(await refundTransactions(rt, '1001')).toEqual([[{ gateway: 'gift_card', amount: '10.00', parent: GIFT_CARD }]]);

    const second = await ticket(rt, '5102', 'Hello again, the stoneware mug in order 1001 arrived chipped too. Please refund it.');
    expect(second.status).toBe('done');
    expect(second.gate).toMatchObject({ decision: 'auto', amountMinor: 800, currency: 'USD' });
    expect(second.refund).toMatchObject({ amountMinor: 800, currency: 'USD' });
    expect(refundsSent(second)).toHaveLength(1);
    // The harness named the card and the store's dry run agreed: no refusal on the way.
    expect(second.journal.filter((row) => row.name === 'refund_create' && row.outcome === 'refused')).toEqual([]);

    expect(await storeRefunds(rt, '1001')).toEqual([
      expect.objectContaining({ amount: '10.00', currency: 'USD' }),
      expect.objectContaining({ amount: '8.00', currency: 'USD' }),
    ]);
    expect(await refundTransactions(rt, '1001')).toEqual([
      [{ gateway: 'gift_card', amount: '10.00', parent: GIFT_CARD }],
      [{ gateway: 'shopify_payments', amount: '8.00', parent: CARD }],
    ]);
  });
});
