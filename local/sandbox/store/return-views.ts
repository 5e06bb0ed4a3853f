// The sandbox store's views of a return, as the Admin API shows it: the Return with its return line
// items (ReturnLineItemType), exchange line items, shipping fees, reverse fulfillment orders with their
// dispositions and reverse deliveries (label, tracking), refunds and transactions; and the order's
// aggregated returnStatus. The order and refund views come in as `views` (views.ts passes its own),
// so this file and views.ts do not import each other.
// ASSUMPTION: processableQuantity counts units received (with a disposition other than MISSING) and
// not processed, as the sandbox processes only those; refundableQuantity the units not processed yet.
import { lineItemView, transactionView } from './line-views.js';
import type { StoreOrder, StoreRefund } from './model.js';
import {
  holdsUnits,
  receivedQuantity,
  type StoreDisposition,
  type StoreReturn,
  type StoreReturnLineItem,
  type StoreReverseDelivery,
  type StoreReverseFulfillmentOrder,
  type StoreReverseFulfillmentOrderLineItem,
} from './return-model.js';
import { anyLineItem, returnsOf } from './return-units.js';
import type { SandboxStoreState } from './state.js';
import { connection, orderBag, type Args } from './view-kit.js';

/** How the views of an order and of a refund are built (views.ts). */
export interface OrderViews {
  order(order: StoreOrder): unknown;
  refund(order: StoreOrder, refund: StoreRefund): unknown;
}

/** Where a view is: the store, the order and return it belongs to, and how to view the order and its refunds. */
export type ReturnAt = { state: SandboxStoreState; order: StoreOrder; ret: StoreReturn; views: OrderViews };
type At = ReturnAt;

function fulfillmentLineView(at: At, fulfillmentLineItemId: string) {
  const line = at.order.fulfillments.flatMap((f) => f.lines).find((l) => l.id === fulfillmentLineItemId);
  const item = line && anyLineItem(at.order, line.lineItemId);
  return line && item ? { id: line.id, quantity: line.quantity, lineItem: lineItemView(at.state, at.order, item) } : null;
}

function returnLineView(at: At, l: StoreReturnLineItem) {
  return {
    __typename: 'ReturnLineItem',
    id: l.id,
    quantity: l.quantity,
    processedQuantity: l.processedQuantity,
    processableQuantity: Math.max(0, receivedQuantity(at.ret, l) - l.processedQuantity),
    unprocessedQuantity: l.quantity - l.processedQuantity,
    refundedQuantity: l.refundedQuantity,
    refundableQuantity: l.quantity - l.processedQuantity,
    returnReason: l.returnReason,
    returnReasonNote: l.returnReasonNote,
    customerNote: l.customerNote,
    fulfillmentLineItem: () => fulfillmentLineView(at, l.fulfillmentLineItemId),
  };
}

function exchangeLineView(at: At, e: StoreReturn['exchangeLineItems'][number]) {
  const lines = () => e.lineItemIds.flatMap((id) => anyLineItem(at.order, id) ?? []).map((li) => lineItemView(at.state, at.order, li));
  return {
    id: e.id,
    variantId: e.variantId,
    quantity: e.quantity,
    processedQuantity: e.processedQuantity,
    processableQuantity: e.quantity - e.processedQuantity,
    unprocessedQuantity: e.quantity - e.processedQuantity,
    lineItems: lines,
    lineItem: () => lines()[0] ?? null,
  };
}

const dispositionView = (d: StoreDisposition) => ({
  id: d.id,
  type: d.type,
  quantity: d.quantity,
  createdAt: d.createdAt,
  location: d.locationId ? { id: d.locationId, name: 'Shop location' } : null,
});

export const rfoLineView = (at: At, l: StoreReverseFulfillmentOrderLineItem) => ({
  id: l.id,
  totalQuantity: l.totalQuantity,
  dispositions: l.dispositions.map(dispositionView),
  fulfillmentLineItem: () => fulfillmentLineView(at, l.fulfillmentLineItemId),
});

