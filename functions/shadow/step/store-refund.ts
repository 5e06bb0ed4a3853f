// Shopify's refunds/create webhook, as data: the payload (REST shape: numeric ids, decimal strings)
// read into what was refunded — which order, which lines and how many units, and the money paid
// back — and the agent's own refunds told apart by the note the harness puts on them, so
// shadow mode counts only a person's refunds. The delivery itself is verified by functions/intake/store-webhook.
import * as z from 'zod';
import type { ShadowLine } from '#functions/shared/domain/run.js';
import { normalizeLines } from '#functions/shared/domain/shadow.js';
import { decimalToMinorOrNull } from '#shared/money.js';

export const REFUNDS_CREATE_TOPIC = 'refunds/create';

const NumericId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);
const Decimal = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]);

const RefundCreatedPayload = z.object({
  id: NumericId,
  order_id: NumericId,
  note: z.string().nullish(),
  refund_line_items: z
    .array(z.object({ line_item_id: z.union([NumericId, z.string().startsWith('gid://')]), quantity: z.number().int().nonnegative() }))
    .nullish(),
  transactions: z
    .array(
      z.object({
        amount: Decimal,
        kind: z.string().nullish(),
        status: z.string().nullish(),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .nullish(),
      }),
    )
    .nullish(),
});

export type StoreRefundSignal = {
  refundId: string;
  /** Shopify's numeric order id, as the payload carries it. */
  orderId: string;
  note: string | null;
  lines: ShadowLine[];
  /** Refund transactions that went through, in decimal major units. */
  payments: Array<{ amount: string; currency: string | null }>;
};

const lineGid = (id: string | number) => (String(id).startsWith('gid://') ? String(id) : `gid://shopify/LineItem/${String(id)}`);

export function parseRefundCreated(payload: unknown): { ok: true; signal: StoreRefundSignal } | { ok: false; reason: string } {
  const parsed = RefundCreatedPayload.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `not a refund: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() };
  }
  const r = parsed.data;
  return {
    ok: true,
    signal: {
      refundId: String(r.id),
      orderId: String(r.order_id),
      note: r.note ?? null,
      lines: normalizeLines((r.refund_line_items ?? []).map((l) => ({ lineItemId: lineGid(l.line_item_id), quantity: l.quantity }))),
      payments: (r.transactions ?? [])
        .filter((t) => (t.kind ?? 'refund') === 'refund' && (t.status ?? 'success') === 'success')
        .map((t) => ({ amount: String(t.amount), currency: t.currency ?? null })),
    },
  };
}

/** The money paid back, in the order's minor units; null when a payment is in another currency or unreadable. */
export function refundedMinor(signal: StoreRefundSignal, currency: string): number | null {
  let total = 0;
  for (const payment of signal.payments) {
    if (payment.currency !== null && payment.currency !== currency) return null;
    const minor = decimalToMinorOrNull(payment.amount, currency);
    if (minor === null) return null;
    total += minor;
  }
  return total;
}

/** The harness notes every refund it makes "refund-agent run <runId>: …" (harness/gateway/refund-arguments.ts). */
export function agentRunOf(note: string | null): string | null {
  return /^refund-agent run (\S+):/.exec(note ?? '')?.[1] ?? null;
}
