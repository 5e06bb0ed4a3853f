// Fault knobs of the sandbox store, set by tests and the local runtime: added latency, and the next
// N GraphQL calls failing with an HTTP status (503 by default) or with Shopify's THROTTLED error.
export interface StoreFaults {
  /** Delay added before every GraphQL response. */
  latencyMs: number;
  failNext(count: number, status?: number): void;
  throttleNext(count: number): void;
  reset(): void;
}

export type FaultVerdict = { kind: 'none' } | { kind: 'http'; status: number } | { kind: 'throttled' };

export function createStoreFaults(): StoreFaults & { take(): FaultVerdict } {
  let failures: { remaining: number; status: number } = { remaining: 0, status: 503 };
  let throttles = 0;
  return {
    latencyMs: 0,
    failNext(count, status = 503) {
      failures = { remaining: count, status };
    },
    throttleNext(count) {
      throttles = count;
    },
    reset() {
      this.latencyMs = 0;
      failures = { remaining: 0, status: 503 };
      throttles = 0;
    },
    take() {
      if (failures.remaining > 0) {
        failures.remaining -= 1;
        return { kind: 'http', status: failures.status };
      }
      if (throttles > 0) {
        throttles -= 1;
        return { kind: 'throttled' };
      }
      return { kind: 'none' };
    },
  };
}