/** A reverse delivery: its deliverable (label and tracking) and its lines. Dispositions are kept on the order's lines, so none here. */
export function deliveryView(at: At, rfo: StoreReverseFulfillmentOrder, d: StoreReverseDelivery): Record<string, unknown> {
  return {
    id: d.id,
    deliverable: {
      __typename: 'ReverseDeliveryShippingDeliverable',
      label: d.label ? { publicFileUrl: d.label.fileUrl, createdAt: d.label.createdAt, updatedAt: d.label.createdAt } : null,
      tracking: d.tracking,
    },
    reverseDeliveryLineItems: (args: Args) =>
      connection(
        d.lines.map((l) => {
          const rfoLine = rfo.lineItems.find((x) => x.id === l.reverseFulfillmentOrderLineItemId);
          return { id: l.id, quantity: l.quantity, dispositions: [], reverseFulfillmentOrderLineItem: rfoLine ? rfoLineView(at, rfoLine) : null };
        }),
        args,
        'ReverseDeliveryLineItem',
      ),
    reverseFulfillmentOrder: () => reverseFulfillmentOrderView(at, rfo),
  };
}

function reverseFulfillmentOrderView(at: At, rfo: StoreReverseFulfillmentOrder): Record<string, unknown> {
  return {
    id: rfo.id,
    status: rfo.status,
    order: () => at.views.order(at.order),
    lineItems: (args: Args) =>
      connection(
        rfo.lineItems.map((l) => rfoLineView(at, l)),
        args,
        'ReverseFulfillmentOrderLineItem',
      ),
    reverseDeliveries: (args: Args) =>
      connection(
        rfo.deliveries.map((d) => deliveryView(at, rfo, d)),
        args,
        'ReverseDelivery',
      ),
  };
}

/** A return as the Admin API shows it; its connections resolve on demand. */
export function returnView(state: SandboxStoreState, order: StoreOrder, ret: StoreReturn, views: OrderViews) {
  const at: At = { state, order, ret, views };
  const refunds = () => ret.refundIds.flatMap((id) => order.refunds.filter((r) => r.id === id));
  return {
    id: ret.id,
    name: ret.name,
    status: ret.status,
    createdAt: ret.createdAt,
    closedAt: ret.closedAt,
    requestApprovedAt: ret.requestApprovedAt,
    decline: ret.decline,
    order: () => views.order(order),
    totalQuantity: ret.returnLineItems.reduce((n, l) => n + l.quantity, 0),
    returnShippingFees: ret.returnShippingFees.map((f) => ({ id: f.id, amountSet: orderBag(order, f.amountMinor, f.presentmentAmountMinor ?? f.amountMinor) })),
    returnLineItems: (args: Args) =>
      connection(
        ret.returnLineItems.map((l) => returnLineView(at, l)),
        args,
        'ReturnLineItem',
      ),
    exchangeLineItems: (args: Args) =>
      connection(
        ret.exchangeLineItems.map((e) => exchangeLineView(at, e)),
        args,
        'ExchangeLineItem',
      ),
    reverseFulfillmentOrders: (args: Args) =>
      connection(
        ret.reverseFulfillmentOrders.map((o) => reverseFulfillmentOrderView(at, o)),
        args,
        'ReverseFulfillmentOrder',
      ),
    refunds: (args: Args) =>
      connection(
        refunds().map((r) => views.refund(order, r)),
        args,
        'Refund',
      ),
    transactions: (args: Args) =>
      connection(
        refunds().flatMap((r) => order.transactions.filter((t) => r.transactionIds.includes(t.id)).map((t) => transactionView(order, t))),
        args,
        'OrderTransaction',
      ),
  };
}

/** A reverse fulfillment order or reverse delivery by id, as its view (Query.reverseFulfillmentOrder, Query.reverseDelivery). */
export function reverseViewById(state: SandboxStoreState, id: string, views: OrderViews): Record<string, unknown> | null {
  for (const order of state.orders) {
    for (const ret of returnsOf(order)) {
      const at: At = { state, order, ret, views };
      for (const rfo of ret.reverseFulfillmentOrders) {
        if (rfo.id === id) return reverseFulfillmentOrderView(at, rfo);
        const delivery = rfo.deliveries.find((d) => d.id === id);
        if (delivery) return deliveryView(at, rfo, delivery);
      }
    }
  }
  return null;
}

/** Order.returnStatus, from its returns that hold units: any open → IN_PROGRESS, else requested → RETURN_REQUESTED, else closed → RETURNED. */
export function orderReturnStatus(order: StoreOrder): 'IN_PROGRESS' | 'RETURN_REQUESTED' | 'RETURNED' | 'NO_RETURN' {
  const held = returnsOf(order).filter(holdsUnits);
  if (held.some((r) => r.status === 'OPEN')) return 'IN_PROGRESS';
  if (held.some((r) => r.status === 'REQUESTED')) return 'RETURN_REQUESTED';
  return held.length > 0 ? 'RETURNED' : 'NO_RETURN';
}
