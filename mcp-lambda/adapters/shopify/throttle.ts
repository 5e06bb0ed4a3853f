// Shopify's GraphQL Admin API limits an app on a store by query cost, with a leaky bucket per app and
// store (the bucket and its restore rate depend on the store's plan). Every answer reports the cost
// and the bucket (`extensions.cost`), a throttled one too. This module keeps an estimate of the one
// store's bucket (the MCP Lambda serves one tenant, so one bucket per process), waits before a
// request the estimate says would be refused, queues the requests one at a time while the bucket is
// low, and retries a THROTTLED answer a bounded number of times before failing as temporarily
// unavailable (the harness's retry and the state machine's Retry take it from there).
// Clock and sleep are injected so tests run without waiting.
import { setTimeout as timerSleep } from 'node:timers/promises';
import { TemporarilyUnavailableError } from '#shared/contracts/errors.js';

/** Shopify's cost report (body.extensions.cost), sent with every answer including THROTTLED ones. */
export interface QueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable?: number; currentlyAvailable?: number; restoreRate?: number };
}

/** One answer as the client read it: its cost report, whether Shopify throttled it, and how to settle it. */
export interface CostedAnswer<T> {
  cost: QueryCost | undefined;
  /** Shopify's THROTTLED error message, when the request was refused for cost (and so not executed). */
  throttled: string | null;
  /** The data, or the typed error the answer means. */
  settle(): T;
}

