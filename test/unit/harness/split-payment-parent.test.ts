// The refund's parent on an order paid several ways (#23): code picks the first payment that still
// has money to refund, so once the gift card (paid first) is refunded in full the next refund names
// the card, and the store's preview (which no longer suggests the gift card) agrees with it. A
// preview whose parents are not the order's payments is still refused, and nothing is sent.
import { describe, expect, it } from 'vitest';
import { buildRefundArguments } from '#harness/gateway/refund-arguments.js';
import { comparePreview } from '#harness/gateway/preview.js';
import { paymentIds, refundablePayments, toOrderFacts } from '#harness/domain/order-facts.js';
import { ArgumentPolicyError } from '#harness/errors.js';
import type { Order, PreviewRefundOutput } from '#shared/contracts/tools.js';
import { makeOrder, makeProposal } from '../../support/fixtures.js';
import { setupHarness } from '../../support/harness.js';
import { gatedRun, refundCtx } from './refund-runs.js';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const GIFT_CARD = 'gid://shopify/OrderTransaction/10011';
const CARD = 'gid://shopify/OrderTransaction/10012';
const MUG = 'gid://shopify/LineItem/10011';
const VASE = 'gid://shopify/LineItem/10012';
const sale = (id: string, gateway: string, amountMinor: number) => ({ id, kind: 'SALE', status: 'SUCCESS', gateway, amount: usd(amountMinor) });
const giftCardRefund = (amountMinor: number) => ({
  id: 'gid://shopify/OrderTransaction/10013',
  kind: 'REFUND',
  status: 'SUCCESS',
  gateway: 'gift_card',
  amount: usd(amountMinor),
});

/** $18 paid $10 by gift card, then $8 by card: an $8 mug still to refund and a $10 vase refunded (`vaseRefundedMinor` of it back to the gift card). */
function giftCardThenCard(vaseRefundedMinor: number): Order {
  const base = makeOrder({ unitPriceMinor: 800 });
  const vaseRefunded = vaseRefundedMinor > 0;
  return {
    ...base,
    lineItems: [base.lineItems[0]!, { id: VASE, title: 'Vase', sku: 'VASE', quantity: 1, refundableQuantity: vaseRefunded ? 0 : 1, unitPrice: usd(1000) }],
    fulfillments: [{ id: 'gid://shopify/Fulfillment/1', createdAt: base.fulfillments[0]!.createdAt, status: 'SUCCESS', lineItemIds: [MUG, VASE] }],
    transactions: [sale(GIFT_CARD, 'gift_card', 1000), sale(CARD, 'shopify_payments', 800), ...(vaseRefunded ? [giftCardRefund(vaseRefundedMinor)] : [])],
    refunds: vaseRefunded
      ? [{ id: 'gid://shopify/Refund/1', createdAt: base.createdAt, amount: usd(vaseRefundedMinor), lineItems: [{ lineItemId: VASE, quantity: 1 }] }]
      : [],
    maximumRefundable: usd(1800 - vaseRefundedMinor),
  };
}

/** What Shopify suggests for the mug: the payments with money left, filled in the order they were made. */
function preview(order: Order, transactions: PreviewRefundOutput['transactions']): PreviewRefundOutput {
  return {
    orderId: order.id,
    amount: usd(800),
    subtotal: usd(800),
    totalTax: usd(0),
    maximumRefundable: order.maximumRefundable,
    lineItems: [{ lineItemId: MUG, quantity: 1, subtotal: usd(800) }],
    transactions,
  };
}
const suggested = (parentTransactionId: string | null, gateway: string, amountMinor: number) => ({
  parentTransactionId,
  gateway,
  amount: usd(amountMinor),
  maximumRefundable: usd(amountMinor),
});

function mugArguments(order: Order) {
  const facts = toOrderFacts(order, 0);
  return buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: makeProposal(facts), facts });
}

describe('the parent of a refund on an order paid by gift card, then card', () => {
  it('is the gift card while it has money left, partly refunded or not', () => {
    expect(toOrderFacts(giftCardThenCard(0), 0).parentTransaction).toEqual({ id: GIFT_CARD, gateway: 'gift_card' });
    expect(toOrderFacts(giftCardThenCard(400), 0).parentTransaction).toEqual({ id: GIFT_CARD, gateway: 'gift_card' });
    expect(refundablePayments(giftCardThenCard(400)).map((p) => [p.payment.id, p.leftMinor])).toEqual([
      [GIFT_CARD, 600],
      [CARD, 800],
    ]);
  });

  it('is the card once the gift card is refunded in full, and the preview that no longer suggests the gift card agrees', () => {
    const order = giftCardThenCard(1000);
    expect(toOrderFacts(order, 0).parentTransaction).toEqual({ id: CARD, gateway: 'shopify_payments' });
    const args = mugArguments(order);
    expect(args).toMatchObject({ parentTransactionId: CARD, gateway: 'shopify_payments', amount: usd(800) });
    expect(comparePreview(args, preview(order, [suggested(CARD, 'shopify_payments', 800)]), paymentIds(order))).toBeNull();
  });

  it('is the first payment again when every payment is refunded (nothing is left; the policy refuses it)', () => {
    const order = {
      ...giftCardThenCard(1000),
      transactions: [...giftCardThenCard(1000).transactions, { ...sale('r2', 'shopify_payments', 800), kind: 'REFUND' }],
    };
    expect(toOrderFacts(order, 0).parentTransaction).toEqual({ id: GIFT_CARD, gateway: 'gift_card' });
  });
});

