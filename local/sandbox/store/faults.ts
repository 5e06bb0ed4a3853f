// Fault knobs of the sandbox servers (store and helpdesk), set by tests directly or by the local
// runtime over POST /sandbox/faults: added latency, and the next N calls failing with an HTTP status
// (503 by default), with Shopify's cost-based THROTTLED error, or hanging without an answer until
// the client gives up (a timeout as the caller sees it).
import { z } from 'zod';

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
  /** The next N requests are read and never answered; the connection stays open until the client leaves. */
  hangNext(count: number): void;
  reset(): void;
}

export type FaultVerdict =
  | { kind: 'none' }
  | { kind: 'http'; status: number }
  | { kind: 'throttled'; report: ThrottleReport }
  | { kind: 'hang' };

const DEFAULT_THROTTLE: ThrottleReport = { requestedQueryCost: 100, currentlyAvailable: 0, restoreRate: 50 };

export function createStoreFaults(): StoreFaults & { take(): FaultVerdict } {
  let failures = { remaining: 0, status: 503 };
  let throttles = { remaining: 0, report: DEFAULT_THROTTLE };
  let hangs = 0;
  return {
    latencyMs: 0,
    failNext(count, status = 503) {
      failures = { remaining: count, status };
    },
    throttleNext(count, report = {}) {
      throttles = { remaining: count, report: { ...DEFAULT_THROTTLE, ...report } };
    },
    hangNext(count) {
      hangs = count;
    },
    reset() {
      this.latencyMs = 0;
      failures = { remaining: 0, status: 503 };
      throttles = { remaining: 0, report: DEFAULT_THROTTLE };
      hangs = 0;
    },
    take() {
      if (hangs > 0) {
        hangs -= 1;
        return { kind: 'hang' };
      }
      if (failures.remaining > 0) {
        failures.remaining -= 1;
        return { kind: 'http', status: failures.status };
      }
      if (throttles.remaining > 0) {
        throttles.remaining -= 1;
        return { kind: 'throttled', report: throttles.report };
      }
      return { kind: 'none' };
    },
  };
}

/** The body of POST /sandbox/faults: every field optional; `reset` first, then the rest. */
export const FaultsRequest = z.object({
  reset: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  failNext: z.object({ count: z.number().int().min(0), status: z.number().int().min(400).max(599).optional() }).optional(),
  throttleNext: z.object({
    count: z.number().int().min(0),
    requestedQueryCost: z.number().min(0).optional(),
    currentlyAvailable: z.number().min(0).optional(),
    restoreRate: z.number().positive().optional(),
  }).optional(),
  hangNext: z.object({ count: z.number().int().min(0) }).optional(),
}).strict();

export function applyFaults(faults: StoreFaults, request: z.infer<typeof FaultsRequest>): void {
  if (request.reset) faults.reset();
  if (request.latencyMs !== undefined) faults.latencyMs = request.latencyMs;
  if (request.failNext) faults.failNext(request.failNext.count, request.failNext.status);
  if (request.throttleNext) {
    const { count, ...report } = request.throttleNext;
    faults.throttleNext(count, report);
  }
  if (request.hangNext) faults.hangNext(request.hangNext.count);
}
