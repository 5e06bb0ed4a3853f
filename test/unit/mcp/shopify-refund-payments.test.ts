// Where a refund paid back, as get_order reads it from Shopify: each REFUND transaction of a refund
// becomes a payment, to a card (brand and last four digits of its masked number), to store credit, or
// to another gateway, with its status, amount and processed time; a refund with more transactions
// than its page is reported as truncated.
import { describe, expect, it } from 'vitest';
import { Order, RefundPayment } from '#shared/contracts/tools.js';
import { toOrder, toRefundSummary, type MoneyNode, type OrderNode, type RefundNode } from '#mcp/adapters/shopify/mappers.js';
import { cardLast4, type RefundTransactionNode } from '#mcp/adapters/shopify/refund-payments.js';
import { SHOPIFY_DOCUMENTS } from '#mcp/adapters/shopify/index.js';
import { PAGE } from '#mcp/adapters/shopify/queries.js';

const money = (amount: string, presentment?: string): MoneyNode => ({
  shopMoney: { amount, currencyCode: 'USD' },
  ...(presentment ? { presentmentMoney: { amount: presentment, currencyCode: 'EUR' } } : {}),
});
const transaction = (overrides: Partial<RefundTransactionNode<MoneyNode>> = {}): RefundTransactionNode<MoneyNode> => ({
  kind: 'REFUND',
  status: 'SUCCESS',
  gateway: 'shopify_payments',
  amountSet: money('18.00'),
  processedAt: '2026-11-28T09:30:00Z',
  paymentDetails: { company: 'Visa', number: '•••• •••• •••• 4242' },
  ...overrides,
});
const refund = (nodes: RefundTransactionNode<MoneyNode>[], hasNextPage = false): RefundNode => ({
  id: 'gid://shopify/Refund/9',
  createdAt: '2026-11-28T09:29:00Z',
  totalRefundedSet: money('18.00'),
  refundLineItems: { nodes: [], pageInfo: { hasNextPage: false } },
  transactions: { nodes, pageInfo: { hasNextPage } },
});
const paymentsOf = (...nodes: RefundTransactionNode<MoneyNode>[]) => toRefundSummary(refund(nodes)).payments;

describe('a refund’s payments', () => {
  it('reads a refund to a card as its brand and the last four digits of the masked number', () => {
    expect(paymentsOf(transaction())).toEqual([
      {
        method: 'card',
        gateway: 'shopify_payments',
        status: 'SUCCESS',
        amount: { amountMinor: 1800, currency: 'USD' },
        processedAt: '2026-11-28T09:30:00Z',
        cardBrand: 'Visa',
        cardLast4: '4242',
      },
    ]);
  });

  it('reads a refund to store credit as store_credit, with no card', () => {
    const [payment] = paymentsOf(transaction({ gateway: 'shopify_store_credit', paymentDetails: null }))!;
    expect(payment).toMatchObject({ method: 'store_credit', gateway: 'shopify_store_credit', cardBrand: null, cardLast4: null });
  });

  it('reads a refund to another gateway (a gift card, PayPal details that are not a card’s) as other', () => {
    const payments = paymentsOf(transaction({ gateway: 'gift_card', paymentDetails: null }), transaction({ gateway: 'paypal', paymentDetails: {} }));
    expect(payments?.map((p) => [p.method, p.gateway, p.cardBrand, p.cardLast4])).toEqual([
      ['other', 'gift_card', null, null],
      ['other', 'paypal', null, null],
    ]);
  });

  it('keeps a card whose masked number does not end in four digits, with no last four', () => {
    const [payment] = paymentsOf(transaction({ paymentDetails: { company: 'Mastercard', number: '•••• ••42' } }))!;
    expect(payment).toMatchObject({ method: 'card', cardBrand: 'Mastercard', cardLast4: null });
    expect([cardLast4('•••• •••• •••• 4242'), cardLast4('4242'), cardLast4('•••• 12345'), cardLast4(null), cardLast4('')]).toEqual([
      '4242',
      '4242',
      null,
      null,
      null,
    ]);
  });

  it('keeps each payment’s status, the presentment money, and a processed time Shopify leaves out as null', () => {
    const [payment] = paymentsOf(transaction({ status: 'PENDING', amountSet: money('18.00', '16.60'), processedAt: null }))!;
    expect(payment).toMatchObject({
      status: 'PENDING',
      amount: { amountMinor: 1800, currency: 'USD', presentment: { amountMinor: 1660, currency: 'EUR' } },
      processedAt: null,
    });
  });

  it('counts only REFUND transactions, and gives valid payments of the contract', () => {
    const payments = paymentsOf(transaction(), transaction({ kind: 'SALE' }))!;
    expect(payments).toHaveLength(1);
    expect(payments.map((p) => RefundPayment.parse(p))).toEqual(payments);
  });

  it('has no payments for a refund read without its transactions (the documents that look for a run’s refund)', () => {
    const { transactions: _left, ...withoutTransactions } = refund([transaction()]);
    expect(toRefundSummary(withoutTransactions)).not.toHaveProperty('payments');
  });
});

describe('get_order: refund payments on the order', () => {
  const order = (refunds: RefundNode[]): OrderNode => ({
    id: 'gid://shopify/Order/1001',
    name: '#1001',
    createdAt: '2026-11-24T12:00:00Z',
    currencyCode: 'USD',
    displayFinancialStatus: 'REFUNDED',
    note: null,
    customer: null,
    fulfillments: [],
    transactions: [],
    refunds,
    suggestedRefund: null,
  });

  it('asks Shopify for each refund’s transactions, a small page, with the card’s brand and masked number', () => {
    expect(SHOPIFY_DOCUMENTS.ORDER_BY_ID).toMatch(
      new RegExp(
        `transactions\\(first: ${PAGE.refundTransactions}\\) \\{\\s*nodes \\{ kind status gateway processedAt amountSet \\{ .+? \\} paymentDetails \\{ \\.\\.\\. on CardPaymentDetails \\{ company number \\} \\} \\}\\s*pageInfo \\{ hasNextPage \\}`,
      ),
    );
  });

  it('says truncated, naming the refund, when a refund has more transactions than its page', () => {
    const read = toOrder(order([refund([transaction(), transaction({ gateway: 'gift_card', paymentDetails: null })], true)]), []);
    expect(read).toMatchObject({ truncated: true, truncatedLists: [{ list: 'refunds[0].transactions', seen: 2 }] });
    expect(Order.parse(read).refunds[0]?.payments).toHaveLength(2);
  });
});
