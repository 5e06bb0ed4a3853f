// The Shopify adapter's two money sets (#23, Shopify Markets), without a server: a MoneyBag reads as
// the shop's figure with the presentment one beside it only when the currencies differ (a
// single-currency order reads exactly as before), and a refund whose arguments carry a presentment
// amount is sent in that currency: refundCreate's `currency` and every transaction's amount, taken
// from the suggestion's presentmentMoney.
import { describe, expect, it } from 'vitest';
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import { toMoney, type SuggestedRefundNode } from '#mcp/adapters/shopify/mappers.js';
import { refundTransactions } from '#mcp/adapters/shopify/refund-split.js';
import { refundCreateVariables } from '#mcp/adapters/shopify/shopify-api.js';

const bag = (usd: string, eur: string) => ({ shopMoney: { amount: usd, currencyCode: 'USD' }, presentmentMoney: { amount: eur, currencyCode: 'EUR' } });
const LINE = 'gid://shopify/LineItem/1';
const CARD = 'gid://shopify/OrderTransaction/1';
const GIFT = 'gid://shopify/OrderTransaction/2';

const input: RefundCreateInput = {
  orderId: 'gid://shopify/Order/1',
  lineItems: [{ lineItemId: LINE, quantity: 1 }],
  amount: { amountMinor: 4500, currency: 'USD', presentment: { amountMinor: 4160, currency: 'EUR' } },
  parentTransactionId: CARD,
  gateway: 'shopify_payments',
  note: 'refund-agent run run-1: damaged',
  idempotencyKey: 'ra1_presentment',
};

describe('Shopify adapter: presentment money', () => {
  it('reads a MoneyBag as the shop figure, with the presentment one beside it only when it differs', () => {
    expect(toMoney(bag('45.00', '41.60'))).toEqual({ amountMinor: 4500, currency: 'USD', presentment: { amountMinor: 4160, currency: 'EUR' } });
    const usdOnly = { shopMoney: { amount: '45.00', currencyCode: 'USD' }, presentmentMoney: { amount: '45.00', currencyCode: 'USD' } };
    expect(toMoney(usdOnly)).toEqual({ amountMinor: 4500, currency: 'USD' });
    expect(toMoney({ shopMoney: { amount: '45.00', currencyCode: 'USD' } })).toEqual({ amountMinor: 4500, currency: 'USD' });
  });

  it('sends the refund in euros: the currency and each transaction in EUR, split as the suggestion splits the euros', () => {
    const suggestion: SuggestedRefundNode = {
      amountSet: bag('45.00', '41.60'),
      subtotalSet: bag('45.00', '41.60'),
      totalTaxSet: bag('0.00', '0.00'),
      maximumRefundableSet: bag('45.00', '41.60'),
      refundLineItems: [{ quantity: 1, lineItem: { id: LINE }, subtotalSet: bag('45.00', '41.60') }],
      suggestedTransactions: [
        { gateway: 'gift_card', amountSet: bag('10.00', '9.25'), maximumRefundableSet: bag('10.00', '9.25'), parentTransaction: { id: GIFT } },
        { gateway: 'shopify_payments', amountSet: bag('35.00', '32.35'), maximumRefundableSet: bag('35.00', '32.35'), parentTransaction: { id: CARD } },
      ],
    };
    const transactions = refundTransactions(input, suggestion);
    expect(transactions).toEqual([
      { parentId: GIFT, gateway: 'gift_card', amountMinor: 925 },
      { parentId: CARD, gateway: 'shopify_payments', amountMinor: 3235 },
    ]);
    const variables = refundCreateVariables(input, transactions);
    expect(variables.input.currency).toBe('EUR');
    expect(variables.input.transactions?.map((t) => t.amount)).toEqual(['9.25', '32.35']);
  });

  it('sends a refund without a presentment amount in the shop currency, as before', () => {
    const variables = refundCreateVariables({ ...input, amount: { amountMinor: 4500, currency: 'USD' } });
    expect(variables.input.currency).toBe('USD');
    expect(variables.input.transactions).toEqual([expect.objectContaining({ parentId: CARD, amount: '45.00' })]);
  });
});
