// What the returns and exchanges end-to-end tests share: returns on with a $5.00 fee, the store's
// webhook secret and the tenant's return address, a clock the test moves on by whole days with the
// wait timers it fires by hand, the sandbox's receive endpoint, the store's signed webhooks, and the
// store's own status of a return.
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { Timer } from '#local/stepfunctions/index.js';
import type { LocalRuntime } from '#local/runtime.js';
import { settled, type RunView } from './local-runtime.js';

export const DAY_MS = 86_400_000;
export const SHOPIFY_SECRET = 'e2e-returns-shopify-secret';
export const RETURN_ADDRESS = 'Acme Returns, 1 Dock Road, Springfield 12345';
export const POLICY = {
  returns: { enabled: true, feeMinor: 500, windowDays: 30, receiveWithinDays: 30, keepItBelowMinor: 2000, damagedBackFromMinor: null, notifyCustomer: false },
};

/** A clock the test moves on by whole days, and the wait timers it fires by hand. */
export function world() {
  let offset = 0;
  const pending: Array<{ fire: () => void; ms: number; live: boolean }> = [];
  const timer: Timer = {
    set(callback, ms) {
      const entry = { fire: callback, ms, live: true };
      pending.push(entry);
      return () => {
        entry.live = false;
      };
    },
  };
  return {
    clock: { now: () => new Date(Date.now() + offset) },
    timer,
    pending,
    passDays: (days: number) => (offset += days * DAY_MS),
  };
}

export async function receive(rt: LocalRuntime, returnName: string, lineItems: Array<{ sku: string; quantity: number }>): Promise<void> {
  const base = new URL(rt.urls.storeGraphql).origin;
  const res = await fetch(`${base}/sandbox/returns/${encodeURIComponent(returnName)}/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lineItems, disposition: 'RESTOCKED' }),
  });
  expect(res.status).toBe(200);
}

/** Shopify's signed delivery of a topic, as the store sends it (X-Shopify-Hmac-Sha256 over the body). */
export async function storeWebhook(rt: LocalRuntime, topic: string, body: object): Promise<Response> {
  const raw = JSON.stringify(body);
  return fetch(rt.urls.storeWebhook, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-webhook-id': `e2e-${Math.random().toString(36).slice(2)}`,
      'x-shopify-shop-domain': 'demo.myshopify.com',
      'x-shopify-hmac-sha256': createHmac('sha256', SHOPIFY_SECRET).update(raw).digest('base64'),
    },
    body: raw,
  });
}

/** The store's own status of a return, read through the Admin API as the agent reads it. */
export async function storeReturnStatus(rt: LocalRuntime, returnId: string): Promise<string> {
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({ query: 'query($id: ID!) { return(id: $id) { status } }', variables: { id: returnId } }),
  });
  const body = (await res.json()) as { data?: { return?: { status: string } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!.return!.status;
}

export const waiting = (r: RunView) => r.status === 'awaiting_return' || r.status === 'awaiting_approval' || settled(r) || r.status === 'pending_review';