describe('comparePreview on the parents the store suggests', () => {
  const order = giftCardThenCard(1000);
  const args = mugArguments(order);
  const payments = paymentIds(order);

  it('refuses a preview whose parents are not payments of the order, spread over several or not', () => {
    const elsewhere = 'the preview refunds to another transaction';
    expect(comparePreview(args, preview(order, [suggested('gid://shopify/OrderTransaction/999', 'shopify_payments', 800)]), payments)).toBe(elsewhere);
    const foreignSplit = [
      suggested('gid://shopify/OrderTransaction/998', 'gift_card', 300),
      suggested('gid://shopify/OrderTransaction/999', 'shopify_payments', 500),
    ];
    expect(comparePreview(args, preview(order, foreignSplit), payments)).toBe(elsewhere);
    expect(
      comparePreview(
        args,
        preview(order, [suggested(GIFT_CARD, 'gift_card', 300), suggested('gid://shopify/OrderTransaction/999', 'shopify_payments', 500)]),
        payments,
      ),
    ).toBe(elsewhere);
    expect(comparePreview(args, preview(order, [suggested(null, 'manual', 800)]), payments)).toBe(elsewhere);
  });

  it('refuses the one payment the harness did not pick, even one of the order', () => {
    expect(comparePreview(args, preview(order, [suggested(GIFT_CARD, 'gift_card', 800)]), payments)).toBe('the preview refunds to another transaction');
  });

  it("accepts a split over the order's own payments that leaves out the harness's pick (refund_create sends the store's split)", () => {
    const third = { ...order, transactions: [...order.transactions, sale('gid://shopify/OrderTransaction/10014', 'shop_cash', 500)] };
    const split = [suggested(GIFT_CARD, 'gift_card', 300), suggested('gid://shopify/OrderTransaction/10014', 'shop_cash', 500)];
    expect(comparePreview(args, preview(third, split), paymentIds(third))).toBeNull();
    // Without the order's payments only the harness's own pick is known to be the order's.
    expect(comparePreview(args, preview(third, split))).toBe('the preview refunds to another transaction');
  });

  it('still checks the amount, the currency and the lines on a split', () => {
    const split = [suggested(CARD, 'shopify_payments', 500), suggested(GIFT_CARD, 'gift_card', 300)];
    expect(comparePreview(args, { ...preview(order, split), amount: usd(700) }, payments)).toMatch(/computes \$7\.00 for these items now, less than/);
    expect(comparePreview(args, { ...preview(order, split), amount: { amountMinor: 800, currency: 'EUR' } }, payments)).toBe('preview currency EUR');
    expect(comparePreview(args, { ...preview(order, split), lineItems: [] }, payments)).toMatch(/1 asked, 0 refundable/);
    expect(comparePreview(args, { ...preview(order, split), maximumRefundable: usd(500) }, payments)).toMatch(/still refundable/);
  });
});

describe('refund() on the order whose gift card is refunded in full', () => {
  it('sends the mug back to the card, once, and the store takes it', async () => {
    const order = giftCardThenCard(1000);
    const h = setupHarness({ orders: [order] });
    // The store's suggestion for the mug: the gift card has nothing left, so only the card is listed.
    h.transport.script('preview_refund', { ok: true, output: preview(order, [suggested(CARD, 'shopify_payments', 800)]) });
    const run = gatedRun(order);
    expect(run.gate?.decision).toBe('auto');

    const receipt = await h.harness.refund(refundCtx(run), { run, approval: null });

    expect(receipt).toMatchObject({ amountMinor: 800, currency: 'USD' });
    const sent = h.transport.calls.filter((c) => c.name === 'refund_create');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.args).toMatchObject({ parentTransactionId: CARD, gateway: 'shopify_payments', amount: usd(800) });
    const held = h.transport.store.orderById(order.id)!;
    expect(held.transactions.filter((t) => t.kind === 'REFUND' && t.parentId === CARD).map((t) => t.amountMinor)).toEqual([800]);
  });

  it('refuses before anything is sent when the preview refunds payments that are not the order’s', async () => {
    const order = giftCardThenCard(1000);
    const h = setupHarness({ orders: [order] });
    h.transport.script('preview_refund', { ok: true, output: preview(order, [suggested('gid://shopify/OrderTransaction/999', 'shopify_payments', 800)]) });
    const run = gatedRun(order);

    await expect(h.harness.refund(refundCtx(run), { run, approval: null })).rejects.toThrow(ArgumentPolicyError);
    expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(0);
  });
});
