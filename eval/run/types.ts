// The eval runner's vocabulary: what one run of a golden ticket was observed to do (Observation),
// how it scored against the label (RunScore), and the result file `npm run eval` writes
// (EvalResult, also the shape of eval/baseline.json with the heavy per-run fields left out).
import type { Category, Helpdesk, Outcome } from '../golden/schema.js';
import type { RecordedMeta, RecordingMeta } from './recorded.js';
import type { CorpusFigures } from './corpus-figures.js';

export type { Category, Helpdesk, Outcome };

/** The runs API's view of a run, loosely: only the fields the eval reads, each checked where used. */
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the runs API, read defensively */
export type RunView = Record<string, any>;

/** A line by SKU, as the golden labels name them. */
export interface SkuLine {
  sku: string;
  quantity: number;
}

/**
 * What a run came to. The golden outcomes, plus what a run can end in that no label asks for:
 * `done_no_refund` (Done without moving money), `cancelled`, `pending_review`, `timeout` (not
 * settled before --timeout-s), `error` (the webhook was refused or the run never started).
 * `auto_refund` is a run that moved money, or opened a return or an exchange, without a person;
 * `answered` one Done with a question about an earlier refund answered (the gate's decision answer).
 */
export const ACTUAL_OUTCOMES = [
  'auto_refund',
  'approval',
  'escalate',
  'answered',
  'done_no_refund',
  'cancelled',
  'pending_review',
  'timeout',
  'error',
] as const;
export type ActualOutcome = (typeof ACTUAL_OUTCOMES)[number];

/** One refund the sandbox store made for this run (found by the refund_create idempotency keys). */
export interface MovedRefund {
  refundId: string;
  orderNumber: string | null;
  amountMinor: number;
  currency: string | null;
  lines: SkuLine[];
  /** Paid back as store credit on the customer's account (a transaction on the store-credit gateway). */
  storeCredit?: boolean;
  /** What it paid back in the currency the customer paid, when the order has a presentment currency. */
  presentment?: { amountMinor: number; currency: string };
}

/**
 * A return the sandbox store holds for this run (opened by it: its id on the run, or a line's note
 * naming the run): what comes back, what ships instead, the fee, and whether an exchange already
 * shipped before anything came back.
 */
export interface ObservedReturn {
  returnId: string;
  name: string;
  /** The store's status: OPEN or CLOSED once opened; REQUESTED, DECLINED, CANCELED otherwise. */
  status: string;
  orderNumber: string | null;
  lines: SkuLine[];
  exchange: SkuLine[];
  /** The return shipping fee in the shop's currency (0: none). */
  feeMinor: number;
  shippedAtOnce: boolean;
}

/** The terms of a return or an exchange a run opened or proposed, as the label's `returnTerms` has them. */
export interface ObservedReturnTerms {
  feeMinor: number;
  exchange: SkuLine[];
  shipsAtOnce: boolean;
}

export interface ToolCall {
  name: string;
  outcome: string;
  step: string;
}

/** One run of one golden ticket, as the runner saw it through the runs API and the sandbox store. */
export interface Observation {
  runId: string | null;
  /** The run row's status when the runner stopped watching (null: no run row). */
  runStatus: string | null;
  state: string | null;
  outcome: ActualOutcome;
  /** Refunded (auto) or proposed (approval) amount, or an opened return's refund on receipt; 0 otherwise. */
  amountMinor: number;
  currency: string | null;
  /** Refunded (auto), proposed (approval) or returned (an opened return) lines; empty otherwise. */
  lines: SkuLine[];
  boundOrder: string | null;
  /** Money that actually moved in the store for this run. */
  refunds: MovedRefund[];
  /**
   * How the money moved or would move: `store_credit` or `refund` from the store's refunds (auto),
   * the gate's remedy on an approval (`refund`, `store_credit`, `cancel`); null otherwise.
   */
  remedy?: string | null;
  /** The moved refunds' figure in the currency the customer paid (auto refunds of a presentment order); null otherwise. */
  presentment?: { amountMinor: number; currency: string } | null;
  /** Returns the store holds for this run, opened or not (older observations: absent). */
  returns?: ObservedReturn[];
  /** The opened return's terms (auto) or the proposed ones (approval of a return or an exchange); null otherwise. */
  returnTerms?: ObservedReturnTerms | null;
  /** What an opened return authorises to refund on receipt (the gate's amount); null when no return was opened. */
  returnRefundMinor?: number | null;
  gateDecision: string | null;
  gateRules: string[];
  approvalStatus: string | null;
  /** Journal rows of kind 'decision' that asked for an approval (the policy required one). */
  approvalRequiredByJournal: boolean;
  escalation: { reason: string; step: string } | null;
  tools: ToolCall[];
  costMicros: number;
  /** Webhook accepted → settled (done, escalated or parked on the approval), ms; null when not settled. */
  latencyMs: number | null;
  followUpsAttached: number;
  /** Why the run has no full observation (timeout, refused webhook, …). */
  error?: string;
}

export const SAFETY_CLASSES = ['unclaimed_lines', 'non_refund_remedy', 'ungrounded_auto_refund', 'ungrounded_auto_return'] as const;
export type SafetyClass = (typeof SAFETY_CLASSES)[number];

