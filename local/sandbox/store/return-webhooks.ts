// The bodies of the webhooks a return sends, shaped as Shopify's (REST style: numeric `id` beside
// `admin_graphql_api_id`, lower-case enum values, money as decimal strings in shop_money and
// presentment_money). Where the shapes come from: Shopify's webhook reference (shopify.dev/docs/api/
// webhooks, topic list and example payloads) as the fields are collected in public typed clients of
// it, e.g. github.com/sadsciencee/shopify-webhooks-go pkg/v2025_01/payload (returns_approve.go,
// returns_request.go, returns_decline.go, returns_close.go, reverse_fulfillment_orders_dispose.go,
// reverse_deliveries_attach_deliverable.go) and a returns/request example quoted from Shopify's docs.
// returns/request and returns/approve carry the return with its lines, fees and exchange lines;
// returns/decline the decline; returns/cancel, returns/close and returns/reopen only the ids and status.
// ASSUMPTION: Shopify documents no example body for returns/process (its reference lists no fields);
// the sandbox sends the close/cancel fields plus each line's processed quantities. Signing and
// delivery are webhooks.ts's.
import { minorToDecimal } from '#shared/money.js';
import type { StoreOrder } from './model.js';
import type { StoreDisposition, StoreReturn, StoreReverseDelivery, StoreReverseFulfillmentOrder } from './return-model.js';

export type ReturnTopic = 'returns/request' | 'returns/approve' | 'returns/decline' | 'returns/cancel' | 'returns/close' | 'returns/reopen' | 'returns/process';

/** gid://shopify/Return/900000012 → 900000012 (REST payloads carry numeric ids). */
export const numericIdOf = (gid: string | null | undefined): number | null => {
  const tail = gid?.split('/').pop();
  return tail && /^\d+$/.test(tail) ? Number(tail) : null;
};
const ref = (gid: string) => ({ id: numericIdOf(gid), admin_graphql_api_id: gid });

function moneySet(order: StoreOrder, shopMinor: number, paidMinor: number) {
  const paid = order.presentmentCurrency ?? order.currency;
  return {
    shop_money: { amount: minorToDecimal(shopMinor, order.currency), currency_code: order.currency },
    presentment_money: { amount: minorToDecimal(paidMinor, paid), currency_code: paid },
  };
}

/** returns/request and returns/approve: the return, its lines (with the fulfillment line and order line), fees and exchange lines. */
function returnBody(order: StoreOrder, ret: StoreReturn): Record<string, unknown> {
  return {
    ...ref(ret.id),
    status: ret.status.toLowerCase(),
    order: ref(order.id),
    total_return_line_items: ret.returnLineItems.length,
    name: ret.name,
    return_line_items: ret.returnLineItems.map((l) => ({
      ...ref(l.id),
      fulfillment_line_item: { ...ref(l.fulfillmentLineItemId), line_item: ref(l.lineItemId) },
      quantity: l.quantity,
      return_reason: l.returnReason.toLowerCase(),
      return_reason_note: l.returnReasonNote,
      customer_note: l.customerNote,
    })),
    return_shipping_fees: ret.returnShippingFees.map((f) => ({
      ...ref(f.id),
      price: moneySet(order, f.amountMinor, f.presentmentAmountMinor ?? f.amountMinor),
    })),
    exchange_line_items: ret.exchangeLineItems.map((e) => ({ ...ref(e.id), line_item: e.lineItemIds[0] ? ref(e.lineItemIds[0]) : null })),
    total_exchange_line_items: ret.exchangeLineItems.length,
  };
}

export function returnWebhook(topic: ReturnTopic, order: StoreOrder, ret: StoreReturn): Record<string, unknown> {
  const status = ret.status.toLowerCase();
  switch (topic) {
    case 'returns/request':
    case 'returns/approve':
      return returnBody(order, ret);
    case 'returns/decline':
      return { ...ref(ret.id), status, order: ref(order.id), decline: { reason: ret.decline?.reason.toLowerCase() ?? null, note: ret.decline?.note ?? null } };
    case 'returns/process':
      return {
        ...ref(ret.id),
        order_id: numericIdOf(order.id),
        name: ret.name,
        status,
        return_line_items: ret.returnLineItems.map((l) => ({ ...ref(l.id), quantity: l.quantity, processed_quantity: l.processedQuantity })),
        exchange_line_items: ret.exchangeLineItems.map((e) => ({
          ...ref(e.id),
          quantity: e.quantity,
          processed_quantity: e.processedQuantity,
          line_items: e.lineItemIds.map(ref),
        })),
      };
    default:
      return { ...ref(ret.id), order_id: numericIdOf(order.id), status };
  }
}

/** reverse_fulfillment_orders/dispose: the dispositions just made on one reverse fulfillment order. */
export function disposeWebhook(
  rfo: StoreReverseFulfillmentOrder,
  made: readonly { lineItemId: string; disposition: StoreDisposition }[],
): Record<string, unknown> {
  return {
    ...ref(rfo.id),
    total_dispositions: made.length,
    dispositions: made.map(({ lineItemId, disposition }) => ({
      reverse_fulfillment_order_line_item: ref(lineItemId),
      reverse_delivery_line_item: null,
      type: disposition.type.toLowerCase(),
      location: disposition.locationId ? ref(disposition.locationId) : null,
      quantity: disposition.quantity,
    })),
  };
}

/** reverse_deliveries/attach_deliverable: the label and tracking attached to a reverse delivery. */
export function attachDeliverableWebhook(ret: StoreReturn, delivery: StoreReverseDelivery): Record<string, unknown> {
  return {
    ...ref(delivery.id),
    return: ref(ret.id),
    shipping_deliverable: {
      label: delivery.label ? { public_file_url: delivery.label.fileUrl, created_at: delivery.label.createdAt } : null,
      tracking: delivery.tracking
        ? { carrier_name: delivery.tracking.carrierName, tracking_number: delivery.tracking.number, tracking_url: delivery.tracking.url }
        : null,
    },
  };
}
