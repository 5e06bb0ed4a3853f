// X-Shopify-Topic is outside the HMAC: Shopify signs the body alone, so anyone holding one signed body
// can re-send it under another topic. A delivery's topic is therefore believed only when the signed
// body has that topic's shape: fields its payload always carries, and none of the fields that only
// another handled topic's payload carries (a refund body is never read as a dispute, nor the reverse).
// Checked before any topic's handler sees the body.
import * as z from 'zod';

/** The REST dispute object's `type` and `status` values (Shopify Payments disputes: ShopifyPaymentsDispute). */
export const DISPUTE_TYPES = ['chargeback', 'inquiry'] as const;
export const DISPUTE_STATUSES = ['needs_response', 'under_review', 'charge_refunded', 'accepted', 'won', 'lost'] as const;

const NumericId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]);

/**
 * Fields only one handled topic's payload carries, by topic family. A body carrying another family's
 * marker is not of this topic, whatever its header says.
 */
const MARKERS = {
  dispute: ['network_reason_code', 'evidence_due_by', 'evidence_sent_on', 'finalized_on', 'initiated_at'],
  refund: ['refund_line_items', 'transactions', 'order_adjustments', 'restock', 'duties'],
  order: ['line_items', 'financial_status', 'fulfillment_status', 'order_number', 'refunds', 'total_price'],
  return: ['return_line_items', 'exchange_line_items', 'dispositions', 'total_dispositions'],
} as const;
type Family = keyof typeof MARKERS;

/** The shape that proves a body is a dispute: its own `type` and `status` kinds, an order and a dispute id. */
const DisputeShape = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(64)]),
  order_id: NumericId,
  type: z.enum(DISPUTE_TYPES),
  status: z.enum(DISPUTE_STATUSES).optional(),
});

/** The shape that proves a body is a refund (refunds/create): the refund's lines and its payments, both arrays. */
const RefundShape = z.object({
  id: NumericId,
  order_id: NumericId,
  refund_line_items: z.array(z.unknown()),
  transactions: z.array(z.unknown()),
});

/** A return (returns/process): the return's own GID. */
const ReturnShape = z.object({ id: NumericId, admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/Return\/\d+$/) });
/** A disposition on a reverse fulfillment order (reverse_fulfillment_orders/dispose): its GID and the dispositions. */
const DisposeShape = z.object({
  id: NumericId,
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/ReverseFulfillmentOrder\/\d+$/),
  dispositions: z.array(z.unknown()),
});

/** What each handled topic's body must be: its family (whose markers it may carry) and its shape. */
export const TOPIC_SHAPES: Record<string, { family: Family; shape: z.ZodType }> = {
  'disputes/create': { family: 'dispute', shape: DisputeShape },
  'disputes/update': { family: 'dispute', shape: DisputeShape },
  'refunds/create': { family: 'refund', shape: RefundShape },
  'returns/process': { family: 'return', shape: ReturnShape },
  'reverse_fulfillment_orders/dispose': { family: 'return', shape: DisposeShape },
};

export type ShapeCheck = { ok: true } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether `payload` is a body of `topic`: its shape parses, and it carries no field only another
 * family's payload carries. Topics without a shape here are handled by nobody, so never checked.
 */
export function bodyMatchesTopic(topic: string, payload: unknown): ShapeCheck {
  const expected = TOPIC_SHAPES[topic];
  if (!expected) return { ok: true };
  if (!isRecord(payload)) return { ok: false, reason: `body is not a ${topic} payload` };
  for (const [family, markers] of Object.entries(MARKERS) as Array<[Family, readonly string[]]>) {
    if (family === expected.family) continue;
    const foreign = markers.find((field) => field in payload);
    if (foreign) return { ok: false, reason: `body of topic ${topic} carries ${foreign}, a field of a ${family} payload` };
  }
  const parsed = expected.shape.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `body is not a ${topic} payload: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() };
  }
  return { ok: true };
}
