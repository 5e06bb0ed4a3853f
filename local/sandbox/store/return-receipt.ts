// Receiving a return's parcel in the sandbox store: dispositions on its reverse fulfillment order's
// lines (Shopify's reverseFulfillmentOrderDispose, returnProcess's inline dispositions, and the
// sandbox's own receive endpoint, which a test or a person calls when the parcel "arrives"). A unit
// with a disposition other than MISSING came back and may be processed; RESTOCKED puts it back in the
// catalogue's stock when the line's variant is listed. Each call's dispositions are sent as one
// reverse_fulfillment_orders/dispose (Shopify's topic for "a disposition is made on a reverse
// fulfillment order") per reverse fulfillment order.
import { DEFAULT_LOCATION_ID } from './credit.js';
import type { StoreOrder } from './model.js';
import type { ReturnContext } from './return-context.js';
import {
  disposedQuantity,
  type DispositionType,
  type ReturnUserError,
  type StoreDisposition,
  type StoreReturn,
  type StoreReverseFulfillmentOrder,
  type StoreReverseFulfillmentOrderLineItem,
} from './return-model.js';
import { anyLineItem, findReturn } from './return-units.js';
import { disposeWebhook } from './return-webhooks.js';

export interface DispositionAsk {
  reverseFulfillmentOrderLineItemId: string;
  quantity: number;
  dispositionType: DispositionType;
  locationId: string | null;
}

type Located = { order: StoreOrder; ret: StoreReturn; rfo: StoreReverseFulfillmentOrder; line: StoreReverseFulfillmentOrderLineItem };

function locate(ctx: ReturnContext, lineId: string): Located | undefined {
  const found = findReturn(ctx.state.orders, (r) => r.reverseFulfillmentOrders.some((rfo) => rfo.lineItems.some((l) => l.id === lineId)));
  if (!found) return undefined;
  const rfo = found.ret.reverseFulfillmentOrders.find((o) => o.lineItems.some((l) => l.id === lineId))!;
  return { ...found, rfo, line: rfo.lineItems.find((l) => l.id === lineId)! };
}

/**
 * The user errors for these dispositions (none: they may be made). `field` names an ask's field;
 * `within`: they must be on this return's lines (returnProcess's inline dispositions).
 */
export function dispositionErrors(
  ctx: ReturnContext,
  asks: readonly DispositionAsk[],
  field: (index: number, name: string) => string[],
  within?: StoreReturn,
): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  const taken = new Map<string, number>();
  asks.forEach((ask, i) => {
    const at = locate(ctx, ask.reverseFulfillmentOrderLineItemId);
    if (!at || (within && at.ret !== within)) {
      const message = 'Reverse fulfillment order line item does not exist' + (within ? ' on this return' : '');
      return void errors.push({ field: field(i, 'reverseFulfillmentOrderLineItemId'), message, code: 'NOT_FOUND' });
    }
    if (at.ret.status !== 'OPEN') {
      return void errors.push({
        field: field(i, 'reverseFulfillmentOrderLineItemId'),
        message: `The return is ${at.ret.status}, not OPEN`,
        code: 'INVALID_STATE',
      });
    }
    if (ask.quantity <= 0) return void errors.push({ field: field(i, 'quantity'), message: 'Quantity must be greater than 0', code: 'GREATER_THAN' });
    if (ask.dispositionType === 'RESTOCKED' && !ask.locationId) {
      return void errors.push({ field: field(i, 'locationId'), message: 'A location is required to restock', code: 'BLANK' });
    }
    const asked = (taken.get(at.line.id) ?? 0) + ask.quantity;
    taken.set(at.line.id, asked);
    const left = at.line.totalQuantity - disposedQuantity(at.line);
    if (asked > left)
      errors.push({ field: field(i, 'quantity'), message: `Quantity is more than the ${left} unit(s) with no disposition yet`, code: 'INVALID' });
  });
  return errors;
}

