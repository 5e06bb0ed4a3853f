// The Shopify adapter's response handling on real Shopify answers (Gladly's recorded fixtures,
// trimmed to the fields our documents select): the Admin GraphQL client parses each raw body
// through an injected fetch (no network), the ShopifyApi maps it into the tool contracts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PreviewRefundOutput, RefundCreateOutput } from '#shared/contracts/tools.js';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { throttleWaitMs } from '#mcp/adapters/shopify/client.js';
import { ToolFailureError } from '#shared/contracts/errors.js';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures/shopify-gladly.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/**
 * A ShopifyApi whose requests are answered with `bodies` in turn, the last one from then on (HTTP 200,
 * as Shopify does for GraphQL errors).
 */
function apiAnswering(...bodies: unknown[]) {
  const sent: { query: string; variables: Record<string, unknown> }[] = [];
  const fetchFake: typeof fetch = async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)) as (typeof sent)[number]);
    const body = bodies[Math.min(sent.length - 1, bodies.length - 1)];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return {
    // No throttle retries: a THROTTLED answer comes straight back as the failure, with the wait it reports.
    api: createShopifyApi({
      graphql: createShopifyGraphqlClient({ shopUrl: 'https://shop.example', accessToken: 'shpat_x', fetch: fetchFake, throttle: { maxRetries: 0 } }),
    }),
    sent,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ToolFailureError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolFailureError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const refundInput = {
  orderId: 'gid://shopify/Order/5825492418711',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/13532516319383', quantity: 1 }],
  amount: { amountMinor: 3257, currency: 'USD' },
  parentTransactionId: 'gid://shopify/OrderTransaction/7011214688407',
  gateway: 'manual',
  note: 'Damaged on arrival',
  idempotencyKey: 'run-abc:refund:1',
};

/**
 * suggestedRefund's answer for refundInput (the shape of the recorded one, for its line and parent):
 * refund_create reads it before it writes, and sends its transactions.
 */
const usd = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });
const suggestionForRefundInput = {
  data: {
    order: {
      id: refundInput.orderId,
      currencyCode: 'USD',
      suggestedRefund: {
        amountSet: usd('32.57'),
        subtotalSet: usd('29.99'),
        totalTaxSet: usd('2.58'),
        maximumRefundableSet: usd('2997.11'),
        refundLineItems: [{ quantity: 1, lineItem: { id: refundInput.lineItems[0]!.lineItemId }, subtotalSet: usd('29.99') }],
        suggestedTransactions: [
          {
            kind: 'SUGGESTED_REFUND',
            gateway: 'manual',
            amountSet: usd('32.57'),
            maximumRefundableSet: usd('2801.69'),
            parentTransaction: { id: refundInput.parentTransactionId },
          },
        ],
      },
    },
  },
};

