// reverseDeliveryCreateWithShipping in the sandbox store: a reverse delivery on an open return's
// reverse fulfillment order, for some of its units (all of them when no line is given, as Shopify
// does), with the label the merchant bought (its file URL) and the parcel's tracking. Refusals are
// user errors naming the field; a delivery made sends reverse_deliveries/attach_deliverable.
// ASSUMPTION: Shopify names the carrier from the tracking; the sandbox reads it from the tracking
// URL's host (a few carriers it knows), else leaves it null.
import type { StoreOrder } from './model.js';
import type { ReturnContext } from './return-context.js';
import type { ReturnUserError, StoreReturn, StoreReverseDelivery, StoreReverseFulfillmentOrder } from './return-model.js';
import { findReturn } from './return-units.js';
import { attachDeliverableWebhook } from './return-webhooks.js';

export interface ReverseDeliveryAsk {
  reverseFulfillmentOrderId: string;
  lines: { reverseFulfillmentOrderLineItemId: string; quantity: number }[];
  labelFileUrl: string | null;
  tracking: { number: string | null; url: string | null } | null;
}

export type ReverseDeliveryResult =
  | { delivery: StoreReverseDelivery; rfo: StoreReverseFulfillmentOrder; ret: StoreReturn; order: StoreOrder; userErrors: [] }
  | { delivery: null; userErrors: ReturnUserError[] };

const CARRIERS: [RegExp, string][] = [
  [/(^|\.)ups\.com$/, 'UPS'],
  [/(^|\.)usps\.com$/, 'USPS'],
  [/(^|\.)fedex\.com$/, 'FedEx'],
  [/(^|\.)dhl\.(com|de)$/, 'DHL Express'],
  [/(^|\.)canadapost(-postescanada)?\.ca$/, 'Canada Post'],
  [/(^|\.)royalmail\.com$/, 'Royal Mail'],
  [/(^|\.)auspost\.com\.au$/, 'Australia Post'],
];

export function carrierOf(url: string | null): string | null {
  if (!url) return null;
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  return CARRIERS.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}

const isWebUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/** Units of a reverse fulfillment order line already in one of its deliveries. */
const inDeliveries = (rfo: StoreReverseFulfillmentOrder, lineId: string) =>
  rfo.deliveries.flatMap((d) => d.lines).reduce((n, l) => n + (l.reverseFulfillmentOrderLineItemId === lineId ? l.quantity : 0), 0);

function lineErrors(rfo: StoreReverseFulfillmentOrder, ask: ReverseDeliveryAsk): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  const taken = new Map<string, number>();
  ask.lines.forEach((line, i) => {
    const field = (name: string) => ['reverseDeliveryLineItems', String(i), name];
    const rfoLine = rfo.lineItems.find((l) => l.id === line.reverseFulfillmentOrderLineItemId);
    if (!rfoLine)
      return void errors.push({
        field: field('reverseFulfillmentOrderLineItemId'),
        message: 'Reverse fulfillment order line item does not exist',
        code: 'NOT_FOUND',
      });
    if (line.quantity <= 0) return void errors.push({ field: field('quantity'), message: 'Quantity must be greater than 0', code: 'GREATER_THAN' });
    const asked = (taken.get(rfoLine.id) ?? 0) + line.quantity;
    taken.set(rfoLine.id, asked);
    const left = rfoLine.totalQuantity - inDeliveries(rfo, rfoLine.id);
    if (asked > left)
      errors.push({ field: field('quantity'), message: `Quantity is more than the ${left} unit(s) not yet in a reverse delivery`, code: 'INVALID' });
  });
  return errors;
}

function urlErrors(ask: ReverseDeliveryAsk): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  if (ask.labelFileUrl !== null && !isWebUrl(ask.labelFileUrl))
    errors.push({ field: ['labelInput', 'fileUrl'], message: 'File URL is invalid', code: 'INVALID' });
  const url = ask.tracking?.url;
  if (url && !isWebUrl(url)) errors.push({ field: ['trackingInput', 'url'], message: 'Tracking URL is invalid', code: 'INVALID' });
  return errors;
}

/** reverseDeliveryCreateWithShipping: the delivery, or user errors and no change. */
export function createReverseDelivery(ctx: ReturnContext, ask: ReverseDeliveryAsk): ReverseDeliveryResult {
  const found = findReturn(ctx.state.orders, (r) => r.reverseFulfillmentOrders.some((rfo) => rfo.id === ask.reverseFulfillmentOrderId));
  const rfo = found?.ret.reverseFulfillmentOrders.find((o) => o.id === ask.reverseFulfillmentOrderId);
  if (!found || !rfo)
    return { delivery: null, userErrors: [{ field: ['reverseFulfillmentOrderId'], message: 'Reverse fulfillment order does not exist', code: 'NOT_FOUND' }] };
  if (found.ret.status !== 'OPEN' || rfo.status !== 'OPEN') {
    const message = `A reverse delivery needs an open return (it is ${found.ret.status})`;
    return { delivery: null, userErrors: [{ field: ['reverseFulfillmentOrderId'], message, code: 'INVALID_STATE' }] };
  }
  // No line given: every unit not yet in a delivery (Shopify: "an empty array … each line with its total quantity").
  const lines =
    ask.lines.length > 0
      ? ask.lines
      : rfo.lineItems
          .map((l) => ({ reverseFulfillmentOrderLineItemId: l.id, quantity: l.totalQuantity - inDeliveries(rfo, l.id) }))
          .filter((l) => l.quantity > 0);
  const errors = [...lineErrors(rfo, { ...ask, lines }), ...urlErrors(ask)];
  if (lines.length === 0) errors.push({ field: ['reverseDeliveryLineItems'], message: 'Every unit is already in a reverse delivery', code: 'INVALID' });
  if (errors.length > 0) return { delivery: null, userErrors: errors };
  const { state } = ctx;
  const now = state.isoDaysAgo(0);
  const delivery: StoreReverseDelivery = {
    id: state.mintGid('ReverseDelivery'),
    createdAt: now,
    lines: lines.map((l) => ({ id: state.mintGid('ReverseDeliveryLineItem'), ...l })),
    label: ask.labelFileUrl === null ? null : { fileUrl: ask.labelFileUrl, createdAt: now },
    tracking: ask.tracking ? { number: ask.tracking.number, url: ask.tracking.url, carrierName: carrierOf(ask.tracking.url) } : null,
  };
  rfo.deliveries.push(delivery);
  ctx.events.changed();
  ctx.events.send('reverse_deliveries/attach_deliverable', attachDeliverableWebhook(found.ret, delivery));
  return { delivery, rfo, ret: found.ret, order: found.order, userErrors: [] };
}
