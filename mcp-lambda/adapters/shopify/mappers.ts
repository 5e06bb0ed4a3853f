// Maps Shopify's response shapes into the tool contracts: decimal strings to integer minor units,
// customer-written text (note, attributes, address) wrapped as untrusted, lists that hit their
// page size reported as truncated.
import type {
  DiscountAllocation,
  Fulfillment,
  LineItem,
  Money,
  Order,
  PlainMoney,
  PreviewRefundOutput,
  ShippingLine,
  TaxLine,
} from '#shared/contracts/tools.js';
import { TemporarilyUnavailableError } from '#shared/contracts/errors.js';
import { decimalToMinor, MoneyFormatError } from '#shared/money.js';
import { PAGE } from './queries.js';
import { toRefundPayments, type RefundTransactionNode } from './refund-payments.js';

export interface MoneyNode {
  shopMoney: { amount: string; currencyCode: string };
  /** Left out by older fakes; Shopify always sends it (the shop's money again on a single-currency order). */
  presentmentMoney?: { amount: string; currencyCode: string };
}
export interface AttributeNode {
  key: string;
  value: string | null;
}
export interface TaxLineNode {
  title: string;
  ratePercentage?: number | null;
  priceSet: MoneyNode;
}
export interface DiscountAllocationNode {
  allocatedAmountSet: MoneyNode;
  /** Left out by older fakes. `code` on a code discount, `title` on the others; `percentage` when the value is one. */
  discountApplication?: { code?: string | null; title?: string | null; value?: { percentage?: number | null } | null } | null;
}
/** Fields after `isGiftCard` are left out by older fakes; Shopify sends them all. */
export interface LineItemNode {
  id: string;
  title: string;
  sku: string | null;
  quantity: number;
  refundableQuantity: number;
  originalUnitPriceSet: MoneyNode;
  customAttributes?: AttributeNode[];
  isGiftCard?: boolean;
  taxable?: boolean;
  discountedUnitPriceAfterAllDiscountsSet?: MoneyNode;
  discountAllocations?: DiscountAllocationNode[];
  taxLines?: TaxLineNode[];
  duties?: { id: string; price: MoneyNode }[];
  variant?: { id: string; title: string } | null;
  product?: { id: string; variants: { nodes: VariantNode[] } } | null;
}
/** ProductVariant.price is a decimal in the shop's currency; inventoryQuantity is null when stock is not tracked. */
export interface VariantNode {
  id: string;
  title: string;
  sku: string | null;
  price: string;
  inventoryQuantity: number | null;
}
export interface ShippingLineNode {
  id: string | null;
  title: string;
  originalPriceSet: MoneyNode;
  discountedPriceSet: MoneyNode;
  discountAllocations?: DiscountAllocationNode[];
  taxLines?: TaxLineNode[];
}
export interface RefundNode {
  id: string;
  createdAt: string | null;
  totalRefundedSet: MoneyNode;
  refundLineItems: { nodes: { quantity: number; lineItem: { id: string } }[]; pageInfo?: { hasNextPage: boolean } };
  /** Left out by the documents that only look for a run's refund. */
  refundShippingLines?: { nodes: { subtotalAmountSet: MoneyNode; taxAmountSet: MoneyNode }[] };
  duties?: { amountSet: MoneyNode; originalDuty: { id: string } | null }[] | null;
  /** Where it paid back to; read by get_order only. */
  transactions?: { nodes: RefundTransactionNode<MoneyNode>[]; pageInfo?: { hasNextPage: boolean } };
}
export interface OrderNode {
  id: string;
  name: string;
  createdAt: string;
  currencyCode: string;
  presentmentCurrencyCode?: string;
  displayFinancialStatus: string | null;
  /** Left out by older fakes; null while the order is not cancelled. */
  cancelledAt?: string | null;
  note: string | null;
  customAttributes?: AttributeNode[];
  shippingAddress?: { formatted: string[] } | null;
  customer: { id: string; email: string | null } | null;
  fulfillments: {
    id: string;
    createdAt: string;
    deliveredAt?: string | null;
    status: string;
    fulfillmentLineItems: { nodes: { quantity?: number | null; lineItem: { id: string } }[]; pageInfo?: { hasNextPage: boolean } };
  }[];
  transactions: { id: string; kind: string; status: string; gateway: string | null; amountSet: MoneyNode }[];
  refunds: RefundNode[];
  suggestedRefund: { maximumRefundableSet: MoneyNode } | null;
  /** Left out by older fakes; Shopify always sends them. */
  taxesIncluded?: boolean;
  totalTipReceivedSet?: MoneyNode;
  shippingLines?: { nodes: ShippingLineNode[]; pageInfo?: { hasNextPage: boolean } };
}
export interface SuggestedRefundNode {
  amountSet: MoneyNode;
  subtotalSet: MoneyNode;
  totalTaxSet: MoneyNode;
  maximumRefundableSet: MoneyNode;
  refundLineItems: { quantity: number; lineItem: { id: string }; subtotalSet: MoneyNode; totalTaxSet?: MoneyNode }[];
  /** Left out by older fakes; Shopify always sends them (zero when not asked). */
  shipping?: { amountSet: MoneyNode; taxSet: MoneyNode; maximumRefundableSet: MoneyNode };
  totalDutiesSet?: MoneyNode;
  refundDuties?: { amountSet: MoneyNode; originalDuty: { id: string } | null }[];
  suggestedTransactions: {
    kind?: string;
    gateway: string | null;
    amountSet: MoneyNode;
    maximumRefundableSet: MoneyNode | null;
    parentTransaction: { id: string } | null;
  }[];
}

