// A minimal Shopify Admin GraphQL client over fetch, pinned to one API version. Separates HTTP
// failures, top-level GraphQL errors and data, and normalizes them into the tool error categories.
// Every request goes through the store's throttle (throttle.ts), which reads the cost report of each
// answer. The URL and token come from config parsed at the edge.
import { ConflictError, InvalidError, NotAuthorizedError, TemporarilyUnavailableError } from '#shared/contracts/errors.js';
import { createStoreThrottle, throttleWaitMs, type CostedAnswer, type QueryCost, type StoreThrottle, type ThrottleOptions } from './throttle.js';

export { throttleWaitMs } from './throttle.js';

export const SHOPIFY_API_VERSION = '2026-04';

export interface ShopifyClientOptions {
  /** https://{shop}.myshopify.com, or the sandbox store's http://127.0.0.1:<port>. */
  shopUrl: string;
  accessToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The store's cost bucket: waits and retries on Shopify's throttling (one per client, so per process). */
  throttle?: StoreThrottle | ThrottleOptions;
}

export interface RequestOptions {
  /** The caller's deadline: no throttle wait outlives it. */
  signal?: AbortSignal;
}

export interface GraphqlClient {
  request<T>(query: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
}

/** The same client (and the same bucket), every request of it also stopped by `signal`: one tool call's deadline. */
export function withSignal(client: GraphqlClient, signal: AbortSignal): GraphqlClient {
  return {
    request: (query, variables, options = {}) =>
      client.request(query, variables, { ...options, signal: options.signal ? AbortSignal.any([options.signal, signal]) : signal }),
  };
}

interface GraphqlErrorBody {
  message?: string;
  extensions?: { code?: string };
}

/** Top-level error codes from Shopify, by category. Anything else is a bad request from us. */
const CODE_CATEGORY: Readonly<Record<string, 'temporary' | 'denied' | 'conflict'>> = {
  THROTTLED: 'temporary',
  INTERNAL_SERVER_ERROR: 'temporary',
  SERVICE_UNAVAILABLE: 'temporary',
  IDEMPOTENCY_CONCURRENT_REQUEST: 'temporary',
  ACCESS_DENIED: 'denied',
  UNAUTHORIZED: 'denied',
  IDEMPOTENCY_KEY_PARAMETER_MISMATCH: 'conflict',
};
const THROTTLE_FALLBACK_MS = 1000;

export function shopifyGraphqlUrl(shopUrl: string): string {
  return `${shopUrl.replace(/\/+$/, '')}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
}

function retryAfterMs(header: string | null): number | undefined {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;
}

export function createShopifyGraphqlClient(options: ShopifyClientOptions): GraphqlClient {
  const url = shopifyGraphqlUrl(options.shopUrl);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const throttle = options.throttle && 'run' in options.throttle ? options.throttle : createStoreThrottle(options.throttle);

  async function send<T>(query: string, variables: Record<string, unknown>, signal: AbortSignal | undefined): Promise<CostedAnswer<T>> {
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': options.accessToken },
        // The same variables on every attempt: a retried refundCreate keeps its idempotency key.
        body: JSON.stringify({ query, variables }),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (cause) {
      throw new TemporarilyUnavailableError('Shopify could not be reached', { cause });
    }
    if (response.status === 401 || response.status === 403) {
      throw new NotAuthorizedError(`Shopify refused the store credentials (HTTP ${response.status})`);
    }
    if (response.status === 429 || response.status >= 500) {
      const retry = retryAfterMs(response.headers.get('retry-after'));
      throw new TemporarilyUnavailableError(`Shopify is unavailable (HTTP ${response.status})`, retry === undefined ? {} : { retryAfterMs: retry });
    }
    if (!response.ok) throw new InvalidError(`Shopify rejected the request (HTTP ${response.status})`);
    let body: { data?: T | null; errors?: GraphqlErrorBody[] | string; extensions?: { cost?: QueryCost } };
    try {
      body = (await response.json()) as typeof body;
    } catch (cause) {
      throw new TemporarilyUnavailableError('Shopify answered with a body that is not JSON', { cause });
    }
    const errors = typeof body.errors === 'string' ? [{ message: body.errors }] : (body.errors ?? []);
    const cost = body.extensions?.cost;
    const throttled = errors.length > 0 && errors.every((e) => e.extensions?.code === 'THROTTLED') ? (errors[0]?.message ?? 'Throttled') : null;
    return {
      cost,
      throttled,
      settle() {
        // Top-level errors win over any partial data: a half-answer is never returned.
        if (errors.length > 0) throw errorFromGraphql(errors, cost);
        if (body.data === undefined || body.data === null) throw new TemporarilyUnavailableError('Shopify answered without data');
        return body.data;
      },
    };
  }

  return {
    request<T>(query: string, variables: Record<string, unknown> = {}, requestOptions: RequestOptions = {}): Promise<T> {
      return throttle.run(query, () => send<T>(query, variables, requestOptions.signal), requestOptions.signal);
    },
  };
}

function errorFromGraphql(errors: GraphqlErrorBody[], cost: QueryCost | undefined): Error {
  const messages = errors.map((e) => e.message ?? 'unknown error').join('; ');
  const categories = errors.map((e) => CODE_CATEGORY[e.extensions?.code ?? '']);
  if (categories.includes('denied')) return new NotAuthorizedError(`Shopify denied access: ${messages}`);
  if (categories.includes('conflict')) return new ConflictError(`Shopify refused a reused idempotency key: ${messages}`);
  if (categories.includes('temporary')) {
    const throttled = errors.some((e) => e.extensions?.code === 'THROTTLED');
    const retryAfterMs = (throttled ? throttleWaitMs(cost) : undefined) ?? THROTTLE_FALLBACK_MS;
    return new TemporarilyUnavailableError(`Shopify is busy: ${messages}`, { retryAfterMs });
  }
  return new InvalidError(`Shopify rejected the query: ${messages}`);
}
