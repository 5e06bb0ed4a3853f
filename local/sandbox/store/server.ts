// The sandbox store's HTTP face: POST /admin/api/2026-04/graphql.json with X-Shopify-Access-Token,
// executed by graphql-js over the in-memory state, with Shopify's cost report in `extensions` (and,
// when a test turns the bucket on, Shopify's THROTTLED refusal of a request the bucket lacks room for);
// POST /sandbox/faults turns the fault knobs from outside (the local runtime, a curl), and
// POST /sandbox/returns/{return}/receive says a return's parcel came back (return-endpoint.ts). With a
// data file, the state is loaded from it at start and saved to it after every change, before the answer.
// Started by local/sandbox/index.ts for tests and for the local runtime (`npm start`).
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { graphql, Kind, parse } from 'graphql';
import type { Clock } from '#harness/ports.js';
import { FixtureError, type SandboxFixture } from '../fixture.js';
import { handleFaultsRequest, hangUntilClosed, listen, readBody, sendJson } from '../http.js';
import { createStoreFaults, type StoreFaults, type ThrottleReport } from './faults.js';
import { requestedQueryCost, type ThrottleStatus } from './throttle.js';
import { createResolvers } from './resolvers.js';
import { CancelJobs, type CancelJobOptions } from './cancel.js';
import { createStoreWebhookSender, type StoreWebhookTarget } from './webhooks.js';
import { ReturnDesk } from './return-desk.js';
import { handleReceiveRequest, RECEIVE_PATH } from './return-endpoint.js';
import { catalogueCurrencies } from '../fixture-returns.js';
import { buildSandboxSchema, SANDBOX_CURRENCIES } from './schema.js';
import { SandboxStoreState, type StoreSnapshot } from './state.js';
import { stateFile } from '../../state-file.js';

export const SANDBOX_API_VERSION = '2026-04';
export const GRAPHQL_PATH = `/admin/api/${SANDBOX_API_VERSION}/graphql.json`;

export interface SandboxStoreOptions {
  fixture: SandboxFixture;
  clock: Clock;
  accessToken: string;
  host?: string;
  port?: number;
  /** Send refunds/create (signed) for each refund refundCreate creates, as a Shopify app's subscription would. */
  webhook?: StoreWebhookTarget;
  /** A delivery that failed (the store does not retry). */
  onWebhookError?: (error: unknown) => void;
  /**
   * Where the state is kept between starts (DATA_DIR): read instead of seeding from the fixture when
   * it exists, written at start and after every refund. Absent: in memory only.
   */
  dataFile?: string;
  /** When orderCancel's jobs finish (cancel.ts); tests may make them slower or quicker. */
  cancelJobs?: CancelJobOptions;
}

