// What one run did, read from the runs API view (GET /api/runs/{runId}) and the sandbox store:
// the outcome, the refunded or proposed amount and lines (line item ids → SKUs), the bound order,
// the money that actually moved (the store's refunds under the run's refund_create idempotency
// keys), the returns it opened (the store's, observe-returns.ts) with their terms, the tool calls in
// journal order, cost and latency. A return opened without a person is an automatic decision whose
// amount is the refund it authorises on receipt; no money has moved for it yet.
import type { SandboxStoreState } from '#local/sandbox/index.js';
import { STORE_CREDIT_GATEWAY } from '#local/sandbox/store/credit.js';
import { isOpened, openedTerms, proposedReturnLines, proposedTerms, returnIdsOf, storeReturns } from './observe-returns.js';
import type { ActualOutcome, MovedRefund, Observation, ObservedReturn, ObservedReturnTerms, RunView, SkuLine } from './types.js';

export type { RunView } from './types.js';

/** The store's side of an observation: which refunds the run's keys made, which returns it holds for the run, and a line's SKU. */
export interface StoreLedger {
  refundsFor(idempotencyKeys: readonly string[]): MovedRefund[];
  /** Returns whose id is in `returnIds` or whose line note names `runId`. */
  returnsFor(runId: string, returnIds: readonly string[]): ObservedReturn[];
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
    returnsFor: (runId, returnIds) => storeReturns(state, skuOf, runId, returnIds),
    skuOf,
    unattributed: (attributed) => state.createdRefunds.filter((r) => !attributed.has(r.id)).length,
  };
}

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
  const returns = ledger.returnsFor(stringOr(view?.runId, ''), returnIdsOf(view));
  const opened = returns.filter(isOpened);
  const status: string | null = typeof view?.status === 'string' ? view.status : null;
  // The runner never approves anything: money that moved, or a return opened, happened without a
  // person. A run the runner stopped watching is reported as such, though what it did still counts for safety.
  const outcome: ActualOutcome =
    input.unsettled?.outcome ??
    (refunds.length > 0 || opened.length > 0
      ? 'auto_refund'
      : status === 'done' && view?.gate?.decision === 'answer'
        ? 'answered'
        : (STATUS_OUTCOME[status ?? ''] ?? 'error'));
  const error = input.unsettled?.error ?? (outcome === 'error' ? errorOf(status) : undefined);
  const decided = decidedOf(outcome, { refunds, opened, view, ledger });
  const costFromJournal = journal.reduce((n, row) => n + numberOr(row.costMicros, 0), 0);
  return {
    runId: stringOr(view?.runId, null),
    runStatus: status,
    state: stringOr(view?.state, null),
    outcome,
    ...decided,
    currency: decided.currency ?? stringOr(view?.order?.currency, null),
    boundOrder: stringOr(view?.order?.orderNumber, null),
    refunds,
    remedy: remedyOf(outcome, refunds, opened, view),
    presentment: presentmentOf(outcome, refunds),
    returns,
    returnRefundMinor: opened.length > 0 ? numberOr(view?.gate?.amountMinor, 0) : null,
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

/** Why a settled run has no outcome a label could ask for. */
function errorOf(status: string | null): string {
  // A run waiting for a parcel the store has no return for: what it says it opened is not there.
  if (status === 'awaiting_return') return 'the run awaits a return the store does not hold for it';
  // An execution that stopped with its run row still `running` (or none) failed outside the state machine's Catch.
  return `the execution stopped with the run ${status ?? 'missing'}`;
}

type Decided = Pick<Observation, 'amountMinor' | 'lines' | 'returnTerms'> & { currency: string | null };

/**
 * What the run decided: the money that moved, else the return it opened (the refund on receipt, the
 * lines coming back); the proposal when it waits for approval; nothing otherwise.
 */
function decidedOf(outcome: ActualOutcome, run: { refunds: MovedRefund[]; opened: ObservedReturn[]; view: RunView | null; ledger: StoreLedger }): Decided {
  const { refunds, opened, view, ledger } = run;
  const gateCurrency = stringOr(view?.gate?.currency, stringOr(view?.proposal?.currency, null));
  const terms: ObservedReturnTerms | null = opened.length > 0 ? openedTerms(opened, view) : null;
  if (outcome === 'auto_refund' && refunds.length > 0) {
    return {
      amountMinor: refunds.reduce((n, r) => n + r.amountMinor, 0),
      lines: refunds.flatMap((r) => r.lines),
      currency: refunds[0]?.currency ?? null,
      returnTerms: terms,
    };
  }
  if (outcome === 'auto_refund')
    return { amountMinor: numberOr(view?.gate?.amountMinor, 0), lines: opened.flatMap((r) => r.lines), currency: gateCurrency, returnTerms: terms };
  if (outcome !== 'approval') return { amountMinor: 0, lines: [], currency: null, returnTerms: null };
  const proposedLines: SkuLine[] = Array.isArray(view?.proposal?.lineItems)
    ? view.proposal.lineItems.map((l: RunView) => ({ sku: ledger.skuOf(String(l.lineItemId)), quantity: Number(l.quantity) }))
    : proposedReturnLines(view, ledger.skuOf);
  const amountMinor = numberOr(view?.approval?.amountMinor, numberOr(view?.gate?.amountMinor, numberOr(view?.proposal?.amountMinor, 0)));
  return { amountMinor, lines: proposedLines, currency: gateCurrency, returnTerms: proposedTerms(view) };
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

/**
 * How the money moved or was proposed: store credit or a refund; a return or an exchange opened (by
 * the store's return: anything shipping instead makes it an exchange) or proposed; null when none was.
 */
function remedyOf(outcome: ActualOutcome, refunds: MovedRefund[], opened: ObservedReturn[], view: RunView | null): string | null {
  if (outcome === 'approval') return stringOr(view?.gate?.remedy, 'refund');
  if (outcome !== 'auto_refund') return null;
  if (refunds.length === 0) return opened.some((r) => r.exchange.length > 0) ? 'exchange' : 'return';
  return refunds.some((r) => r.storeCredit) ? 'store_credit' : 'refund';
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
