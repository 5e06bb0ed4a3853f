// What one run did, read from the runs API view (GET /api/runs/{runId}) and the sandbox store:
// the outcome, the refunded or proposed amount and lines (line item ids → SKUs), the bound order,
// the money that actually moved (the store's refunds under the run's refund_create idempotency
// keys), the tool calls in journal order, cost and latency.
import type { SandboxStoreState } from '#local/sandbox/index.js';
import { STORE_CREDIT_GATEWAY } from '#local/sandbox/store/credit.js';
import type { ActualOutcome, MovedRefund, Observation, SkuLine } from './types.js';

/** The store's side of an observation: which refunds the run's keys made, and a line's SKU. */
export interface StoreLedger {
  refundsFor(idempotencyKeys: readonly string[]): MovedRefund[];
  skuOf(lineItemId: string): string;
  /** Refunds made through refundCreate whose id is not in `attributed`. */
  unattributed(attributed: ReadonlySet<string>): number;
}

const orderNumberOf = (name: string) => name.replace(/^#/, '');

export function storeLedger(state: SandboxStoreState): StoreLedger {
  const sku = new Map<string, string>();
  for (const order of state.orders) for (const li of order.lineItems) sku.set(li.id, li.sku ?? `untitled:${li.title}`);
  const skuOf = (lineItemId: string) => sku.get(lineItemId) ?? `unknown:${lineItemId}`;
  return {
    refundsFor(keys) {
      const refunds = new Map<string, MovedRefund>();
      for (const key of keys) {
        const refund = state.idempotencyKeys.get(key)?.refund;
        if (!refund || refunds.has(refund.id)) continue;
        const order = state.orders.find((o) => o.refunds.some((r) => r.id === refund.id));
        const gateways = (order?.transactions ?? []).filter((t) => refund.transactionIds.includes(t.id)).map((t) => t.gateway);
        const paidIn = order?.presentmentCurrency;
        refunds.set(refund.id, {
          refundId: refund.id,
          orderNumber: order ? orderNumberOf(order.name) : null,
          amountMinor: refund.amountMinor,
          currency: order?.currency ?? null,
          lines: refund.lines.map((l) => ({ sku: skuOf(l.lineItemId), quantity: l.quantity })),
          ...(gateways.includes(STORE_CREDIT_GATEWAY) ? { storeCredit: true } : {}),
          ...(paidIn && refund.presentmentAmountMinor !== undefined ? { presentment: { amountMinor: refund.presentmentAmountMinor, currency: paidIn } } : {}),
        });
      }
      return [...refunds.values()];
    },
    skuOf,
    unattributed: (attributed) => state.createdRefunds.filter((r) => !attributed.has(r.id)).length,
  };
}

/** The runs API's view of a run, loosely: only the fields the eval reads, each checked where used. */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON from the runs API, read defensively */
export type RunView = Record<string, any>;

export interface ObserveInput {
  view: RunView | null;
  ledger: StoreLedger;
  latencyMs: number | null;
  /** Set when the runner stopped watching before the run settled. */
  unsettled?: { outcome: Extract<ActualOutcome, 'timeout' | 'error'>; error: string };
}

const STATUS_OUTCOME: Record<string, ActualOutcome> = {
  awaiting_approval: 'approval',
  escalated: 'escalate',
  done: 'done_no_refund',
  cancelled: 'cancelled',
  pending_review: 'pending_review',
};

export function observe(input: ObserveInput): Observation {
  const { view, ledger } = input;
  const journal: RunView[] = Array.isArray(view?.journal) ? view.journal : [];
  const tools = journal.filter((row) => row.kind === 'tool').map((row) => ({ name: String(row.name), outcome: String(row.outcome), step: String(row.step) }));
  const refunds = ledger.refundsFor(refundKeysOf(journal, view));
  const status: string | null = typeof view?.status === 'string' ? view.status : null;
  // The runner never approves anything: money that moved, moved without a person. A run the runner
  // stopped watching is reported as such, though the money it moved still counts for safety.
  const outcome: ActualOutcome = input.unsettled?.outcome ?? (refunds.length > 0 ? 'auto_refund' : (STATUS_OUTCOME[status ?? ''] ?? 'error'));
  // An execution that stopped with its run row still `running` (or none) failed outside the state machine's Catch.
  const error = input.unsettled?.error ?? (outcome === 'error' ? `the execution stopped with the run ${status ?? 'missing'}` : undefined);
  const proposedLines: SkuLine[] = Array.isArray(view?.proposal?.lineItems)
    ? view.proposal.lineItems.map((l: RunView) => ({ sku: ledger.skuOf(String(l.lineItemId)), quantity: Number(l.quantity) }))
    : [];
  const proposedMinor = numberOr(view?.approval?.amountMinor, numberOr(view?.gate?.amountMinor, numberOr(view?.proposal?.amountMinor, 0)));
  const [amountMinor, lines, currency] =
    outcome === 'auto_refund'
      ? [refunds.reduce((n, r) => n + r.amountMinor, 0), refunds.flatMap((r) => r.lines), refunds[0]?.currency ?? null]
      : outcome === 'approval'
        ? [proposedMinor, proposedLines, stringOr(view?.gate?.currency, stringOr(view?.proposal?.currency, null))]
        : [0, [], null];
  const costFromJournal = journal.reduce((n, row) => n + numberOr(row.costMicros, 0), 0);
  const remedy = remedyOf(outcome, refunds, view);
  const presentment = presentmentOf(outcome, refunds);
  return {
    runId: stringOr(view?.runId, null),
    runStatus: status,
    state: stringOr(view?.state, null),
    outcome,
    amountMinor,
    currency: currency ?? stringOr(view?.order?.currency, null),
    lines,
    boundOrder: stringOr(view?.order?.orderNumber, null),
    refunds,
    remedy,
    presentment,
    gateDecision: stringOr(view?.gate?.decision, null),
    gateRules: Array.isArray(view?.gate?.rules) ? view.gate.rules.map(String) : [],
    approvalStatus: stringOr(view?.approval?.status, null),
    approvalRequiredByJournal: journal.some((row) => row.kind === 'decision' && row.decision === 'approval'),
    escalation: view?.escalation ? { reason: String(view.escalation.reason), step: String(view.escalation.step) } : null,
    tools,
    costMicros: numberOr(view?.costMicros, costFromJournal),
    latencyMs: input.unsettled ? null : input.latencyMs,
    followUpsAttached: Array.isArray(view?.followUps) ? view.followUps.length : 0,
    ...(error === undefined ? {} : { error }),
  };
}

/** The idempotency keys the run's refund_create calls used, and the one on its refund. */
function refundKeysOf(journal: RunView[], view: RunView | null): string[] {
  return [
    ...journal
      .filter((row) => row.kind === 'tool' && row.name === 'refund_create' && typeof row.idempotencyKey === 'string')
      .map((row) => row.idempotencyKey as string),
    ...(typeof view?.refund?.idempotencyKey === 'string' ? [view.refund.idempotencyKey as string] : []),
  ];
}

/** How the money moved or was proposed: store credit or a refund; null when none was. */
function remedyOf(outcome: ActualOutcome, refunds: MovedRefund[], view: RunView | null): string | null {
  return outcome === 'auto_refund'
    ? refunds.some((r) => r.storeCredit)
      ? 'store_credit'
      : 'refund'
    : outcome === 'approval'
      ? stringOr(view?.gate?.remedy, 'refund')
      : null;
}

/** What the customer got back in the currency they paid, summed over the refunds that say. */
function presentmentOf(outcome: ActualOutcome, refunds: MovedRefund[]): { amountMinor: number; currency: string } | null {
  const paidBack = refunds.filter((r) => r.presentment);
  return outcome === 'auto_refund' && paidBack.length > 0
    ? { amountMinor: paidBack.reduce((n, r) => n + r.presentment!.amountMinor, 0), currency: paidBack[0]!.presentment!.currency }
    : null;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
function stringOr<T extends string | null>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}