export interface SandboxStore {
  /** Base URL (http://127.0.0.1:<port>): what the Shopify adapter takes as its shop URL. */
  url: string;
  graphqlUrl: string;
  store: SandboxStoreState;
  faults: StoreFaults;
  /** orderCancel's jobs, done or not. */
  cancelJobs: CancelJobs;
  /** The returns desk (return-desk.ts): what the return mutations and the receive endpoint call. */
  returns: ReturnDesk;
  /** How many GraphQL requests reached the server (including refused ones). */
  requestCount(): number;
  /** How many of them were answered THROTTLED (by the bucket or a throttleNext fault). */
  throttledCount(): number;
  /** Every distinct credential a request presented (access token and Authorization header values). */
  seenCredentials(): string[];
  /** Resolves once every webhook queued so far has been answered (or has failed). */
  webhooksDelivered(): Promise<void>;
  close(): Promise<void>;
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const FULL_BUCKET: ThrottleStatus = { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 50 };

/** Shopify's `extensions.cost`: the request's cost (none actual when refused) and the bucket after it. */
function costReport(requested: number, status: ThrottleStatus = FULL_BUCKET, refused = false) {
  return { cost: { requestedQueryCost: requested, actualQueryCost: refused ? null : requested, throttleStatus: status } };
}

/** A THROTTLED fault's report, as a cost report. */
const faultReport = (r: ThrottleReport) =>
  costReport(
    r.requestedQueryCost,
    { maximumAvailable: FULL_BUCKET.maximumAvailable, currentlyAvailable: r.currentlyAvailable, restoreRate: r.restoreRate },
    true,
  );

/** Shopify's refusal of a request the bucket lacks room for: HTTP 200, nothing executed. */
function throttledAnswer(extensions: ReturnType<typeof costReport>) {
  return {
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
    extensions,
  };
}

/** The requested cost of a request's document, or 1 for one that does not parse (graphql-js refuses it). */
function costOf(query: unknown, variables: unknown): number {
  if (typeof query !== 'string') return 1;
  try {
    return requestedQueryCost(parse(query), (variables ?? {}) as Record<string, unknown>);
  } catch {
    return 1;
  }
}

/** The root fields a GraphQL document asks for (e.g. ["refundCreate"]), for faults aimed at one operation. */
function rootFields(query: unknown): string[] {
  if (typeof query !== 'string') return [];
  try {
    return parse(query).definitions.flatMap((d) =>
      d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections.flatMap((f) => (f.kind === Kind.FIELD ? [f.name.value] : [])) : [],
    );
  } catch {
    return [];
  }
}

/**
 * The refund an ambiguous answer made, as a refund nothing on the order ties to its run: its note is
 * dropped, so the adapter's look-up of the run's own refund after a conflict finds none and the outcome
 * stays unknown, for a person to settle from the order (the fault's promise: a pending review).
 */
function withoutNote(variables: unknown): unknown {
  const v = variables as { input?: Record<string, unknown> } | undefined;
  return v?.input ? { ...v, input: { ...v.input, note: null } } : v;
}

/** Shopify's answer to a reused idempotency key: the caller cannot tell whether its refund was made. */
function ambiguousRefundAnswer() {
  return {
    data: { refundCreate: null },
    errors: [{ message: 'The idempotency key was already used with different parameters.', extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' } }],
    extensions: costReport(10),
  };
}

export async function startSandboxStore(options: SandboxStoreOptions): Promise<SandboxStore> {
  checkCurrencies(options.fixture);
  const state = new SandboxStoreState(options.fixture, options.clock);
  const file = options.dataFile ? stateFile<StoreSnapshot>(options.dataFile, 1) : null;
  const saved = file?.read();
  if (saved) state.restore(saved);
  file?.write(state.snapshot());
  const schema = buildSandboxSchema();
  const webhooks = options.webhook ? createStoreWebhookSender(options.webhook, options.onWebhookError) : null;
  // A fixture that names its plan's bucket is throttled from the start, as its store would be.
  const faults = createStoreFaults(undefined, options.fixture.shop.apiLimits ?? null);
  // A cancel job that finished changed the store as a refund does: saved, and its refund sent as refunds/create.
  const cancelJobs = new CancelJobs(state, options.cancelJobs, (order, refund) => {
    file?.write(state.snapshot());
    if (refund) webhooks?.refundCreated(order, refund);
  });
  // Returns save like a refund does and send their topics through the same signed deliveries.
  const returns = new ReturnDesk({
    state,
    events: { changed: () => file?.write(state.snapshot()), send: (topic, payload) => webhooks?.send(topic, payload) },
  });
  const rootValue = createResolvers(
    state,
    schema,
    {
      ...(file ? { changed: () => file.write(state.snapshot()) } : {}),
      ...(webhooks ? { refundCreated: (order, refund) => webhooks.refundCreated(order, refund) } : {}),
    },
    { jobs: cancelJobs, stalls: () => faults.cancelJobsStall() },
    (order) => faults.suggestionSkewMinor(order.name),
    returns,
  );
  const server: StoreServer = { options, faults, schema, rootValue, returns, counts: { requests: 0, throttled: 0 }, credentials: new Set<string>() };

  const listening = await listen((req, res) => handleStoreRequest(server, req, res), options.host ?? '127.0.0.1', options.port ?? 0);

  return {
    url: listening.url,
    graphqlUrl: listening.url + GRAPHQL_PATH,
    store: state,
    faults,
    cancelJobs,
    returns,
    requestCount: () => server.counts.requests,
    throttledCount: () => server.counts.throttled,
    seenCredentials: () => [...server.credentials],
    webhooksDelivered: async () => {
      await webhooks?.settle();
    },
    close: async () => {
      await webhooks?.settle();
      await listening.close();
    },
  };
}

/** Every currency the fixture names must be one the sandbox serves. */
function checkCurrencies(fixture: SandboxFixture): void {
  const currencies = new Set<string>([
    fixture.shop.currency,
    ...fixture.orders.flatMap((o) => [o.currency, o.presentmentCurrency].filter((c) => c !== undefined)),
    ...catalogueCurrencies(fixture.catalogue),
  ]);
  for (const c of currencies) {
    if (!(SANDBOX_CURRENCIES as readonly string[]).includes(c)) throw new FixtureError(`currency ${c} is not served by the sandbox store`);
  }
}

/** What answering a request needs, and what the server counts of them. */
type StoreServer = {
  options: SandboxStoreOptions;
  faults: ReturnType<typeof createStoreFaults>;
  schema: ReturnType<typeof buildSandboxSchema>;
  rootValue: ReturnType<typeof createResolvers>;
  returns: ReturnDesk;
  counts: { requests: number; throttled: number };
  credentials: Set<string>;
};

/** One request: the faults endpoint, or a GraphQL request through the access token, the faults and the bucket. */
async function handleStoreRequest(server: StoreServer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { options, faults, counts } = server;
  const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
  if (path === '/sandbox/faults') return handleFaultsRequest(req, res, faults);
  const receive = RECEIVE_PATH.exec(path);
  if (receive) return handleReceiveRequest(req, res, receive[1]!, server.returns);
  if (path !== GRAPHQL_PATH) return sendJson(res, 404, { errors: 'Not Found' });
  if (req.method !== 'POST') return sendJson(res, 405, { errors: 'Method Not Allowed' });
  counts.requests += 1;
  const header = req.headers['x-shopify-access-token'];
  for (const value of [header, req.headers.authorization].flat()) if (value !== undefined) server.credentials.add(value);
  if (!tokenMatches(Array.isArray(header) ? header[0] : header, options.accessToken)) {
    return sendJson(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
  }
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  let body: { query?: unknown; variables?: unknown; operationName?: unknown } | null;
  try {
    body = JSON.parse(await readBody(req)) as typeof body;
  } catch {
    body = null;
  }
  const fault = faults.take(rootFields(body?.query));
  if (fault.kind === 'hang' && !fault.afterCommit) return hangUntilClosed(req, res);
  if (fault.kind === 'http') return sendJson(res, fault.status, { errors: 'Service Unavailable' }, fault.status === 429 ? { 'retry-after': '1' } : {});
  if (fault.kind === 'throttled') {
    counts.throttled += 1;
    return sendJson(res, 200, throttledAnswer(faultReport(fault.report)));
  }
  if (body === null) return sendJson(res, 400, { errors: 'Bad Request: body is not JSON' });
  if (typeof body.query !== 'string') return sendJson(res, 400, { errors: [{ message: 'No query string was present' }] });
  // With the bucket on, a request it lacks room for is refused before it runs, as Shopify does.
  const requested = costOf(body.query, body.variables);
  const bucket = faults.bucket();
  if (bucket && !bucket.charge(requested)) {
    counts.throttled += 1;
    return sendJson(res, 200, throttledAnswer(costReport(requested, bucket.status(), true)));
  }
  // A refund whose fate the store will not tell: made first (commit) or not at all.
  const ambiguous = rootFields(body.query).includes('refundCreate') ? faults.takeAmbiguousRefund() : null;
  if (ambiguous && !ambiguous.commit) return sendJson(res, 200, ambiguousRefundAnswer());
  const result = await graphql({
    schema: server.schema,
    source: body.query,
    rootValue: server.rootValue,
    variableValues: (ambiguous ? withoutNote(body.variables) : (body.variables ?? undefined)) as Record<string, unknown> | undefined,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
  });
  // The operation ran (a refund made and saved); the answer never leaves.
  if (fault.kind === 'hang') return hangUntilClosed(req, res);
  if (ambiguous) return sendJson(res, 200, ambiguousRefundAnswer());
  sendJson(res, 200, { ...result, extensions: costReport(requested, bucket?.status()) });
}