export interface ThrottleOptions {
  /** The longest single wait, before a request or after THROTTLED (default 2000 ms). */
  maxWaitMs?: number;
  /** THROTTLED answers retried per request before giving up (default 2). */
  maxRetries?: number;
  /** The cost assumed for a document never answered yet (default 100, about an order read). */
  defaultCost?: number;
  /** The wait after a THROTTLED answer without a cost report (default 1000 ms). */
  fallbackWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface StoreThrottle {
  /** Sends one request under the bucket: waits for room first, retries THROTTLED, settles the answer. */
  run<T>(document: string, send: () => Promise<CostedAnswer<T>>, signal?: AbortSignal): Promise<T>;
  /** Points the estimate says are free now (after requests in flight), or undefined before any answer. */
  available(): number | undefined;
}

interface Bucket {
  available: number;
  maximum: number;
  rate: number;
  at: number;
}

const MAX_DOCUMENTS = 200;

/** How long until a bucket restoring `rate` points a second holds `needed` points when it holds `available`. */
export function restoreWaitMs(needed: number, available: number, rate: number): number {
  if (rate <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil(((needed - available) / rate) * 1000));
}

/** How long until the bucket holds enough points for this query again, from a THROTTLED answer's report. */
export function throttleWaitMs(cost: QueryCost | undefined): number | undefined {
  const requested = cost?.requestedQueryCost;
  const available = cost?.throttleStatus?.currentlyAvailable;
  const rate = cost?.throttleStatus?.restoreRate;
  if (requested === undefined || available === undefined || rate === undefined || rate <= 0) return undefined;
  return restoreWaitMs(requested, available, rate);
}

/** The options with their defaults, and a sleep whose abandoned wait ends as a throttle failure. */
interface ThrottleSettings {
  maxWaitMs: number;
  maxRetries: number;
  defaultCost: number;
  fallbackWaitMs: number;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** What this process knows of the store's bucket: its last report, the points in flight, each document's last cost. */
interface BucketEstimate {
  costs: Map<string, number>;
  bucket: Bucket | undefined;
  inFlight: number;
}

function settingsOf(options: ThrottleOptions): ThrottleSettings {
  const rawSleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => timerSleep(ms, undefined, signal ? { signal } : {}));
  return {
    maxWaitMs: options.maxWaitMs ?? 2000,
    maxRetries: options.maxRetries ?? 2,
    defaultCost: options.defaultCost ?? 100,
    fallbackWaitMs: options.fallbackWaitMs ?? 1000,
    now: options.now ?? (() => performance.now()),
    /** A wait the caller gave up on (its deadline passed) ends as a throttle failure, not an AbortError. */
    sleep: async (ms, signal) => {
      try {
        await rawSleep(ms, signal);
      } catch (cause) {
        throw new TemporarilyUnavailableError('Shopify throttled this store: the call ran out of time waiting for the bucket', { cause, retryAfterMs: ms });
      }
    },
  };
}

/** The cost expected for a document: its last reported one, or the default before any answer. */
const expectedCost = (estimate: BucketEstimate, settings: ThrottleSettings, document: string) => estimate.costs.get(document) ?? settings.defaultCost;

function availableNow(estimate: BucketEstimate, now: () => number): number | undefined {
  const { bucket } = estimate;
  if (!bucket) return undefined;
  const restored = bucket.available + (bucket.rate * (now() - bucket.at)) / 1000;
  return Math.min(bucket.maximum, restored) - estimate.inFlight;
}

function observe(estimate: BucketEstimate, now: () => number, document: string, cost: QueryCost | undefined): void {
  const { costs } = estimate;
  if (cost?.requestedQueryCost !== undefined) {
    if (!costs.has(document) && costs.size >= MAX_DOCUMENTS) costs.clear();
    costs.set(document, cost.requestedQueryCost);
  }
  const status = cost?.throttleStatus;
  if (status?.currentlyAvailable === undefined || status.restoreRate === undefined) return;
  estimate.bucket = {
    available: status.currentlyAvailable,
    maximum: status.maximumAvailable ?? status.currentlyAvailable,
    rate: status.restoreRate,
    at: now(),
  };
}

/** Before sending: the wait the restore rate needs for the expected cost, never longer than maxWaitMs. */
async function waitForRoom(estimate: BucketEstimate, settings: ThrottleSettings, expected: number, signal: AbortSignal | undefined): Promise<void> {
  const free = availableNow(estimate, settings.now);
  const { bucket } = estimate;
  if (free === undefined || !bucket || free >= expected) return;
  const wait = Math.min(restoreWaitMs(Math.min(expected, bucket.maximum), free, bucket.rate), settings.maxWaitMs);
  if (wait > 0) await settings.sleep(wait, signal);
}

/** Sends the request, counting its expected cost in flight meanwhile, and sends it again after each THROTTLED answer allowed. */
async function attempt<T>(
  estimate: BucketEstimate,
  settings: ThrottleSettings,
  document: string,
  send: () => Promise<CostedAnswer<T>>,
  signal: AbortSignal | undefined,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    const expected = expectedCost(estimate, settings, document);
    estimate.inFlight += expected;
    let answer: CostedAnswer<T>;
    try {
      answer = await send();
    } finally {
      estimate.inFlight -= expected;
    }
    observe(estimate, settings.now, document, answer.cost);
    if (answer.throttled === null) return answer.settle();
    // THROTTLED means Shopify refused the request before running it: nothing was read or written,
    // so sending it again is safe, a mutation included (refundCreate goes again with its same
    // @idempotent key, which the client sends as part of the unchanged variables).
    const wait = throttleWaitMs(answer.cost) ?? settings.fallbackWaitMs;
    if (retry >= settings.maxRetries || wait > settings.maxWaitMs || signal?.aborted) {
      const tries = retry + 1;
      throw new TemporarilyUnavailableError(`Shopify throttled this store's requests (${answer.throttled}) ${tries} time${tries === 1 ? '' : 's'}`, {
        retryAfterMs: wait,
      });
    }
    await settings.sleep(wait, signal);
  }
}

export function createStoreThrottle(options: ThrottleOptions = {}): StoreThrottle {
  const settings = settingsOf(options);
  const estimate: BucketEstimate = { costs: new Map(), bucket: undefined, inFlight: 0 };
  // The queue: while anyone waits in it, every request joins it, so a low bucket is spent in order.
  let lane: Promise<void> = Promise.resolve();
  let queued = 0;

  const available = () => availableNow(estimate, settings.now);
  const hasRoom = (expected: number) => (available() ?? Number.POSITIVE_INFINITY) >= expected;

  async function inTurn<T>(document: string, send: () => Promise<CostedAnswer<T>>, signal: AbortSignal | undefined): Promise<T> {
    queued += 1;
    const before = lane;
    let release = () => {};
    lane = new Promise<void>((resolve) => (release = resolve));
    try {
      await before;
      await waitForRoom(estimate, settings, expectedCost(estimate, settings, document), signal);
      return await attempt(estimate, settings, document, send, signal);
    } finally {
      queued -= 1;
      release();
    }
  }

  return {
    available,
    async run(document, send, signal) {
      if (queued === 0 && hasRoom(expectedCost(estimate, settings, document))) return attempt(estimate, settings, document, send, signal);
      return inTurn(document, send, signal);
    },
  };
}
