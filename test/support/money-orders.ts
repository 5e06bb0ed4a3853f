// Orders as Shopify's Admin API serves them with the money real orders carry: discount allocations,
// tax lines, shipping lines, duties, a tip, prices with or without tax, and presentment twins on a
// Markets order. The figures are given as the store states them (it computed them); the tests check
// what the agent makes of them. Built on makeOrder's defaults (customer, fulfilment, one sale).
import type { Money, Order } from '#shared/contracts/tools.js';
import { makeOrder } from './fixtures.js';

export interface MoneyLine {
  title: string;
  unitMinor: number;
  quantity?: number;
  /** Units refunded earlier (the line's refundableQuantity is lowered by them). */
  refunded?: number;
  /** Each discount's share of the whole line, with its code and percentage. */
  discounts?: { amountMinor: number; code?: string; title?: string; percentage?: number }[];
  /** Each tax line's tax on the whole line. */
  taxes?: { title: string; ratePercentage: number; amountMinor: number }[];
  duties?: { id: string; amountMinor: number }[];
  giftCard?: boolean;
  /** The line's figures in the presentment currency, when the order has one: unit, discounts and taxes in the same order, duties. */
  paid?: { unitMinor: number; discounts?: number[]; taxes?: number[]; duties?: number[] };
}

export interface MoneyOrderSpec {
  number?: string;
  lines: MoneyLine[];
  taxesIncluded?: boolean;
  shipping?: {
    title?: string;
    priceMinor: number;
    discountMinor?: number;
    taxes?: { title: string; ratePercentage: number; amountMinor: number }[];
    paid?: { priceMinor: number; taxes?: number[] };
  };
  tipMinor?: number;
  /** Shopify Markets: the currency the customer paid. */
  presentmentCurrency?: string;
  /** What earlier refunds paid back in all (one amount-only refund, or none), and in the presentment currency. */
  refundedMinor?: number;
  refundedPaidMinor?: number;
  /** The store's remainder; default what the payments took in less what was refunded. */
  maximumRefundableMinor?: number;
  maximumRefundablePaidMinor?: number;
}

const usd = (amountMinor: number, paid?: { currency: string; amountMinor: number | undefined }): Money => ({
  amountMinor,
  currency: 'USD',
  ...(paid?.amountMinor !== undefined ? { presentment: { amountMinor: paid.amountMinor, currency: paid.currency } } : {}),
});

/** What the order's lines, shipping, duties and tip took in, in one money set. */
function orderTotal(spec: MoneyOrderSpec, pick: 'shop' | 'paid'): number {
  const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);
  const excluded = spec.taxesIncluded !== true;
  let total = 0;
  for (const l of spec.lines) {
    const q = l.quantity ?? 1;
    const unit = pick === 'shop' ? l.unitMinor : (l.paid?.unitMinor ?? 0);
    const discounts = pick === 'shop' ? (l.discounts ?? []).map((d) => d.amountMinor) : (l.paid?.discounts ?? []);
    const taxes = pick === 'shop' ? (l.taxes ?? []).map((t) => t.amountMinor) : (l.paid?.taxes ?? []);
    const duties = pick === 'shop' ? (l.duties ?? []).map((d) => d.amountMinor) : (l.paid?.duties ?? []);
    total += unit * q - sum(discounts) + (excluded ? sum(taxes) : 0) + sum(duties);
  }
  if (spec.shipping) {
    const s = spec.shipping;
    const price = pick === 'shop' ? s.priceMinor - (s.discountMinor ?? 0) : (s.paid?.priceMinor ?? 0);
    const taxes = pick === 'shop' ? (s.taxes ?? []).map((t) => t.amountMinor) : (s.paid?.taxes ?? []);
    total += price + (excluded ? sum(taxes) : 0);
  }
  return total + (pick === 'shop' ? (spec.tipMinor ?? 0) : 0);
}

type Paid = (amountMinor: number | undefined) => { currency: string; amountMinor: number | undefined } | undefined;

function shippingLinesOf(s: MoneyOrderSpec['shipping'], paid: Paid): NonNullable<Order['shippingLines']> {
  if (!s) return [];
  const tax = (t: { title: string; ratePercentage: number; amountMinor: number }, k: number) => ({
    title: t.title,
    ratePercentage: t.ratePercentage,
    amount: usd(t.amountMinor, paid(s.paid?.taxes?.[k])),
  });
  return [
    {
      id: 'gid://shopify/ShippingLine/1',
      title: s.title ?? 'Standard',
      originalPrice: usd(s.priceMinor, paid(s.paid?.priceMinor)),
      discountedPrice: usd(s.priceMinor - (s.discountMinor ?? 0), paid(s.paid?.priceMinor)),
      discountAllocations: s.discountMinor ? [{ amount: usd(s.discountMinor), code: 'SHIP', title: null, percentage: null }] : [],
      taxLines: (s.taxes ?? []).map(tax),
    },
  ];
}

export function moneyOrder(spec: MoneyOrderSpec): Order {
  const number = spec.number ?? '1001';
  const base = makeOrder({ number });
  const currency = spec.presentmentCurrency;
  const paid: Paid = (amountMinor) => (currency ? { currency, amountMinor } : undefined);
  const lineItems = spec.lines.map((l, i) => {
    const quantity = l.quantity ?? 1;
    return {
      id: `gid://shopify/LineItem/${number}${i + 1}`,
      title: l.title,
      sku: `SKU-${i + 1}`,
      quantity,
      refundableQuantity: quantity - (l.refunded ?? 0),
      unitPrice: usd(l.unitMinor, paid(l.paid?.unitMinor)),
      giftCard: l.giftCard === true,
      taxable: (l.taxes ?? []).length > 0,
      discountAllocations: (l.discounts ?? []).map((d, k) => ({
        amount: usd(d.amountMinor, paid(l.paid?.discounts?.[k])),
        code: d.code ?? null,
        title: d.title ?? null,
        percentage: d.percentage ?? null,
      })),
      taxLines: (l.taxes ?? []).map((t, k) => ({ title: t.title, ratePercentage: t.ratePercentage, amount: usd(t.amountMinor, paid(l.paid?.taxes?.[k])) })),
      duties: (l.duties ?? []).map((d, k) => ({ id: d.id, price: usd(d.amountMinor, paid(l.paid?.duties?.[k])) })),
    };
  });
  const total = orderTotal(spec, 'shop');
  const totalPaid = currency ? orderTotal(spec, 'paid') : undefined;
  const refunded = spec.refundedMinor ?? 0;
  return {
    ...base,
    ...(currency ? { presentmentCurrency: currency } : {}),
    lineItems,
    fulfillments: [
      { ...base.fulfillments[0]!, lineItemIds: lineItems.map((l) => l.id), lineItems: lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity })) },
    ],
    transactions: [{ ...base.transactions[0]!, amount: usd(total, paid(totalPaid)) }],
    refunds:
      refunded > 0 ? [{ id: 'gid://shopify/Refund/1', createdAt: base.createdAt, amount: usd(refunded, paid(spec.refundedPaidMinor)), lineItems: [] }] : [],
    maximumRefundable: usd(
      spec.maximumRefundableMinor ?? total - refunded,
      paid(spec.maximumRefundablePaidMinor ?? (totalPaid !== undefined ? totalPaid - (spec.refundedPaidMinor ?? 0) : undefined)),
    ),
    taxesIncluded: spec.taxesIncluded === true,
    shippingLines: shippingLinesOf(spec.shipping, paid),
    tip: usd(spec.tipMinor ?? 0, paid(spec.tipMinor ?? 0)),
  };
}
