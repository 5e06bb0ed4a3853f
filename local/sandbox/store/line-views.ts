// The views an order, a refund and a suggestion all show: a line item (with its money), a refund
// line (what its units paid back, prorated), and a transaction with its parent payment. Apart from
// views.ts and suggestion-view.ts, which both build on them. A line's variant and product are
// catalogue-views.ts's.
import { paymentDetailsView } from './card-details.js';
import { lineProductView, lineVariantView } from './catalogue-views.js';
import type { StoreLineItem, StoreOrder, StoreTransaction } from './model.js';
import { lineMoneyView } from './money-views.js';
import { linePresentmentMinor, presentmentAmount } from './presentment.js';
import type { SandboxStoreState } from './state.js';
import { orderBag } from './view-kit.js';

/** An order's transaction, with its parent payment for a refund and the card it moved money on. */
export const transactionView = (order: StoreOrder, t: StoreTransaction): Record<string, unknown> => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  gateway: t.gateway,
  formattedGateway: t.gateway,
  amountSet: orderBag(order, t.amountMinor, presentmentAmount(t)),
  createdAt: t.createdAt,
  processedAt: t.createdAt,
  paymentDetails: () => paymentDetailsView(order, t),
  parentTransaction: () => {
    const parent = order.transactions.find((p) => p.id === t.parentId);
    return parent ? transactionView(order, parent) : null;
  },
});

// Shopify reports refundableQuantity for gift-card lines too; refusing them is the policy's job.
export const lineItemView = (state: SandboxStoreState, order: StoreOrder, li: StoreLineItem) => ({
  id: li.id,
  title: li.title,
  name: li.title,
  sku: li.sku,
  quantity: li.quantity,
  isGiftCard: li.giftCard,
  currentQuantity: state.refundableQuantity(order, li),
  refundableQuantity: state.refundableQuantity(order, li),
  originalUnitPriceSet: orderBag(order, li.unitPriceMinor, linePresentmentMinor(li)),
  originalTotalSet: orderBag(order, li.unitPriceMinor * li.quantity, linePresentmentMinor(li) * li.quantity),
  customAttributes: li.customAttributes,
  ...lineMoneyView(order, li),
  variantTitle: li.variantTitle ?? (li.variantId ? (state.catalogue.variants.get(li.variantId)?.title ?? null) : null),
  variant: () => lineVariantView(state, li),
  product: () => lineProductView(state, li),
});

/** A refund line as recorded (or suggested): its units' prorated subtotal and tax in both money sets. */
export interface RefundLineFigures {
  id: string | null;
  lineItemId: string;
  quantity: number;
  subtotalMinor: number;
  totalTaxMinor?: number | undefined;
  presentmentSubtotalMinor?: number | undefined;
  presentmentTotalTaxMinor?: number | undefined;
  restockType?: string | undefined;
}

/**
 * A RefundLineItem: `priceSet` the unit's list price (as Shopify's refund calculation shows it),
 * `subtotalSet` and `totalTaxSet` what its units paid back. A refund recorded before the money terms
 * existed has no presentment figures of its own: its list price in that currency then.
 */
export function refundLineView(state: SandboxStoreState, order: StoreOrder, line: RefundLineFigures) {
  const item = order.lineItems.find((li) => li.id === line.lineItemId);
  const unitPaid = item ? linePresentmentMinor(item) : 0;
  return {
    id: line.id,
    quantity: line.quantity,
    restockType: line.restockType ?? 'NO_RESTOCK',
    restocked: line.restockType !== undefined,
    lineItem: item ? lineItemView(state, order, item) : null,
    priceSet: orderBag(order, item?.unitPriceMinor ?? 0, unitPaid),
    subtotalSet: orderBag(order, line.subtotalMinor, line.presentmentSubtotalMinor ?? unitPaid * line.quantity),
    totalTaxSet: orderBag(order, line.totalTaxMinor ?? 0, line.presentmentTotalTaxMinor ?? 0),
  };
}
