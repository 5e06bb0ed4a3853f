// Split payments end to end (#23), through the local runtime: the demo's order 1001 (an $18 mug) paid
// $10 by gift card and $8 by card. A customer's "it arrived cracked" ticket is refunded automatically
// ($18 is under the $50 limit) across both payments, exactly once: the sandbox store shows one refund
// whose two REFUND transactions (gift card first, payments.ts says why) add up to it, and the run's
// journal one refund_create that moved money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { APPROVER, postWebhook, refundTransactions, SECRET, settled, storeRefunds, ticketCreated, waitForRun } from '../support/local-runtime.js';

function giftCardAndCard() {
  const demo = demoFixture();
  return {
    ...demo,
    orders: demo.orders.map((o) =>
      o.number === 1001
        ? {
            ...o,
            payments: [
              { gateway: 'gift_card', amountMinor: 1000 },
              { gateway: 'shopify_payments', amountMinor: 800 },
            ],
          }
        : o,
    ),
  };
}

describe('an order paid by gift card and card', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({
      port: 0,
      fixture: giftCardAndCard(),
      tenant: 'demo',
      approverEmails: [APPROVER],
      zendeskSecret: SECRET,
      retryIntervalMs: 0,
    });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('is refunded across both payments, once, and the store shows two refund transactions adding up to the refund', async () => {
    const text = 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 1800, currency: 'USD' });
    expect(run.refund).toMatchObject({ amountMinor: 1800, currency: 'USD' });
    const sent = run.journal.filter((row) => row.kind === 'tool' && row.name === 'refund_create' && row.outcome === 'ok');
    expect(sent).toHaveLength(1);

    expect(await storeRefunds(rt, '1001')).toEqual([expect.objectContaining({ amount: '18.00', currency: 'USD' })]);
    const [transactions] = await refundTransactions(rt, '1001');
    expect(transactions).toEqual([
      { gateway: 'gift_card', amount: '10.00', parent: 'gid://shopify/OrderTransaction/10011' },
      { gateway: 'shopify_payments', amount: '8.00', parent: 'gid://shopify/OrderTransaction/10012' },
    ]);
    expect(transactions!.reduce((n, t) => n + Number(t.amount) * 100, 0)).toBe(1800);
  });
});
