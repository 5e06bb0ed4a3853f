// Shopify's webhook delivery, as data: the headers it sends, how a delivery is verified (base64
// HMAC-SHA256 of the raw body with the app's webhook secret, compared in constant time), and the
// topics that mean "an agent refund was disputed or reversed" with the payload each carries.
// shopifySignedHeaders serves the tests and local tools that sign a delivery.
import { createHmac } from 'node:crypto';
import * as z from 'zod';
import { decimalToMinorOrNull } from '#shared/money.js';
import { safeEqual, type VerifyResult } from '../../shared/signatures.js';
import { DISPUTE_TYPES } from './topic-shapes.js';

export const SHOPIFY_HMAC_HEADER = 'X-Shopify-Hmac-Sha256';
export const SHOPIFY_TOPIC_HEADER = 'X-Shopify-Topic';
export const SHOPIFY_WEBHOOK_ID_HEADER = 'X-Shopify-Webhook-Id';

const signatureOf = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('base64');

/** Checks the delivery's signature over the exact bytes Shopify sent. */
export function verifyShopify(input: { secret: string; signature: string | undefined; body: Buffer }): VerifyResult {
  if (!input.signature) return { ok: false, reason: 'missing signature' };
  return safeEqual(input.signature.trim(), signatureOf(input.secret, input.body)) ? { ok: true } : { ok: false, reason: 'bad signature' };
}

/** The headers Shopify would send with `body` (tests, `npm run` tools, the local runtime's e2e). */
export function shopifySignedHeaders(secret: string, body: string, delivery: { topic: string; webhookId: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    [SHOPIFY_HMAC_HEADER]: signatureOf(secret, Buffer.from(body, 'utf8')),
    [SHOPIFY_TOPIC_HEADER]: delivery.topic,
    [SHOPIFY_WEBHOOK_ID_HEADER]: delivery.webhookId,
  };
}

/** Shopify Payments dispute, as disputes/create sends it (only the fields used here). */
const DisputePayload = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(64)]),
  order_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]),
  type: z.enum(DISPUTE_TYPES),
  reason: z.string().max(200).nullish(),
  /** A decimal string in the shop's currency, e.g. "11.50". */
  amount: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,6})?$/)
    .nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
});

/** What a reversal topic's payload says, independent of the topic's own field names. */
export type ReversalSignal = {
  orderId: string;
  disputeId: string | null;
  kind: string;
  reason: string | null;
  amountMinor: number | null;
  currency: string | null;
};

export type ParsedSignal = { ok: true; signal: ReversalSignal } | { ok: false; reason: string };

function parseDispute(payload: unknown): ParsedSignal {
  const parsed = DisputePayload.safeParse(payload);
  if (!parsed.success)
    return { ok: false, reason: `not a dispute: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim() };
  const d = parsed.data;
  const currency = d.currency ?? null;
  return {
    ok: true,
    signal: {
      orderId: String(d.order_id),
      disputeId: String(d.id),
      kind: d.type,
      reason: d.reason ?? null,
      amountMinor: d.amount && currency ? decimalToMinorOrNull(d.amount, currency) : null,
      currency,
    },
  };
}

/**
 * Topics that mean an agent refund was reversed or disputed, and how to read each. Shopify documents
 * no topic for "a refund was undone" at the order level; a dispute opened on the refunded order is
 * the store's signal. disputes/update is left out: it repeats the same dispute, which counts once.
 */
export const REVERSAL_TOPICS: Record<string, (payload: unknown) => ParsedSignal> = {
  'disputes/create': parseDispute,
};
