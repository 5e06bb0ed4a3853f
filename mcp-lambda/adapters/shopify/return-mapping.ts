// Maps a Shopify Return (return-queries.ts's ReturnFields) into the returns tools' ReturnSummary:
// each return line named by the order line it returns, how many of its units came back (the reverse
// fulfillment order lines' dispositions other than MISSING), the exchange lines with their variant's
// title and price, the fee, the parcel's label and tracking, the refunds; and which of its lists came
// back cut at their page size. Pure: the variants asked for in exchange are looked up by the caller.
import type { Money, ReturnStatus, ReturnSummary } from '#shared/contracts/tools.js';
import { TemporarilyUnavailableError } from '#shared/contracts/errors.js';
import { ReturnStatus as ReturnStatusSchema } from '#shared/contracts/returns.js';
import { toMoney, type MoneyNode } from './mappers.js';

type Paged<T> = { nodes: T[]; pageInfo?: { hasNextPage: boolean } };

export interface ReturnLineNode {
  id: string;
  quantity: number;
  processedQuantity: number;
  refundedQuantity: number;
  returnReasonNote: string | null;
  /** Absent on an unverified return line (one not of an order line). */
  fulfillmentLineItem?: { id: string; lineItem: { id: string } } | null;
}
export interface ExchangeLineNode {
  id: string;
  variantId: string | null;
  quantity: number;
  processedQuantity: number;
  /** The order lines its processing added (none before). */
  lineItems: { id: string; variantTitle: string | null; originalUnitPriceSet: MoneyNode }[] | null;
}
export interface DeliverableNode {
  label?: { publicFileUrl: string | null } | null;
  tracking?: { number: string | null; url: string | null; carrierName: string | null } | null;
}
export interface ReverseFulfillmentOrderNode {
  /** Absent in hand-written test nodes of older shape. */
  id?: string;
  lineItems: Paged<{ fulfillmentLineItem: { id: string } | null; dispositions: { type: string; quantity: number }[] }>;
  reverseDeliveries: Paged<{ deliverable: DeliverableNode | null }>;
}
export interface ReturnNode {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  closedAt: string | null;
  order: { id: string; currencyCode?: string; presentmentCurrencyCode?: string };
  returnShippingFees: { id: string; amountSet: MoneyNode }[];
  returnLineItems: Paged<ReturnLineNode>;
  exchangeLineItems: Paged<ExchangeLineNode>;
  reverseFulfillmentOrders: Paged<ReverseFulfillmentOrderNode>;
  refunds: Paged<{ id: string; createdAt: string | null; totalRefundedSet: MoneyNode }>;
}

/** A variant asked for in exchange, as the store sells it (productVariant: its title, its price in the shop's currency). */
export interface ExchangeVariant {
  title: string | null;
  price: Money | null;
}

/** Units that came back, by fulfillment line: every disposition but MISSING, across the return's reverse fulfillment orders. */
export function receivedByFulfillmentLine(orders: readonly ReverseFulfillmentOrderNode[]): Map<string, number> {
  const received = new Map<string, number>();
  for (const line of orders.flatMap((o) => o.lineItems.nodes)) {
    if (!line.fulfillmentLineItem) continue;
    const units = line.dispositions.filter((d) => d.type !== 'MISSING').reduce((n, d) => n + d.quantity, 0);
    received.set(line.fulfillmentLineItem.id, (received.get(line.fulfillmentLineItem.id) ?? 0) + units);
  }
  return received;
}

/**
 * Each return line's units that came back: its fulfillment line's received units, given to the
 * return's lines of that fulfillment line in order, each up to its quantity.
 */
export function receivedQuantities(lines: readonly ReturnLineNode[], received: ReadonlyMap<string, number>): Map<string, number> {
  const left = new Map(received);
  const byLine = new Map<string, number>();
  for (const line of lines) {
    const fulfillmentLineId = line.fulfillmentLineItem?.id;
    const pool = fulfillmentLineId === undefined ? 0 : (left.get(fulfillmentLineId) ?? 0);
    const units = Math.min(line.quantity, pool);
    if (fulfillmentLineId !== undefined) left.set(fulfillmentLineId, pool - units);
    byLine.set(line.id, units);
  }
  return byLine;
}

function sumMoney(amounts: readonly Money[]): Money | null {
  return amounts.reduce<Money | null>((total, m) => {
    if (total === null) return m;
    const presentment =
      total.presentment && m.presentment
        ? { amountMinor: total.presentment.amountMinor + m.presentment.amountMinor, currency: m.presentment.currency }
        : undefined;
    return { amountMinor: total.amountMinor + m.amountMinor, currency: m.currency, ...(presentment ? { presentment } : {}) };
  }, null);
}