function toPlainMoney({ amount, currencyCode }: { amount: string; currencyCode: string }): PlainMoney {
  try {
    return { amountMinor: decimalToMinor(amount, currencyCode), currency: currencyCode };
  } catch (error) {
    if (error instanceof MoneyFormatError) throw new TemporarilyUnavailableError(`Shopify sent an unreadable amount: ${error.message}`);
    throw error;
  }
}

/** The shop's money, and the presentment money beside it when the customer paid in another currency. */
export function toMoney(node: MoneyNode): Money {
  const shop = toPlainMoney(node.shopMoney);
  if (!node.presentmentMoney || node.presentmentMoney.currencyCode === shop.currency) return shop;
  return { ...shop, presentment: toPlainMoney(node.presentmentMoney) };
}

/** The figure in the currency the customer paid in: the presentment money, else the shop's. */
export function customerMoney(node: MoneyNode): PlainMoney {
  const money = toMoney(node);
  return money.presentment ?? { amountMinor: money.amountMinor, currency: money.currency };
}

const untrustedAttributes = (nodes: AttributeNode[] | undefined) => (nodes ?? []).map((a) => ({ untrusted: true as const, key: a.key, value: a.value }));

export function toTaxLine(node: TaxLineNode): TaxLine {
  return { title: node.title, ratePercentage: node.ratePercentage ?? null, amount: toMoney(node.priceSet) };
}

export function toDiscountAllocation(node: DiscountAllocationNode): DiscountAllocation {
  const application = node.discountApplication ?? null;
  return {
    amount: toMoney(node.allocatedAmountSet),
    code: application?.code ?? null,
    title: application?.title ?? null,
    percentage: application?.value?.percentage ?? null,
  };
}

export function toLineItem(node: LineItemNode): LineItem {
  return {
    id: node.id,
    title: node.title,
    sku: node.sku,
    quantity: node.quantity,
    refundableQuantity: node.refundableQuantity,
    unitPrice: toMoney(node.originalUnitPriceSet),
    customAttributes: untrustedAttributes(node.customAttributes),
    giftCard: node.isGiftCard === true,
    ...(node.discountedUnitPriceAfterAllDiscountsSet ? { discountedUnitPrice: toMoney(node.discountedUnitPriceAfterAllDiscountsSet) } : {}),
    ...(node.discountAllocations ? { discountAllocations: node.discountAllocations.map(toDiscountAllocation) } : {}),
    ...(node.taxable === undefined ? {} : { taxable: node.taxable }),
    ...(node.taxLines ? { taxLines: node.taxLines.map(toTaxLine) } : {}),
    ...(node.duties ? { duties: node.duties.map((d) => ({ id: d.id, price: toMoney(d.price) })) } : {}),
    ...(node.variant === undefined ? {} : { variant: node.variant ? { id: node.variant.id, title: node.variant.title } : null }),
    ...(node.product === undefined ? {} : { product: node.product ? productOf(node.product, node.originalUnitPriceSet.shopMoney.currencyCode) : null }),
  };
}

