// Which units of an order can still go into a return: Shopify's rule that a return takes fulfilled
// units not refunded and not already in another return. Counted per fulfillment line item (the units
// a return line names) and per order line (refunds count per line, not per fulfilment): a unit is
// free when both say so. Pure functions over a store order, for return-checks.ts and the views.
import type { StoreLineItem, StoreOrder } from './model.js';
import { refundedQuantity } from './refund-rules.js';
import { holdsUnits, type StoreReturn, type StoreReturnLineItem } from './return-model.js';

export const returnsOf = (order: StoreOrder): StoreReturn[] => order.returns ?? [];

/** A fulfillment line of the order's own fulfilments with the order line it shipped (an exchange's added lines are not returnable). */
export function fulfillmentLineOf(order: StoreOrder, fulfillmentLineItemId: string): { quantity: number; lineItem: StoreLineItem } | undefined {
  const line = order.fulfillments.flatMap((f) => f.lines).find((l) => l.id === fulfillmentLineItemId);
  const lineItem = line && order.lineItems.find((li) => li.id === line.lineItemId);
  return line && lineItem ? { quantity: line.quantity, lineItem } : undefined;
}

const heldLines = (order: StoreOrder, matches: (line: StoreReturnLineItem) => boolean): StoreReturnLineItem[] =>
  returnsOf(order)
    .filter(holdsUnits)
    .flatMap((r) => r.returnLineItems)
    .filter(matches);

/** Units of a fulfillment line already in a return that holds them (refunded through it or not). */
export const unitsInReturns = (order: StoreOrder, fulfillmentLineItemId: string): number =>
  heldLines(order, (l) => l.fulfillmentLineItemId === fulfillmentLineItemId).reduce((n, l) => n + l.quantity, 0);

function fulfilledUnits(order: StoreOrder, lineItemId: string): number {
  return order.fulfillments
    .flatMap((f) => f.lines)
    .filter((l) => l.lineItemId === lineItemId)
    .reduce((n, l) => n + l.quantity, 0);
}

/**
 * Units of an order line a new return may take: its fulfilled units, less those refunded (an
 * unfulfilled unit is taken as refunded first), less those held by a return and not refunded yet.
 */
export function returnableQuantity(order: StoreOrder, item: StoreLineItem): number {
  const held = heldLines(order, (l) => l.lineItemId === item.id).reduce((n, l) => n + l.quantity - l.refundedQuantity, 0);
  return Math.max(0, Math.min(fulfilledUnits(order, item.id), item.quantity - refundedQuantity(order, item.id)) - held);
}

/** Units of a fulfillment line a new return may take: within the line, and within its order line's returnable units. */
export function returnableOnFulfillmentLine(order: StoreOrder, fulfillmentLineItemId: string): number {
  const line = fulfillmentLineOf(order, fulfillmentLineItemId);
  if (!line) return 0;
  return Math.max(0, Math.min(line.quantity - unitsInReturns(order, fulfillmentLineItemId), returnableQuantity(order, line.lineItem)));
}

/** The return (and the order) a return, reverse fulfillment order or return line belongs to. */
export function findReturn(orders: readonly StoreOrder[], matches: (r: StoreReturn) => boolean): { order: StoreOrder; ret: StoreReturn } | undefined {
  for (const order of orders) {
    const ret = returnsOf(order).find(matches);
    if (ret) return { order, ret };
  }
  return undefined;
}

/** An order line by id: one of its own, or one an exchange added. */
export const anyLineItem = (order: StoreOrder, id: string): StoreLineItem | undefined =>
  order.lineItems.find((li) => li.id === id) ?? order.addedLineItems?.find((li) => li.id === id);