/** The parcel's label and tracking: the last reverse delivery that has either. */
function labelOf(node: ReturnNode): ReturnSummary['label'] {
  const deliverables = node.reverseFulfillmentOrders.nodes.flatMap((o) => o.reverseDeliveries.nodes.map((d) => d.deliverable));
  const last = deliverables.filter((d): d is DeliverableNode => d !== null && (Boolean(d.label) || Boolean(d.tracking))).at(-1);
  if (!last) return null;
  return {
    url: last.label?.publicFileUrl ?? null,
    trackingNumber: last.tracking?.number ?? null,
    trackingUrl: last.tracking?.url ?? null,
    carrier: last.tracking?.carrierName ?? null,
  };
}

/** A return's status as the contracts name it; one this server does not know is an unreadable answer. */
export function statusOf(status: string): ReturnStatus {
  const parsed = ReturnStatusSchema.safeParse(status);
  if (!parsed.success) throw new TemporarilyUnavailableError(`Shopify sent a return status this server does not know: ${status}`);
  return parsed.data;
}

function exchangeLine(node: ExchangeLineNode, variants: ReadonlyMap<string, ExchangeVariant>): ReturnSummary['exchangeLineItems'][number] {
  // Once processed, the order line it added carries the price the customer was charged (both money sets).
  const added = node.lineItems?.[0];
  const variant = node.variantId ? variants.get(node.variantId) : undefined;
  return {
    exchangeLineItemId: node.id,
    variantId: node.variantId ?? '',
    variantTitle: added?.variantTitle ?? variant?.title ?? null,
    quantity: node.quantity,
    processedQuantity: node.processedQuantity,
    unitPrice: added ? toMoney(added.originalUnitPriceSet) : (variant?.price ?? null),
  };
}

/** The variants of exchange lines not processed yet: their title and price come from the catalogue. */
export function variantsToLookUp(nodes: readonly ReturnNode[]): string[] {
  const ids = nodes.flatMap((n) => n.exchangeLineItems.nodes.filter((e) => !e.lineItems?.length && e.variantId).map((e) => e.variantId!));
  return [...new Set(ids)];
}

/**
 * A return as the tools answer it. An unverified return line (one that names no fulfillment line, so
 * no order line) is left out: it was not opened by an order line, and no tool acts on it.
 */
export function toReturnSummary(node: ReturnNode, variants: ReadonlyMap<string, ExchangeVariant> = new Map()): ReturnSummary {
  const lines = node.returnLineItems.nodes.filter((l) => l.fulfillmentLineItem);
  const received = receivedQuantities(lines, receivedByFulfillmentLine(node.reverseFulfillmentOrders.nodes));
  return {
    returnId: node.id,
    name: node.name,
    orderId: node.order.id,
    status: statusOf(node.status),
    createdAt: node.createdAt,
    closedAt: node.closedAt,
    fee: sumMoney(node.returnShippingFees.map((f) => toMoney(f.amountSet))),
    reverseFulfillmentOrderIds: node.reverseFulfillmentOrders.nodes.flatMap((o) => (o.id ? [o.id] : [])),
    lineItems: lines.map((l) => ({
      returnLineItemId: l.id,
      lineItemId: l.fulfillmentLineItem!.lineItem.id,
      quantity: l.quantity,
      receivedQuantity: received.get(l.id) ?? 0,
      processedQuantity: l.processedQuantity,
      refundedQuantity: l.refundedQuantity,
      note: l.returnReasonNote === null || l.returnReasonNote === '' ? null : l.returnReasonNote,
    })),
    exchangeLineItems: node.exchangeLineItems.nodes.map((e) => exchangeLine(e, variants)),
    label: labelOf(node),
    refunds: node.refunds.nodes.map((r) => ({ refundId: r.id, amount: toMoney(r.totalRefundedSet), createdAt: r.createdAt ?? '' })),
  };
}

/** Which lists of the return at `index` came back cut at their page size. */
export function truncatedListsOfReturn(node: ReturnNode, index: number): { list: string; seen: number }[] {
  const at = `returns[${index}]`;
  const lists: [string, Paged<unknown>][] = [
    [`${at}.lineItems`, node.returnLineItems],
    [`${at}.exchangeLineItems`, node.exchangeLineItems],
    [`${at}.reverseFulfillmentOrders`, node.reverseFulfillmentOrders],
    ...node.reverseFulfillmentOrders.nodes.map((o, j): [string, Paged<unknown>] => [`${at}.reverseFulfillmentOrders[${j}].lineItems`, o.lineItems]),
    [`${at}.refunds`, node.refunds],
  ];
  return lists.filter(([, list]) => list.pageInfo?.hasNextPage).map(([list, page]) => ({ list, seen: page.nodes.length }));
}