/** Makes dispositions already checked; restocks; sends one reverse_fulfillment_orders/dispose per reverse fulfillment order. */
export function applyDispositions(ctx: ReturnContext, asks: readonly DispositionAsk[]): StoreReverseFulfillmentOrderLineItem[] {
  const { state } = ctx;
  const made = new Map<StoreReverseFulfillmentOrder, { lineItemId: string; disposition: StoreDisposition }[]>();
  const touched: StoreReverseFulfillmentOrderLineItem[] = [];
  for (const ask of asks) {
    const at = locate(ctx, ask.reverseFulfillmentOrderLineItemId)!;
    const disposition: StoreDisposition = {
      id: state.mintGid('ReverseFulfillmentOrderDisposition'),
      type: ask.dispositionType,
      quantity: ask.quantity,
      locationId: ask.locationId,
      createdAt: state.isoDaysAgo(0),
    };
    at.line.dispositions.push(disposition);
    if (!touched.includes(at.line)) touched.push(at.line);
    made.set(at.rfo, [...(made.get(at.rfo) ?? []), { lineItemId: at.line.id, disposition }]);
    if (ask.dispositionType === 'RESTOCKED') {
      const returned = at.ret.returnLineItems.find((l) => l.id === at.line.returnLineItemId);
      state.catalogue.put(returned && anyLineItem(at.order, returned.lineItemId)?.variantId, ask.quantity);
    }
  }
  for (const [rfo, list] of made) ctx.events.send('reverse_fulfillment_orders/dispose', disposeWebhook(rfo, list));
  return touched;
}

/** reverseFulfillmentOrderDispose: the lines disposed, or user errors and no change. */
export function dispose(
  ctx: ReturnContext,
  asks: readonly DispositionAsk[],
): { lineItems: StoreReverseFulfillmentOrderLineItem[]; order: StoreOrder | null; userErrors: ReturnUserError[] } {
  const errors = dispositionErrors(ctx, asks, (i, name) => ['dispositionInputs', String(i), name]);
  if (asks.length === 0) errors.push({ field: ['dispositionInputs'], message: 'At least one disposition is required', code: 'BLANK' });
  if (errors.length > 0) return { lineItems: [], order: null, userErrors: errors };
  const order = locate(ctx, asks[0]!.reverseFulfillmentOrderLineItemId)!.order;
  const lineItems = applyDispositions(ctx, asks);
  ctx.events.changed();
  return { lineItems, order, userErrors: [] };
}

/** The sandbox receive endpoint's request: units of the return's lines by order line id (GID or number) or SKU. */
export interface ReceiveAsk {
  lineItems: ({ lineItemId: string; quantity: number } | { sku: string; quantity: number })[];
  disposition: Exclude<DispositionType, 'MISSING'>;
}

/** A return named by its GID, its number (900000012) or its name (#1001-R1, 1001-R1). */
export function returnByRef(ctx: ReturnContext, ref: string): { order: StoreOrder; ret: StoreReturn } | undefined {
  const name = ref.startsWith('#') ? ref : `#${ref}`;
  return findReturn(ctx.state.orders, (r) => r.id === ref || r.id.split('/').pop() === ref || r.name === name);
}

/** The dispositions a receipt makes: each asked line's units spread over the return's lines of that order line. */
export function receiptDispositions(found: { order: StoreOrder; ret: StoreReturn }, ask: ReceiveAsk): DispositionAsk[] | string {
  const rfoLines = found.ret.reverseFulfillmentOrders.flatMap((rfo) => rfo.lineItems);
  const asks: DispositionAsk[] = [];
  for (const [i, units] of ask.lineItems.entries()) {
    const matches = (lineItemId: string) =>
      'sku' in units ? anyLineItem(found.order, lineItemId)?.sku === units.sku : [lineItemId, lineItemId.split('/').pop()].includes(units.lineItemId);
    const lines = found.ret.returnLineItems.filter((l) => matches(l.lineItemId));
    if (lines.length === 0) return `lineItems[${i}] names no line of return ${found.ret.name}`;
    let left = units.quantity;
    for (const line of rfoLines.filter((l) => lines.some((r) => r.id === l.returnLineItemId))) {
      const take = Math.min(
        left,
        line.totalQuantity - disposedQuantity(line) - asks.filter((a) => a.reverseFulfillmentOrderLineItemId === line.id).reduce((n, a) => n + a.quantity, 0),
      );
      if (take > 0)
        asks.push({ reverseFulfillmentOrderLineItemId: line.id, quantity: take, dispositionType: ask.disposition, locationId: DEFAULT_LOCATION_ID });
      left -= Math.max(0, take);
    }
    if (left > 0) return `lineItems[${i}]: ${units.quantity} unit(s) asked, more than return ${found.ret.name} still expects of that line`;
  }
  return asks;
}