export const TRAJECTORY_RULES = [
  'refund_before_get_order',
  'several_refund_create',
  'refund_without_required_approval',
  'return_without_required_approval',
  'label_trajectory',
] as const;
export type TrajectoryRule = (typeof TRAJECTORY_RULES)[number];

/** Money refunded beyond the label, and short of an automatic refund the label expects, in one currency's minor units. */
export interface MoneyError {
  overMinor: number;
  underMinor: number;
}

/** By ISO currency code: amounts in different currencies are never added together. */
export type MoneyByCurrency = Record<string, MoneyError>;

export interface RunScore {
  pass: boolean;
  /** Human-readable differences from the label ("amount 1800 ≠ 3600"). */
  mismatches: string[];
  /** Per class: null when the class does not apply to this ticket, else whether it was violated. */
  safety: Record<SafetyClass, boolean | null>;
  /** Money error per currency this run touched (the label's, and any money moved). */
  money: { byCurrency: MoneyByCurrency; unclaimedRefunds: number };
  trajectory: Array<{ rule: TrajectoryRule; detail: string }>;
}

/** One request's run of a ticket with several (or a run the ticket's split opened that no request asks for). */
export interface RequestRun {
  /** The order the request names (digits), or null when its words tie it to none. */
  orderNumber: string | null;
  observation: Observation;
  score: RunScore;
}

export interface RunResult {
  attempt: number;
  observation: Observation;
  score: RunScore;
  /** The run's journal rows (kept so a later `--provider replay` can answer from them). */
  journal?: unknown[];
  /**
   * A several_requests ticket: each request's run (the first run's included) scored against its label;
   * `observation` is the first run's and `score` the ticket's (every request passes).
   */
  requests?: RequestRun[];
}

export interface ExpectedView {
  outcome: Outcome;
  amountMinor: number;
  currency: string | null;
  lines: SkuLine[];
  boundOrder: number | null;
  escalation: string | null;
  approvalRules: string[];
  trajectory: string[];
  /** The label's remedy when not a refund (store credit, cancel, return, exchange). */
  remedy?: string;
  presentment?: { amountMinor: number; currency: string };
  returnTerms?: { feeMinor: number; exchange?: SkuLine[]; shipsAtOnce?: true };
}

export interface TicketResult {
  id: string;
  category: Category;
  helpdesk: Helpdesk;
  expected: ExpectedView;
  runs: RunResult[];
}

export interface Rate {
  passes: number;
  runs: number;
  tickets: number;
  /** Mean over tickets of the fraction of its runs that passed. */
  pass1: number | null;
  /** Fraction of tickets whose k runs all passed. */
  passK: number | null;
}

export interface SafetySummary {
  applicable: number;
  violations: number;
  /** 1 - violations / applicable; null when no run applies. */
  rate: number | null;
  tickets: string[];
}

export interface Summary {
  k: number;
  tickets: number;
  runs: number;
  settled: number;
  timedOut: number;
  errors: number;
  /** No run timed out or failed to start: an incomplete eval counts those runs as failed and exits 1. */
  complete: boolean;
  overall: Rate;
  categories: Record<string, Rate>;
  /** expected outcome → actual outcome → runs. */
  confusion: Record<string, Record<string, number>>;
  safety: Record<SafetyClass, SafetySummary>;
  safetyOk: boolean;
  money: {
    /** Every currency of the labels and of the money that moved, each summed on its own. */
    byCurrency: MoneyByCurrency;
    unclaimedRefunds: number;
    currencies: string[];
    /**
     * Only in a result written before money was split by currency (version 1, eval/baseline.json of
     * then): its totals as recorded, added over `currencies`. compare.ts reads them; nothing writes them.
     */
    unsplit?: MoneyError;
  };
  trajectory: { runsWithViolations: number; byRule: Record<TrajectoryRule, number> };
  cost: { totalMicros: number; medianMicros: number | null; p95Micros: number | null };
  latency: { medianMs: number | null; p95Ms: number | null };
  /** Refunds the store made that no run's idempotency key accounts for (should be none). */
  unattributedRefunds: number;
  /** A run on recorded answers: decisions, the checks' findings on correct readings, wrong answers caught. */
  corpus?: CorpusFigures;
}

export interface EvalMeta {
  provider: string;
  models: Record<string, string> | null;
  kRequested: number;
  k: number;
  notes: string[];
  startedAt: string;
  durationMs: number;
  commit: string | null;
  only: string[];
  concurrency: number;
  timeoutS: number;
  followUps: 'inline' | 'webhook';
  goldenDir: string;
  /** --wording: the file every ticket's words were taken from (the golden labels kept). */
  wording?: string;
  /** --provider recorded: the corpus, and how many answers came from it, from the fallback, or were missing. */
  recorded?: RecordedMeta;
  /** --record: where the corpus was written and how many answers it got. */
  recording?: RecordingMeta;
}

export interface EvalResult {
  /** 2: money error per currency, `summary.complete`. Version 1 files are still read (compare.ts). */
  version: 2;
  meta: EvalMeta;
  summary: Summary;
  tickets: TicketResult[];
}
