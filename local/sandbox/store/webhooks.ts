// The sandbox store's outgoing webhooks, as Shopify sends them: a refund created through refundCreate
// is delivered as `refunds/create` (the REST payload: numeric ids, decimal strings) to the configured
// URL, signed with X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the body with the app's secret), after
// the mutation has answered. Its own signing code, not the receiver's: the two are checked against each
// other end to end. The local runtime points it at its own POST /webhooks/shopify. Returns send their
// topics (return-webhooks.ts builds the bodies) through the same signed delivery.
import { createHmac, randomUUID } from 'node:crypto';
import { minorToDecimal } from '#shared/money.js';
import type { StoreOrder, StoreRefund } from './state.js';

export interface StoreWebhookTarget {
  /** Where deliveries go; a function when the URL is known only once the receiver listens. */
  url: string | (() => string);
  secret: string;
  /** X-Shopify-Shop-Domain; default refund-agent-sandbox.myshopify.com. */
  shopDomain?: string;
}

/** gid://shopify/LineItem/11001 → 11001 (REST payloads carry numeric ids). */
const numericId = (gid: string | null): number | null => {
  const tail = gid?.split('/').pop();
  return tail && /^\d+$/.test(tail) ? Number(tail) : null;
};

export function refundCreatedPayload(order: StoreOrder, refund: StoreRefund): Record<string, unknown> {
  const money = (minor: number) => minorToDecimal(minor, order.currency);
  return {
    id: numericId(refund.id),
    order_id: numericId(order.id),
    created_at: refund.createdAt,
    processed_at: refund.createdAt,
    note: refund.note,
    restock: refund.lines.some((line) => line.restockType !== undefined),
    refund_line_items: refund.lines.map((line) => ({
      id: numericId(line.id),
      line_item_id: numericId(line.lineItemId),
      quantity: line.quantity,
      restock_type: line.restockType?.toLowerCase() ?? 'no_restock',
      location_id: numericId(line.locationId ?? null),
      subtotal: money(line.subtotalMinor),
      total_tax: money(line.totalTaxMinor ?? 0),
    })),
    transactions: order.transactions
      .filter((t) => refund.transactionIds.includes(t.id))
      .map((t) => ({
        id: numericId(t.id),
        order_id: numericId(order.id),
        kind: 'refund',
        status: 'success',
        gateway: t.gateway,
        amount: money(t.amountMinor),
        currency: order.currency,
        parent_id: numericId(t.parentId),
        created_at: t.createdAt,
      })),
    order_adjustments: [],
  };
}

export function createStoreWebhookSender(target: StoreWebhookTarget, onError: (error: unknown) => void = () => {}) {
  const pending = new Set<Promise<void>>();
  const urlOf = () => (typeof target.url === 'function' ? target.url() : target.url);

  async function deliver(topic: string, payload: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify(payload);
    const response = await fetch(urlOf(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Shopify-Hmac-Sha256': createHmac('sha256', target.secret).update(body, 'utf8').digest('base64'),
        'X-Shopify-Topic': topic,
        'X-Shopify-Webhook-Id': randomUUID(),
        'X-Shopify-Shop-Domain': target.shopDomain ?? 'refund-agent-sandbox.myshopify.com',
        'X-Shopify-API-Version': '2026-04',
      },
      body,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${topic} delivery answered ${response.status}`);
  }

  /** Queued after the mutation answers, as Shopify delivers asynchronously; deliveries start in the order queued, none waits for another. */
  function send(topic: string, payload: Record<string, unknown>): void {
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(topic, payload))
      .catch(onError)
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  return {
    refundCreated(order: StoreOrder, refund: StoreRefund): void {
      send('refunds/create', refundCreatedPayload(order, refund));
    },
    /** Any other topic, its body built by the caller (return-webhooks.ts for returns). */
    send,
    /** Waits for the deliveries in flight (the store's close). */
    async settle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
