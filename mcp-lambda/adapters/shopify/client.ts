// A minimal Shopify Admin GraphQL client over fetch, pinned to one API version. Separates HTTP
// failures, top-level GraphQL errors and data, and normalizes them into the tool error categories.
// Used by shopify-api.ts; the URL and token come from config parsed at the edge.
import { ConflictError, InvalidError, NotAuthorizedError, TemporarilyUnavailableError } from '#shared/contracts/errors.js';

export const SHOPIFY_API_VERSION = '2026-04';

export interface ShopifyClientOptions {
  /** https://{shop}.myshopify.com, or the sandbox store's http://127.0.0.1:<port>. */
  shopUrl: string;
  accessToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface GraphqlClient {
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

interface GraphqlErrorBody {
  message?: string;
  extensions?: { code?: string };
}

/** Shopify's cost report (body.extensions.cost), sent with every answer including THROTTLED ones. */
interface QueryCost {
  requestedQueryCost?: number;
  throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
}

/** How long until the bucket holds enough points for this query again, when Shopify says so. */
export function throttleWaitMs(cost: QueryCost | undefined): number | undefined {
  const requested = cost?.requestedQueryCost;
  const available = cost?.throttleStatus?.currentlyAvailable;
  const rate = cost?.throttleStatus?.restoreRate;
  if (requested === undefined || available === undefined || rate === undefined || rate <= 0) return undefined;
  return Math.max(0, Math.ceil(((requested - available) / rate) * 1000));
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

  return {
    async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': options.accessToken },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(timeoutMs),
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
      // Top-level errors win over any partial data: a half-answer is never returned.
      if (errors.length > 0) throw errorFromGraphql(errors, body.extensions?.cost);
      if (body.data === undefined || body.data === null) throw new TemporarilyUnavailableError('Shopify answered without data');
      return body.data;
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
