// Fault knobs of the sandbox servers (store and helpdesk), set by tests directly or by the local
// runtime over POST /sandbox/faults: added latency, and the next N calls failing with an HTTP status
// (503 by default), with Shopify's cost-based THROTTLED error, or hanging without an answer until
// the client gives up (a timeout as the caller sees it). A hang may name the one GraphQL operation
// it applies to (e.g. refundCreate), and may come after the operation ran (the store made the
// refund, the answer never leaves): the crash drill kills the runtime while such a call hangs.
// `cancelJobNeverFinishes` stalls orderCancel's jobs (cancel.ts) until reset.
// `throttle` turns on the cost bucket of throttle.ts: from then on every request is charged its cost
// and refused with THROTTLED when the bucket lacks room, until reset.
// `skewSuggestedRefund` makes the store's suggestedRefund disagree with the agent's arithmetic: its
// amount (and its first payment's share) off by some minor units, for one order or all, until reset;
// refundCreate is not touched.
import { z } from 'zod';
import { createCostBucket, type BucketSettings, type CostBucket } from './throttle.js';

export interface ThrottleReport {
  requestedQueryCost: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface StoreFaults {
  /** Delay added before every response. */
  latencyMs: number;
  failNext(count: number, status?: number): void;
  throttleNext(count: number, report?: Partial<ThrottleReport>): void;
  /**
   * The next N requests are read and never answered; the connection stays open until the client leaves.
   * `operation`: only requests of that root field (e.g. refundCreate) count. `afterCommit`: the
   * operation runs first, so its change is made and saved, and only the answer is withheld.
   */
  hangNext(count: number, options?: HangOptions): void;
  /**
   * The next N refundCreate calls are answered as if the store could not tell what became of the
   * idempotency key (Shopify's IDEMPOTENCY_KEY_PARAMETER_MISMATCH): an outcome the agent cannot
   * settle, so the run waits for a person (pending review). `commit`: the refund is made first, so
   * the person finds it on the order, but without the run's note (nothing on it ties it to the run,
   * so the adapter's look-up of the run's own refund after a conflict finds none); without it, no
   * refund is made.
   */
  ambiguousRefundNext(count: number, options?: { commit?: boolean }): void;
  /**
   * Models the store's cost bucket (Shopify's leaky bucket) from now on: each request takes its
   * requested cost, and one costing more than is free answers THROTTLED without running. `null`
   * turns it off (a full bucket reported, nothing refused).
   */
  throttle(settings: Partial<BucketSettings> | null): void;
  /** orderCancel's jobs started from now on never finish (so the order is never cancelled), until reset. */
  cancelJobNeverFinishes(): void;
  /** Whether a cancel job started now stalls. */
  cancelJobsStall(): boolean;
  /** The bucket when throttle() turned it on. */
  bucket(): CostBucket | null;
  /**
   * From now on (until reset) suggestedRefund's amountSet, in both money sets, and its first
   * suggested transaction are off by `minor` (positive or negative) for the order named `orderNumber`
   * ("1001" or "#1001"), or for every order. `null` turns it off.
   */
  skewSuggestedRefund(skew: SuggestionSkew | null): void;
  /** How far suggestedRefund is off for the order named `orderName` (e.g. "#1001"): 0 without the fault. */
  suggestionSkewMinor(orderName: string): number;
  reset(): void;
}

export interface SuggestionSkew {
  minor: number;
  orderNumber?: string;
}

export interface HangOptions {
  operation?: string;
  afterCommit?: boolean;
}

export type FaultVerdict =
  { kind: 'none' } | { kind: 'http'; status: number } | { kind: 'throttled'; report: ThrottleReport } | { kind: 'hang'; afterCommit: boolean };

const DEFAULT_THROTTLE: ThrottleReport = { requestedQueryCost: 100, currentlyAvailable: 0, restoreRate: 50 };
/** The bucket throttle() sets up unless told otherwise: the sandbox's usual report, 1,000 points restored at 50 a second. */
export const DEFAULT_BUCKET: BucketSettings = { maximumAvailable: 1000, restoreRate: 50 };

/** The faults queued for the next requests; none after a reset. */
type QueuedFaults = {
  ambiguous: { remaining: number; commit: boolean };
  failures: { remaining: number; status: number };
  throttles: { remaining: number; report: ThrottleReport };
  hangs: number;
  hang: HangOptions;
  stallCancels: boolean;
  skew: SuggestionSkew | null;
};

const noFaults = (): QueuedFaults => ({
  ambiguous: { remaining: 0, commit: false },
  failures: { remaining: 0, status: 503 },
  throttles: { remaining: 0, report: DEFAULT_THROTTLE },
  hangs: 0,
  hang: {},
  stallCancels: false,
  skew: null,
});

/**
 * `take(operations)`: the root fields of the request (a hang naming another operation lets it pass).
 * `now`: the bucket's clock in milliseconds (real time by default: the client really waits for it).
 * `plan`: the store's own bucket (the fixture's `shop.apiLimits`): on from the start and after reset().
 */
export function createStoreFaults(
  now: () => number = () => performance.now(),
  plan: BucketSettings | null = null,
): StoreFaults & { take(operations?: readonly string[]): FaultVerdict; takeAmbiguousRefund(): { commit: boolean } | null } {
  const queued = noFaults();
  const planBucket = () => (plan ? createCostBucket(plan, now) : null);
  let bucket: CostBucket | null = planBucket();
  return {
    latencyMs: 0,
    failNext(count, status = 503) {
      queued.failures = { remaining: count, status };
    },
    throttleNext(count, report = {}) {
      queued.throttles = { remaining: count, report: { ...DEFAULT_THROTTLE, ...report } };
    },
    hangNext(count, options = {}) {
      queued.hangs = count;
      queued.hang = options;
    },
    ambiguousRefundNext(count, options = {}) {
      queued.ambiguous = { remaining: count, commit: options.commit ?? false };
    },
    throttle(settings) {
      bucket = settings === null ? null : createCostBucket({ ...DEFAULT_BUCKET, ...settings }, now);
    },
    bucket: () => bucket,
    cancelJobNeverFinishes() {
      queued.stallCancels = true;
    },
    cancelJobsStall: () => queued.stallCancels,
    skewSuggestedRefund(skew) {
      queued.skew = skew;
    },
    suggestionSkewMinor(orderName) {
      const skew = queued.skew;
      if (!skew) return 0;
      return skew.orderNumber === undefined || `#${skew.orderNumber.replace(/^#/, '')}` === orderName ? skew.minor : 0;
    },
    takeAmbiguousRefund() {
      if (queued.ambiguous.remaining <= 0) return null;
      queued.ambiguous.remaining -= 1;
      return { commit: queued.ambiguous.commit };
    },
    reset() {
      this.latencyMs = 0;
      Object.assign(queued, noFaults());
      bucket = planBucket();
    },
    take: (operations = []) => takeFault(queued, operations),
  };
}

/** The fault the next request meets, in order: a hang, a failure, a throttle; each taken counts down. */
function takeFault(queued: QueuedFaults, operations: readonly string[]): FaultVerdict {
  if (queued.hangs > 0 && (queued.hang.operation === undefined || operations.includes(queued.hang.operation))) {
    queued.hangs -= 1;
    return { kind: 'hang', afterCommit: queued.hang.afterCommit ?? false };
  }
  if (queued.failures.remaining > 0) {
    queued.failures.remaining -= 1;
    return { kind: 'http', status: queued.failures.status };
  }
  if (queued.throttles.remaining > 0) {
    queued.throttles.remaining -= 1;
    return { kind: 'throttled', report: queued.throttles.report };
  }
  return { kind: 'none' };
}

/** The body of POST /sandbox/faults: every field optional; `reset` first, then the rest. */
export const FaultsRequest = z
  .object({
    reset: z.boolean().optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    failNext: z.object({ count: z.number().int().min(0), status: z.number().int().min(400).max(599).optional() }).optional(),
    throttleNext: z
      .object({
        count: z.number().int().min(0),
        requestedQueryCost: z.number().min(0).optional(),
        currentlyAvailable: z.number().min(0).optional(),
        restoreRate: z.number().positive().optional(),
      })
      .optional(),
    hangNext: z
      .object({
        count: z.number().int().min(0),
        operation: z
          .string()
          .regex(/^\w{1,100}$/)
          .optional(),
        afterCommit: z.boolean().optional(),
      })
      .optional(),
    ambiguousRefundNext: z.object({ count: z.number().int().min(0), commit: z.boolean().optional() }).optional(),
    cancelJobNeverFinishes: z.literal(true).optional(),
    skewSuggestedRefund: z
      .object({
        minor: z.number().int(),
        orderNumber: z
          .string()
          .regex(/^#?\d{1,12}$/)
          .optional(),
      })
      .strict()
      .nullable()
      .optional(),
    throttle: z
      .object({
        maximumAvailable: z.number().positive().max(100_000).optional(),
        currentlyAvailable: z.number().min(0).optional(),
        restoreRate: z.number().positive().max(100_000).optional(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

export function applyFaults(faults: StoreFaults, request: z.infer<typeof FaultsRequest>): void {
  if (request.reset) faults.reset();
  if (request.latencyMs !== undefined) faults.latencyMs = request.latencyMs;
  if (request.failNext) faults.failNext(request.failNext.count, request.failNext.status);
  if (request.throttleNext) {
    const { count, ...report } = request.throttleNext;
    faults.throttleNext(count, report);
  }
  if (request.throttle !== undefined) faults.throttle(request.throttle);
  if (request.ambiguousRefundNext) faults.ambiguousRefundNext(request.ambiguousRefundNext.count, { commit: request.ambiguousRefundNext.commit });
  if (request.cancelJobNeverFinishes) faults.cancelJobNeverFinishes();
  if (request.skewSuggestedRefund !== undefined) faults.skewSuggestedRefund(request.skewSuggestedRefund);
  if (request.hangNext) {
    const { count, ...options } = request.hangNext;
    faults.hangNext(count, options);
  }
}
