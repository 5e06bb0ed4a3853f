// Shopify webhook → signature header present → size check → verify HMAC (constant time) → topic →
// the body has the topic's shape (topic-shapes.ts) → parse → the agent's runs that refunded the order → record the reversal on each (at most
// MAX_REVERSALS_PER_RUN) → claim the dispute → count RefundsReversed once per dispute. Feeds the
// RefundReversalRate alarm. Knows nothing of HTTP.
//
// A dispute is known by what Shopify signed — the payload's dispute id, under the topic its body's
// shape proves — never by X-Shopify-Webhook-Id: that header is outside the HMAC, so a replayed body
// under new ids would otherwise count again. The topic header is outside it too, so a signed refund
// body re-sent as disputes/create is refused (400) before anything reads it as a dispute.
import { orderGidOf } from '#functions/shared/domain/order-ids.js';
import type { Clock } from '#harness/ports.js';
import type { EventLedger, RunStore } from '#functions/shared/stores/ports.js';
import type { RefundReversal, Run } from '#functions/shared/domain/run.js';
import type { ProductMetrics } from '#harness/metrics.js';
import { MAX_WEBHOOK_BYTES } from '../webhook-ingest/ingest.js';
import type { StoreWebhookOutcome } from '../../shared/store-webhook-outcome.js';
import { createRefundedRunFinder } from './refunded-runs.js';
import { bodyMatchesTopic } from './topic-shapes.js';
import { REVERSAL_TOPICS, SHOPIFY_HMAC_HEADER, SHOPIFY_TOPIC_HEADER, SHOPIFY_WEBHOOK_ID_HEADER, verifyShopify, type ReversalSignal } from './shopify.js';

/** The EventLedger's source name for Shopify deliveries (the helpdesks use theirs). */
export const STORE_EVENT_SOURCE = 'shopify';

export type { StoreWebhookOutcome };

/** Reversals kept on one run row: enough for any real order, bounded against a flood of signed disputes. */
export const MAX_REVERSALS_PER_RUN = 20;

/** What a dispute is deduplicated on, in the run's list and in the event ledger: signed fields only. */
export const reversalKeyOf = (reversal: Pick<RefundReversal, 'topic' | 'disputeId'>) => `${reversal.topic}:${reversal.disputeId ?? ''}`;

export interface StoreWebhookDeps {
  tenant: string;
  /** The app's webhook signing secret; without one the route is closed. */
  secret: string | undefined;
  runs: RunStore;
  events: EventLedger;
  metrics: ProductMetrics;
  clock: Clock;
  /** Newest runs per status searched for the disputed order (refunded-runs.ts). */
  searchLimit?: number;
  /**
   * Other topics, each answered by its own use case once the delivery is verified (e.g. refunds/create
   * for shadow mode, functions/shadow/step/resolve.ts). Dedupe is theirs: the body is passed as received.
   */
  topics?: Record<string, (input: { body: Buffer; deliveryId: string }) => Promise<StoreWebhookOutcome>>;
}

export function createStoreWebhook(deps: StoreWebhookDeps) {
  const refundedRuns = createRefundedRunFinder({ runs: deps.runs, limit: deps.searchLimit });

  return async function receive(input: { headers: (name: string) => string | undefined; body: Buffer | (() => Buffer) }): Promise<StoreWebhookOutcome> {
    if (!deps.secret) return { kind: 'not_configured' };
    const signature = input.headers(SHOPIFY_HMAC_HEADER);
    // Unsigned traffic is refused before the body is read at all.
    if (!signature) return { kind: 'unauthorized', reason: 'missing signature' };
    const body = typeof input.body === 'function' ? input.body() : input.body;
    if (body.byteLength > MAX_WEBHOOK_BYTES) return { kind: 'too_large' };
    const verified = verifyShopify({ secret: deps.secret, signature, body });
    if (!verified.ok) return { kind: 'unauthorized', reason: verified.reason };

    const topic = input.headers(SHOPIFY_TOPIC_HEADER)?.trim();
    // Kept on the record for tracing a delivery in Shopify's logs; unsigned, so never a key.
    const deliveryId = input.headers(SHOPIFY_WEBHOOK_ID_HEADER)?.trim().slice(0, 128);
    if (!topic) return { kind: 'invalid', reason: `missing ${SHOPIFY_TOPIC_HEADER}` };
    if (!deliveryId) return { kind: 'invalid', reason: `missing ${SHOPIFY_WEBHOOK_ID_HEADER}` };
    const other = deps.topics?.[topic];
    const read = REVERSAL_TOPICS[topic];
    if (!other && !read) return { kind: 'ignored', reason: `topic ${topic.slice(0, 64)} does not reverse a refund` };

    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return { kind: 'invalid', reason: 'body is not JSON' };
    }
    // The topic header is unsigned: it is believed only when the signed body has that topic's shape.
    const shape = bodyMatchesTopic(topic, payload);
    if (!shape.ok) return { kind: 'invalid', reason: shape.reason };
    if (other) return other({ body, deliveryId });
    const parsed = read!(payload);
    if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason };
    if (!parsed.signal.disputeId) return { kind: 'invalid', reason: 'no dispute id to count the reversal by' };
    return recordReversal(deps, refundedRuns, { topic, deliveryId, signal: parsed.signal });
  };
}

/** A verified dispute on the order the agent refunded: recorded on each of its runs, then claimed and counted once. */
async function recordReversal(
  deps: StoreWebhookDeps,
  refundedRuns: ReturnType<typeof createRefundedRunFinder>,
  delivery: { topic: string; deliveryId: string; signal: ReversalSignal },
): Promise<StoreWebhookOutcome> {
  const { topic, deliveryId, signal } = delivery;
  const runs = await refundedRuns(deps.tenant, orderGidOf(signal.orderId));
  if (runs.length === 0) return { kind: 'ignored', reason: 'no agent refund on this order' };

  const receivedAt = deps.clock.now().toISOString();
  const { disputeId, kind, reason, amountMinor, currency } = signal;
  const reversal: RefundReversal = { source: 'shopify', topic, deliveryId, disputeId, kind, reason, amountMinor, currency, receivedAt };
  // Recorded before the dispute is claimed: a failure in between is retried by Shopify, and the
  // record is idempotent on the dispute, so the count below happens once and is never lost.
  for (const run of runs) await recordOn(deps.runs, run, reversal);
  const claim = await deps.events.claim({
    tenant: deps.tenant,
    helpdesk: STORE_EVENT_SOURCE,
    eventId: reversalKeyOf(reversal),
    runId: runs[0]!.runId,
    at: receivedAt,
  });
  const runIds = runs.map((run) => run.runId);
  if (!claim.firstTime) return { kind: 'duplicate', runIds };
  deps.metrics.count(deps.tenant, 'RefundsReversed');
  return { kind: 'recorded', runIds };
}

/**
 * Appends the reversal unless this dispute is already on the run (a redelivery, or one after a
 * failure) or the run holds MAX_REVERSALS_PER_RUN already; the metric counts the dispute either way.
 */
async function recordOn(runStore: RunStore, run: Run, reversal: RefundReversal): Promise<void> {
  const current = (await runStore.get(run.runId)) ?? run;
  const reversals = current.reversals ?? [];
  const key = reversalKeyOf(reversal);
  if (reversals.length >= MAX_REVERSALS_PER_RUN || reversals.some((r) => reversalKeyOf(r) === key)) return;
  await runStore.update(run.runId, { reversals: [...reversals, reversal] });
}