/** The line's product with its variants, each priced in the shop's currency. */
function productOf(product: NonNullable<LineItemNode['product']>, shopCurrency: string): NonNullable<LineItem['product']> {
  return {
    id: product.id,
    variants: product.variants.nodes.map((v) => ({
      id: v.id,
      title: v.title,
      sku: v.sku,
      price: toPlainMoney({ amount: v.price, currencyCode: shopCurrency }),
      available: v.inventoryQuantity,
    })),
  };
}

export function toShippingLine(node: ShippingLineNode): ShippingLine {
  return {
    id: node.id,
    title: node.title,
    originalPrice: toMoney(node.originalPriceSet),
    discountedPrice: toMoney(node.discountedPriceSet),
    discountAllocations: (node.discountAllocations ?? []).map(toDiscountAllocation),
    taxLines: (node.taxLines ?? []).map(toTaxLine),
  };
}

/** Adds two amounts of the same money (both sets). */
function plus(a: Money, b: Money): Money {
  const presentment =
    a.presentment && b.presentment ? { amountMinor: a.presentment.amountMinor + b.presentment.amountMinor, currency: a.presentment.currency } : undefined;
  return { amountMinor: a.amountMinor + b.amountMinor, currency: a.currency, ...(presentment ? { presentment } : {}) };
}

/** What a refund paid back for shipping, tax included: its refund shipping lines summed (absent when it refunded none). */
function refundShipping(node: RefundNode): Money | undefined {
  const parts = (node.refundShippingLines?.nodes ?? []).flatMap((l) => [toMoney(l.subtotalAmountSet), toMoney(l.taxAmountSet)]);
  return parts.length === 0 ? undefined : parts.reduce(plus);
}

export function toFulfillment(node: OrderNode['fulfillments'][number]): Fulfillment {
  const lines = node.fulfillmentLineItems.nodes;
  return {
    id: node.id,
    createdAt: node.createdAt,
    status: node.status,
    lineItemIds: lines.map((n) => n.lineItem.id),
    deliveredAt: node.deliveredAt ?? null,
    lineItems: lines.map((n) => ({ lineItemId: n.lineItem.id, quantity: n.quantity ?? null })),
  };
}

/**
 * An amount-only refund (goodwill, shipping, a partial amount) has no refund lines: its lineItems stay
 * empty. `payments` only when its transactions were read (get_order's document; the others leave them out).
 */
export function toRefundSummary(node: RefundNode) {
  const shipping = refundShipping(node);
  return {
    id: node.id,
    createdAt: node.createdAt ?? '',
    amount: toMoney(node.totalRefundedSet),
    lineItems: node.refundLineItems.nodes.map((l) => ({ lineItemId: l.lineItem.id, quantity: l.quantity })),
    ...(shipping ? { shipping } : {}),
    ...(node.duties?.length ? { duties: node.duties.map((d) => ({ dutyId: d.originalDuty?.id ?? null, amount: toMoney(d.amountSet) })) } : {}),
    ...(node.transactions ? { payments: toRefundPayments(node.transactions.nodes, toMoney) } : {}),
  };
}

/** Which lists of an order came back cut at their page size (a list exactly that long counts too). */
export function truncatedListsOf(node: OrderNode): { list: string; seen: number }[] {
  const cut: { list: string; seen: number }[] = [];
  const flat = [
    ['shippingLines', node.shippingLines?.nodes.length ?? 0, PAGE.shippingLines],
    ['fulfillments', node.fulfillments.length, PAGE.fulfillments],
    ['transactions', node.transactions.length, PAGE.transactions],
    ['refunds', node.refunds.length, PAGE.refunds],
  ] as const;
  for (const [list, seen, page] of flat) if (seen >= page) cut.push({ list, seen });
  node.fulfillments.forEach((f, i) => {
    if (f.fulfillmentLineItems.pageInfo?.hasNextPage) cut.push({ list: `fulfillments[${i}].lineItems`, seen: f.fulfillmentLineItems.nodes.length });
  });
  node.refunds.forEach((r, i) => {
    if (r.refundLineItems.pageInfo?.hasNextPage) cut.push({ list: `refunds[${i}].lineItems`, seen: r.refundLineItems.nodes.length });
    if (r.transactions?.pageInfo?.hasNextPage) cut.push({ list: `refunds[${i}].transactions`, seen: r.transactions.nodes.length });
  });
  return cut;
}

