// Presentment currencies (#23, Shopify Markets): the Shopify adapter against the sandbox store over
// real HTTP and GraphQL, for a USD store's order the customer paid in euros. get_order carries both
// money sets (the shop's figure as before, the euro one beside it), the preview too, and a refund
// whose arguments carry the presentment amount is sent in euros (refundCreate's `currency` and its
// transactions) and answered with both figures; one that leaves it out, or asks more euros than the
// suggestion, is refused before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import { createShopifyApi, createShopifyGraphqlClient, type ShopifyApi } from '#mcp/adapters/shopify/index.js';
import { RefundSplitMismatchError } from '#mcp/adapters/shopify/refund-split.js';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN } from '../../support/sandboxes.js';

const ORDER = 'gid://shopify/Order/5401';
const MUG = 'gid://shopify/LineItem/54011';
const BOWL = 'gid://shopify/LineItem/54012';
const SALE = 'gid://shopify/OrderTransaction/54011';
const usdEur = (usd: number, eur: number) => ({ amountMinor: usd, currency: 'USD', presentment: { amountMinor: eur, currency: 'EUR' } });

/** A $45 mug (€41.60) and two $10 bowls (€9.25 each): $65.00, paid €60.10. */
function fixture() {
  const f = demoFixture();
  f.orders.push({
    number: 5401,
    customerId: '7001',
    createdDaysAgo: 5,
    fulfilledDaysAgo: 3,
    presentmentCurrency: 'EUR',
    lineItems: [
      { id: '54011', title: 'Stoneware mug', sku: 'MUG', quantity: 1, unitPriceMinor: 4500, presentmentUnitPriceMinor: 4160 },
      { id: '54012', title: 'Nesting bowl', sku: 'BOWL', quantity: 2, unitPriceMinor: 1000, presentmentUnitPriceMinor: 925 },
    ],
  });
  return f;
}

let store: SandboxStore;
let shopify: ShopifyApi;
beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
  shopify = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN, timeoutMs: 5000 }) });
});
afterAll(() => store.close());

const refund = (lineItemId: string, quantity: number, amount: RefundCreateInput['amount'], key: string): RefundCreateInput => ({
  orderId: ORDER,
  lineItems: [{ lineItemId, quantity }],
  amount,
  parentTransactionId: SALE,
  gateway: 'shopify_payments',
  note: `refund-agent run ${key}: damaged`,
  idempotencyKey: `key-presentment-${key}`,
});

describe('Shopify adapter: an order paid in another currency (Shopify Markets)', () => {
  it('reads the order with both money sets: the shop figures unchanged, the euro ones beside them', async () => {
    const order = await shopify.getOrderById(ORDER);
    expect(order.currency).toBe('USD');
    expect(order.presentmentCurrency).toBe('EUR');
    expect(order.lineItems.map((l) => l.unitPrice)).toEqual([usdEur(4500, 4160), usdEur(1000, 925)]);
    expect(order.transactions.map((t) => t.amount)).toEqual([usdEur(6500, 6010)]);
    expect(order.maximumRefundable).toEqual(usdEur(6500, 6010));
  });

  it('previews the bowls as €18.50 ($20.00), suggested back to the sale in both', async () => {
    const preview = await shopify.previewRefund({ orderId: ORDER, lineItems: [{ lineItemId: BOWL, quantity: 2 }] });
    expect(preview.amount).toEqual(usdEur(2000, 1850));
    expect(preview.transactions).toEqual([
      { parentTransactionId: SALE, gateway: 'shopify_payments', amount: usdEur(2000, 1850), maximumRefundable: usdEur(6500, 6010) },
    ]);
  });

  it('refuses, before sending, more euros than the suggestion offers for the lines', async () => {
    await expect(shopify.createRefund(refund(BOWL, 2, usdEur(2000, 1851), 'over'))).rejects.toBeInstanceOf(RefundSplitMismatchError);
    expect(store.store.createdRefunds).toEqual([]);
  });

  it('refuses, before sending, arguments that leave the customer’s currency out (the refund would be in dollars)', async () => {
    const dollars = shopify.createRefund(refund(BOWL, 2, { amountMinor: 2000, currency: 'USD' }, 'dollars'));
    await expect(dollars).rejects.toThrow(/suggests a refund in EUR, not USD/);
    expect(store.store.createdRefunds).toEqual([]);
  });

  it('refunds the mug in euros: €41.60 back to the customer, $45.00 in the shop’s books, answered with both', async () => {
    const made = await shopify.createRefund(refund(MUG, 1, usdEur(4500, 4160), 'mug'));
    expect(made.amount).toEqual(usdEur(4500, 4160));
    const [created] = store.store.createdRefunds;
    expect(created).toMatchObject({ amountMinor: 4500, presentmentAmountMinor: 4160 });
    const after = await shopify.getOrderById(ORDER);
    expect(after.refunds.map((r) => r.amount)).toEqual([usdEur(4500, 4160)]);
    expect(after.maximumRefundable).toEqual(usdEur(2000, 1850));
  });

  it('answers a resend of the same refund with the refund made, not a second one', async () => {
    const again = await shopify.createRefund(refund(MUG, 1, usdEur(4500, 4160), 'mug'));
    expect(again.amount).toEqual(usdEur(4500, 4160));
    expect(store.store.createdRefunds).toHaveLength(1);
  });
});
