// The customer's refunds a lead reads beside an approval: those of the last 90 days the run read when
// it checked the order, and those made on the order since (order-now.ts), which the run's facts cannot
// know. Each with what it refunded where the run knows it (the order's own refunds carry their lines;
// refunds on the customer's other orders carry only their amount), the order's date when the store
// was read, and, for a refund made since, which run made it and where to open that run. One list and
// one sentence per refund for every surface: the email, the approval page, the console's queue and
// confirm page.
import type { Run } from '#functions/shared/domain/run.js';
import { withinDays } from '#harness/policy/days.js';
import type { Policy } from '#harness/policy/document.js';
import type { Formats } from './formats.js';
import type { OrderNow, RefundSince } from './order-now.js';

/** A run named beside an approval, with where this reader opens its page (null: no link for this reader). */
export interface RunRef {
  runId: string;
  href: string | null;
}

/** Where a reader opens a run's page; null when this reader has none. */
export type LinkToRun = (runId: string) => string | null;

export interface RefundEvidence {
  date: string;
  ago: string;
  amount: string;
  orderNumber: string;
  /** A refund on the order this approval is about. */
  thisOrder: boolean;
  /** "1 × Wool throw blanket", "an amount only, no items"; null when the run does not know (another order's refund). */
  items: string | null;
  /** The order's date ("3 Sept 2026"), when the store was read; null otherwise. */
  orderPlaced: string | null;
  /** Made after the run checked the order: read now, from the store or the other runs on the order. */
  since: boolean;
  /** The run that made it, when a run did and it is known. */
  byRun: RunRef | null;
}

export interface RefundHistory {
  /** Every refund counted: those listed and those counted without dates. */
  count: number;
  /** Newest first; null when only the count was read (an older run) and nothing was refunded since. */
  items: RefundEvidence[] | null;
  /** Refunds the run counted without reading their dates (an older run): said in a sentence beside the list. */
  undated: number;
}

const REFUND_WINDOW_DAYS = 90;

type OrderLines = NonNullable<Run['order']>['lineItems'];

/** "1 × Wool throw blanket, 2 × Linen tea towel"; an amount-only refund says so. */
export function refundItemsWords(lines: ReadonlyArray<{ lineItemId: string; quantity: number }>, orderLines: OrderLines): string {
  if (lines.length === 0) return 'an amount only, no items';
  return lines.map((l) => `${l.quantity} × ${orderLines.find((o) => o.id === l.lineItemId)?.title ?? 'an item no longer on the order'}`).join(', ');
}

/** The history an approval shows, from the run's facts and, when read, the order as it is now. */
export function refundHistoryOf(input: { run: Run; fmt: Formats; policy: Policy; orderNow: OrderNow | null; linkToRun: LinkToRun }): RefundHistory {
  const { run, fmt, orderNow } = input;
  const order = run.order;
  if (!order) return { count: 0, items: [], undated: 0 };
  // The store's answer when the page read it; else when the run read the order (the email).
  const placedAt = orderNow?.placedAt ?? order.placedAt;
  const placed = placedAt ? fmt.date(placedAt) : null;
  const linesOf = new Map((order.refunds ?? []).map((r) => [r.refundId, r.lineItems]));
  const base = (createdAt: string, amountMinor: number, currency: string, orderNumber: string) => ({
    date: fmt.date(createdAt),
    ago: fmt.daysAgo(createdAt),
    amount: fmt.money(amountMinor, currency),
    orderNumber,
    thisOrder: orderNumber === order.orderNumber,
    orderPlaced: orderNumber === order.orderNumber ? placed : null,
  });
  const since = (orderNow?.refundsSince ?? []).map((r: RefundSince): RefundEvidence & { at: string } => ({
    ...base(r.createdAt, r.amountMinor, r.currency, order.orderNumber),
    at: r.createdAt,
    items: refundItemsWords(r.lines, order.lineItems),
    since: true,
    byRun: r.runId ? { runId: r.runId, href: input.linkToRun(r.runId) } : null,
  }));
  const sinceIds = new Set(orderNow?.refundsSince.map((r) => r.refundId) ?? []);
  if (!order.recentRefunds) {
    if (since.length === 0) return { count: order.refundsLast90Days, items: null, undated: order.refundsLast90Days };
    return { count: order.refundsLast90Days + since.length, items: newestFirst(since), undated: order.refundsLast90Days };
  }
  // The window the gate counts: calendar days in the policy's zone, back from the ticket's day.
  const read = order.recentRefunds
    .filter((r) => !sinceIds.has(r.refundId) && withinDays(r.createdAt, run.ticket.receivedAt, REFUND_WINDOW_DAYS, input.policy.document.timeZone))
    .map((r): RefundEvidence & { at: string } => {
      const lines = r.orderNumber === order.orderNumber ? linesOf.get(r.refundId) : undefined;
      return {
        ...base(r.createdAt, r.amountMinor, r.currency, r.orderNumber),
        at: r.createdAt,
        items: lines ? refundItemsWords(lines, order.lineItems) : null,
        since: false,
        byRun: null,
      };
    });
  const items = newestFirst([...since, ...read]);
  return { count: items.length, items, undated: 0 };
}

function newestFirst(items: Array<RefundEvidence & { at: string }>): RefundEvidence[] {
  return [...items].sort((a, b) => b.at.localeCompare(a.at)).map(({ at: _at, ...r }) => r);
}

/** The mark of a refund made since the run checked the order; a run's is followed by ", by run …". */
export const MADE_SINCE = 'made after this run checked the order';

/** Said of a refund made since the run checked the order: by which run, or in the store by hand. */
export const madeSinceWords = (r: Pick<RefundEvidence, 'byRun'>): string =>
  r.byRun ? `${MADE_SINCE}, by run ${r.byRun.runId}` : `${MADE_SINCE}, in the store`;

/**
 * One refund as a sentence, for the surfaces that list it as text ("1 Sept 2026 (22 days ago): €9.50
 * on order #1002 (this order, placed 28 Aug 2026) — 1 × Linen tea towel"); no link, which each surface adds its own way.
 */
export function refundEvidenceWords(r: RefundEvidence): string {
  const about = [r.thisOrder ? 'this order' : '', r.orderPlaced ? `placed ${r.orderPlaced}` : ''].filter(Boolean).join(', ');
  const what = [r.items, r.since ? madeSinceWords(r) : null].filter(Boolean).join(' — ');
  return `${r.date} (${r.ago}): ${r.amount} on order #${r.orderNumber}${about ? ` (${about})` : ''}${what ? ` — ${what}` : ''}`;
}

/** The sentence for refunds counted without their dates (an older run); null when there are none. */
export const undatedWords = (history: RefundHistory): string | null =>
  history.undated > 0
    ? `${history.items && history.items.length > 0 ? `${history.undated} more` : history.undated} counted; their dates were not read for this run.`
    : null;