describe('Shopify responses (recorded fixtures)', () => {
  it('maps a real suggestedRefund into the preview: tax included, every parent transaction kept', async () => {
    const { api, sent } = apiAnswering(fixtures.suggestedRefund);
    const preview = await api.previewRefund({
      orderId: 'gid://shopify/Order/5825492418711',
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/13532516319383', quantity: 1 }],
    });
    expect(PreviewRefundOutput.parse(preview)).toEqual(preview);
    expect(preview).toMatchObject({
      amount: { amountMinor: 3257, currency: 'USD' },
      subtotal: { amountMinor: 2999, currency: 'USD' },
      totalTax: { amountMinor: 258, currency: 'USD' },
      maximumRefundable: { amountMinor: 299_711, currency: 'USD' },
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/13715390464151', quantity: 1, subtotal: { amountMinor: 2999, currency: 'USD' } }],
    });
    expect(preview.transactions.map((t) => [t.parentTransactionId, t.amount.amountMinor, t.maximumRefundable?.amountMinor])).toEqual([
      ['gid://shopify/OrderTransaction/7126018261143', 3257, 280_169],
      ['gid://shopify/OrderTransaction/7126027993239', 0, 3257],
      ['gid://shopify/OrderTransaction/7126032318615', 0, 3257],
      ['gid://shopify/OrderTransaction/7126050570391', 0, 13_028],
    ]);
    expect(sent[0]?.variables).toEqual({
      id: 'gid://shopify/Order/5825492418711',
      refundLineItems: [{ lineItemId: 'gid://shopify/LineItem/13532516319383', quantity: 1, restockType: 'NO_RESTOCK' }],
      refundShipping: false,
      refundDuties: [],
    });
  });

  it('reads a real refundCreate success, and sends line items, the parent transaction and the key', async () => {
    const { api, sent } = apiAnswering(suggestionForRefundInput, fixtures.refundCreateSuccess);
    const refund = await api.createRefund(refundInput);
    expect(RefundCreateOutput.parse(refund)).toEqual({
      refundId: 'gid://shopify/Refund/903220265111',
      orderId: refundInput.orderId,
      amount: { amountMinor: 3257, currency: 'USD' },
      createdAt: '2025-04-02T10:20:19Z',
      method: 'original_payment',
    });
    expect(sent[0]?.query).toMatch(/suggestedRefund\(\s*refundLineItems: \$refundLineItems/);
    expect(sent[1]?.query).toMatch(/@idempotent\(key: \$idempotencyKey\)/);
    expect(sent[1]?.variables).toEqual({
      idempotencyKey: 'run-abc:refund:1',
      input: {
        orderId: refundInput.orderId,
        currency: 'USD',
        note: 'Damaged on arrival',
        notify: false,
        refundLineItems: [{ lineItemId: 'gid://shopify/LineItem/13532516319383', quantity: 1, restockType: 'NO_RESTOCK' }],
        transactions: [{ orderId: refundInput.orderId, parentId: refundInput.parentTransactionId, gateway: 'manual', kind: 'REFUND', amount: '32.57' }],
      },
    });
  });

  it('turns refundCreate userErrors into invalid with every field named, and a missing order into not_found', async () => {
    const invalid = await failureOf(apiAnswering(suggestionForRefundInput, fixtures.refundCreateUserErrors).api.createRefund(refundInput));
    expect(invalid.category).toBe('invalid');
    expect(invalid.message).toContain('transactions: Transactions require a parent_id associated with the order');
    expect(invalid.message).toContain("refundLineItems.0.lineItemId: Line item can't be blank");
    expect((await failureOf(apiAnswering(suggestionForRefundInput, fixtures.refundCreateOrderNotFound).api.createRefund(refundInput))).category).toBe(
      'not_found',
    );
  });

  it('treats top-level GraphQL errors as invalid requests, even when data is null', async () => {
    const argument = await failureOf(apiAnswering(fixtures.topLevelArgumentNotAccepted).api.getOrderByNumber('1007'));
    expect(argument).toMatchObject({ category: 'invalid', message: expect.stringContaining('Some error!') });
    const nullData = await failureOf(apiAnswering(fixtures.queryErrorWithNullData).api.getOrderByNumber('1007'));
    expect(nullData).toMatchObject({ category: 'invalid', message: expect.stringContaining("doesn't accept argument 'unknown'") });
  });

  it('says not_found for a real empty order search', async () => {
    expect((await failureOf(apiAnswering(fixtures.orderNotFound).api.getOrderByNumber('1007'))).category).toBe('not_found');
  });

  it('computes the wait after THROTTLED from the cost report, or falls back to one second', async () => {
    const throttled = (cost: unknown) => ({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost } });
    const withCost = await failureOf(
      apiAnswering(
        throttled({
          requestedQueryCost: 83,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 3, restoreRate: 100 },
        }),
      ).api.getOrderByNumber('1007'),
    );
    expect(withCost).toMatchObject({ category: 'temporarily_unavailable', retryAfterMs: 800 });
    expect(await failureOf(apiAnswering(throttled(undefined)).api.getOrderByNumber('1007'))).toMatchObject({ retryAfterMs: 1000 });
    expect(throttleWaitMs({ requestedQueryCost: 10, throttleStatus: { currentlyAvailable: 500, restoreRate: 50 } })).toBe(0);
  });

  it('refuses ids that are not what the tool expects before sending anything', async () => {
    const { api, sent } = apiAnswering(fixtures.orderNotFound);
    expect((await failureOf(api.previewRefund({ orderId: '5825492418711', lineItems: [{ lineItemId: 'x', quantity: 1 }] }))).category).toBe('invalid');
    expect((await failureOf(api.getOrderById('gid://shopify/Customer/1'))).category).toBe('invalid');
    expect((await failureOf(api.getRefundHistory({ customerId: '7003 OR name:#1001', sinceDays: 90, now: new Date() }))).category).toBe('invalid');
    expect(sent).toEqual([]);
  });
});