export function toOrder(node: OrderNode, lineItems: LineItemNode[]): Order {
  const truncatedLists = truncatedListsOf(node);
  const address = node.shippingAddress?.formatted.filter((line) => line.trim() !== '') ?? [];
  return {
    id: node.id,
    number: node.name.replace(/^#/, ''),
    name: node.name,
    createdAt: node.createdAt,
    currency: node.currencyCode,
    ...(node.presentmentCurrencyCode && node.presentmentCurrencyCode !== node.currencyCode ? { presentmentCurrency: node.presentmentCurrencyCode } : {}),
    customer: node.customer ? { id: node.customer.id, email: node.customer.email } : null,
    displayFinancialStatus: node.displayFinancialStatus,
    lineItems: lineItems.map(toLineItem),
    fulfillments: node.fulfillments.map(toFulfillment),
    transactions: node.transactions.map((t) => ({
      id: t.id,
      kind: t.kind,
      status: t.status,
      gateway: t.gateway ?? '',
      amount: toMoney(t.amountSet),
    })),
    refunds: node.refunds.map(toRefundSummary),
    ...(node.taxesIncluded === undefined ? {} : { taxesIncluded: node.taxesIncluded }),
    ...(node.shippingLines ? { shippingLines: node.shippingLines.nodes.map(toShippingLine) } : {}),
    ...(node.totalTipReceivedSet ? { tip: toMoney(node.totalTipReceivedSet) } : {}),
    // Shopify's figure already nets out every refund transaction, amount-only refunds included.
    maximumRefundable: node.suggestedRefund ? toMoney(node.suggestedRefund.maximumRefundableSet) : { amountMinor: 0, currency: node.currencyCode },
    cancelledAt: node.cancelledAt ?? null,
    // Customer-written text: data for the model to read, never instructions.
    note: node.note === null || node.note === '' ? null : { untrusted: true, text: node.note },
    customAttributes: untrustedAttributes(node.customAttributes),
    shippingAddress: address.length === 0 ? null : { untrusted: true, text: address.join('\n') },
    truncated: truncatedLists.length > 0,
    truncatedLists,
  };
}

export function toPreview(orderId: string, node: SuggestedRefundNode): PreviewRefundOutput {
  return {
    orderId,
    amount: toMoney(node.amountSet),
    subtotal: toMoney(node.subtotalSet),
    totalTax: toMoney(node.totalTaxSet),
    maximumRefundable: toMoney(node.maximumRefundableSet),
    lineItems: node.refundLineItems.map((l) => ({
      lineItemId: l.lineItem.id,
      quantity: l.quantity,
      subtotal: toMoney(l.subtotalSet),
      ...(l.totalTaxSet ? { tax: toMoney(l.totalTaxSet) } : {}),
    })),
    ...(node.shipping
      ? {
          shipping: {
            amount: toMoney(node.shipping.amountSet),
            tax: toMoney(node.shipping.taxSet),
            maximumRefundable: toMoney(node.shipping.maximumRefundableSet),
          },
        }
      : {}),
    ...(node.totalDutiesSet
      ? {
          duties: {
            total: toMoney(node.totalDutiesSet),
            items: (node.refundDuties ?? []).map((d) => ({ dutyId: d.originalDuty?.id ?? null, amount: toMoney(d.amountSet) })),
          },
        }
      : {}),
    transactions: node.suggestedTransactions.map((t) => ({
      parentTransactionId: t.parentTransaction?.id ?? null,
      gateway: t.gateway ?? '',
      amount: toMoney(t.amountSet),
      maximumRefundable: t.maximumRefundableSet ? toMoney(t.maximumRefundableSet) : null,
    })),
  };
}
