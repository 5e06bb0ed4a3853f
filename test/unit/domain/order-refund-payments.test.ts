// The order facts keep where each earlier refund paid back, as get_order said it: a card with its
// brand and last four digits, store credit, or another gateway, each with its status, the amount in
// the shop's currency and when it was processed; a refund read without its payments has none.
import { describe, expect, it } from 'vitest';
import type { Order, RefundPayment } from '#shared/contracts/tools.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { OrderFacts } from '#harness/domain/types.js';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const payment = (overrides: Partial<RefundPayment> = {}): RefundPayment => ({
  method: 'card',
  gateway: 'shopify_payments',
  status: 'SUCCESS',
  amount: usd(1800),
  processedAt: '2026-11-28T09:30:00Z',
  cardBrand: 'Visa',
  cardLast4: '4242',
  ...overrides,
});

function orderWith(refunds: Order['refunds']): Order {
  return {
    id: 'gid://shopify/Order/1001',
    number: '1001',
    name: '#1001',
    createdAt: '2026-11-24T12:00:00Z',
    currency: 'USD',
    customer: { id: 'gid://shopify/Customer/7001', email: 'ana@example.com' },
    displayFinancialStatus: 'PARTIALLY_REFUNDED',
    lineItems: [{ id: 'gid://shopify/LineItem/11001', title: 'Stoneware mug', sku: 'MUG', quantity: 2, refundableQuantity: 1, unitPrice: usd(1800) }],
    fulfillments: [],
    transactions: [{ id: 'gid://shopify/OrderTransaction/10011', kind: 'SALE', status: 'SUCCESS', gateway: 'shopify_payments', amount: usd(3600) }],
    refunds,
    maximumRefundable: usd(1800),
    note: null,
  };
}
const refund = (payments?: RefundPayment[]): Order['refunds'][number] => ({
  id: 'gid://shopify/Refund/9',
  createdAt: '2026-11-28T09:29:00Z',
  amount: usd(1800),
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }],
  ...(payments ? { payments } : {}),
});
const paymentsOf = (payments?: RefundPayment[]) => toOrderFacts(orderWith([refund(payments)]), 0).refunds?.[0]?.payments;

describe('order facts: where a refund paid back', () => {
  it('keeps a card refund with its brand, last four digits, status, amount and processed time', () => {
    expect(paymentsOf([payment()])).toEqual([
      { method: 'card', status: 'SUCCESS', amountMinor: 1800, processedAt: '2026-11-28T09:30:00Z', cardBrand: 'Visa', cardLast4: '4242' },
    ]);
  });

  it('keeps a store-credit refund and one to another gateway without a card', () => {
    const facts = paymentsOf([
      payment({ method: 'store_credit', gateway: 'shopify_store_credit', amount: usd(1000), cardBrand: null, cardLast4: null }),
      payment({ method: 'other', gateway: 'gift_card', amount: usd(800), processedAt: null, cardBrand: null, cardLast4: null }),
    ]);
    expect(facts).toEqual([
      { method: 'store_credit', status: 'SUCCESS', amountMinor: 1000, processedAt: '2026-11-28T09:30:00Z', cardBrand: null, cardLast4: null },
      { method: 'other', status: 'SUCCESS', amountMinor: 800, processedAt: null, cardBrand: null, cardLast4: null },
    ]);
  });

  it('keeps a card whose last four digits the store did not give', () => {
    expect(paymentsOf([payment({ cardBrand: 'Mastercard', cardLast4: null, status: 'PENDING' })])).toEqual([
      expect.objectContaining({ method: 'card', status: 'PENDING', cardBrand: 'Mastercard', cardLast4: null }),
    ]);
  });

  it('counts the shop’s money when the customer paid in another currency', () => {
    const paid = { amountMinor: 1800, currency: 'USD', presentment: { amountMinor: 1660, currency: 'EUR' } };
    expect(paymentsOf([payment({ amount: paid })])?.[0]?.amountMinor).toBe(1800);
  });

  it('leaves payments out when the refund was read without them', () => {
    const facts = toOrderFacts(orderWith([refund()]), 0);
    expect(facts.refunds?.[0]).not.toHaveProperty('payments');
  });

  it('gives facts the OrderFacts schema accepts as they are', () => {
    const facts = toOrderFacts(orderWith([refund([payment(), payment({ method: 'store_credit', cardBrand: null, cardLast4: null })])]), 0);
    expect(OrderFacts.parse(facts).refunds?.[0]?.payments).toEqual(facts.refunds?.[0]?.payments);
  });
});
