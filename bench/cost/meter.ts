// Counts what the local runtime asks of AWS and of the outside world while it runs tickets, by
// listening on the clients it already has, and names the function each call was made for (the
// runtime runs every handler inside local/invoking-function.ts's asFunction): DynamoDB request units
// (plus the writes each table write costs in every secondary index, as deployed and as it would with
// ALL projections), SQS, SES and Step Functions requests, MCP requests by JSON-RPC method (each one a
// Lambda invocation deployed), and Shopify and helpdesk calls (those the MCP server makes are
// charged to the MCP request in flight). Counts only, never times: bench/cost/deployed.ts turns them
// into billed durations with assumed latencies.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { createTableInput, TABLE_KEYS } from '#functions/shared/stores/dynamo/table.js';
import { invokingFunction } from '#local/invoking-function.js';
import { LOCAL_AWS } from '#local/emulators/listen.js';
import { STATE_FUNCTIONS, type FunctionName } from '../../infra/lib/functions.js';
import { indexWriteUnits, itemSize, writeUnits, type IndexShape, type Item } from './capacity.js';

export type DynamoCounts = {
  readUnits: number;
  writeUnits: number;
  /** Write units in the secondary indexes, as they are projected (table.ts). */
  indexWriteUnits: number;
  /** The same writes had every index projected ALL (what keys-only saves). */
  indexWriteUnitsIfAll: number;
  /**
   * What a priced model call adds (harness/models/gateway.ts addCost: its cost added to the run row),
   * which the offline model (cost 0) skips: one update of the row, at its size when the call's journal
   * row is written.
   */
  costUpdateUnits: number;
  requests: Record<string, number>;
};

/** What one function asked for, over all its invocations. */
export type FunctionCalls = {
  /** DynamoDB, SQS, SES and Step Functions API calls made in its handler. */
  aws: number;
  /** Shopify and helpdesk calls made in its own handler (the run starter's requester look-up). */
  store: number;
  /** MCP tools/call requests it sent. */
  toolCalls: number;
  /** Other MCP requests it sent: the handshake (initialize, notifications/initialized, a GET) and tools/list. */
  mcpOther: number;
  /** Shopify and helpdesk calls the MCP server made while answering its requests. */
  storeViaMcp: number;
};

export type Counts = {
  dynamo: DynamoCounts;
  sqs: { requests: Record<string, number>; emptyReceives: number };
  ses: number;
  stepFunctions: Record<string, number>;
  /** Receives that returned messages: each one run-starter invocation deployed. */
  runStarterInvocations: number;
  /** Per function (a Task state's calls under its function's name); `unattributed` for calls outside every handler. */
  byFunction: Partial<Record<FunctionName | 'unattributed', FunctionCalls>>;
};

export const emptyCounts = (): Counts => ({
  dynamo: { readUnits: 0, writeUnits: 0, indexWriteUnits: 0, indexWriteUnitsIfAll: 0, costUpdateUnits: 0, requests: {} },
  sqs: { requests: {}, emptyReceives: 0 },
  ses: 0,
  stepFunctions: {},
  runStarterInvocations: 0,
  byFunction: {},
});
const noCalls = (): FunctionCalls => ({ aws: 0, store: 0, toolCalls: 0, mcpOther: 0, storeViaMcp: 0 });

/** The table's indexes as the emulator and CDK create them (table.ts). */
export const INDEXES: IndexShape[] = createTableInput('x').GlobalSecondaryIndexes.map((index) => ({
  name: index.IndexName,
  hash: index.KeySchema[0]!.AttributeName,
  ...(index.KeySchema[1] ? { range: index.KeySchema[1].AttributeName } : {}),
  projection: index.Projection.ProjectionType,
}));
const TABLE_KEY_NAMES = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey] as const;

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem']);
const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
const SHORT_NAMES: Record<string, string> = {
  Put: 'PutItem',
  Get: 'GetItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactWrite: 'TransactWriteItems',
  TransactGet: 'TransactGetItems',
};
/** PutCommand (document client) and PutItemCommand (low level) alike → PutItem. */
const operationOf = (commandName: string): string => {
  const bare = commandName.replace(/Command$/, '');
  return SHORT_NAMES[bare] ?? bare;
};
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : (value as { S?: string } | undefined)?.S);

/** The deployed function running now: a Task state's name is its function's. */
function currentFunction(): FunctionName | 'unattributed' {
  const name = invokingFunction();
  if (name === undefined) return 'unattributed';
  return (STATE_FUNCTIONS as Record<string, FunctionName>)[name] ?? (name as FunctionName);
}

type Middleware = (
  next: (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>,
  context: { commandName?: string },
) => (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;
type Stack = { add(middleware: Middleware, options: { step: 'initialize'; name: string; priority: 'high' }): void };
type Client = { middlewareStack: unknown };
const use = (client: Client, name: string, middleware: Middleware) =>
  (client.middlewareStack as Stack).add(middleware, { step: 'initialize', name, priority: 'high' });

type Engine = Record<'start' | 'sendTaskSuccess' | 'sendTaskFailure' | 'stop', (...args: never[]) => Promise<unknown>>;

export type Meter = {
  counts: Counts;
  /** The runtime's clients and URLs to listen on, once it is up (the fetch listener is installed before it starts). */
  attach(runtime: {
    dynamo: { client: DynamoDBClient; endpoint: string; tableName: string };
    sqs: { client: SQSClient };
    ses: { client: SESv2Client };
    engine: Engine;
    urls: { mcp: string; store: string; helpdesk: string };
  }): void;
  /** Stops metering fetch (the client listeners go away with their clients). */
  close(): void;
};

type Urls = { mcp: string; store: string; helpdesk: string };
type Runtime = Parameters<Meter['attach']>[0];

/** What the listeners share: the counts, the URLs once attached, and the MCP requests in flight by the function that sent each. */
interface MeterState {
  counts: Counts;
  urls: Urls | null;
  inFlight: FunctionName[];
}

const callsOf = (counts: Counts, fn: FunctionName | 'unattributed') => (counts.byFunction[fn] ??= noCalls());
/** One AWS API call made by the function running now. */
const countAws = (counts: Counts) => void (callsOf(counts, currentFunction()).aws += 1);

/** `fetch` counting store and helpdesk calls, and MCP requests by method (the server's own store calls charged to them). */
function meteredFetch(state: MeterState, original: typeof fetch): typeof fetch {
  const { counts, inFlight } = state;
  return async (request: string | URL | Request, init?: RequestInit) => {
    const url = request instanceof Request ? request.url : String(request);
    const { urls } = state;
    if (!urls) return original(request, init);
    const fn = currentFunction();
    if (url.startsWith(urls.store) || url.startsWith(urls.helpdesk)) {
      if (fn === 'unattributed' && inFlight.length > 0) callsOf(counts, inFlight.at(-1)!).storeViaMcp += 1;
      else callsOf(counts, fn).store += 1;
      return original(request, init);
    }
    if (!url.startsWith(urls.mcp) || fn === 'unattributed') return original(request, init);
    const body = typeof init?.body === 'string' ? init.body : '';
    const method = /"method"\s*:\s*"([^"]+)"/.exec(body)?.[1];
    if (method === 'tools/call') callsOf(counts, fn).toolCalls += 1;
    else callsOf(counts, fn).mcpOther += 1;
    inFlight.push(fn);
    const done = () => void inFlight.splice(inFlight.indexOf(fn), 1);
    try {
      const response = await original(request, init);
      // The request is over when its whole answer (a stream, perhaps) has arrived.
      void response
        .clone()
        .arrayBuffer()
        .catch(() => undefined)
        .then(done);
      return response;
    } catch (error) {
      done();
      throw error;
    }
  };
}

/** DynamoDB request units, and for each write to the table the units it costs in every index (read before and after with `reader`). */
function meterDynamo(counts: Counts, dynamo: Runtime['dynamo'], reader: DynamoDBClient): void {
  const { tableName } = dynamo;
  const read = async (key: Record<string, unknown>): Promise<Item | null> => {
    const pk = str(key[TABLE_KEYS.partitionKey]);
    const sk = str(key[TABLE_KEYS.sortKey]);
    if (pk === undefined || sk === undefined) return null;
    const { Item } = await reader.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: pk }, sk: { S: sk } }, ConsistentRead: true }));
    return Item ?? null;
  };
  use(dynamo.client, 'costMeterDynamo', (next, context) => async (args) => {
    const operation = operationOf(context.commandName ?? '');
    const d = counts.dynamo;
    d.requests[operation] = (d.requests[operation] ?? 0) + 1;
    countAws(counts);
    const withCapacity = { ...args, input: { ...args.input, ReturnConsumedCapacity: 'TOTAL' } };
    if (READS.has(operation)) {
      const result = await next(withCapacity);
      const consumed = result.output.ConsumedCapacity as { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> | undefined;
      d.readUnits += (Array.isArray(consumed) ? consumed : [consumed]).reduce((sum, c) => sum + (c?.CapacityUnits ?? 0), 0);
      return result;
    }
    if (!WRITES.has(operation) || args.input.TableName !== tableName) return next(withCapacity);
    const key = (args.input.Key ?? args.input.Item) as Record<string, unknown>;
    const before = await read(key);
    let result: Awaited<ReturnType<typeof next>>;
    try {
      result = await next(withCapacity);
    } catch (error) {
      // A failed condition still costs the write, sized by the item that is there.
      if ((error as Error).name === 'ConditionalCheckFailedException') d.writeUnits += writeUnits(before ? itemSize(before) : 0);
      throw error;
    }
    const after = operation === 'DeleteItem' ? null : await read(key);
    const consumed = (result.output.ConsumedCapacity as { CapacityUnits?: number } | undefined)?.CapacityUnits;
    d.writeUnits += consumed ?? writeUnits(Math.max(before ? itemSize(before) : 0, after ? itemSize(after) : 0));
    if (operation === 'PutItem' && str(key[TABLE_KEYS.sortKey])?.startsWith('JOURNAL#') && str((key as Record<string, unknown>).kind) === 'model') {
      const row = await read({ [TABLE_KEYS.partitionKey]: key[TABLE_KEYS.partitionKey], [TABLE_KEYS.sortKey]: 'RUN' });
      d.costUpdateUnits += writeUnits(row ? itemSize(row) : 0);
    }
    for (const index of INDEXES) {
      d.indexWriteUnits += indexWriteUnits(index, TABLE_KEY_NAMES, before, after);
      d.indexWriteUnitsIfAll += indexWriteUnits({ ...index, projection: 'ALL' }, TABLE_KEY_NAMES, before, after);
    }
    return result;
  });
}

/** SQS requests (empty receives apart), SES sends, and the handlers' Step Functions calls on the in-process engine. */
function meterQueuesMailAndEngine(counts: Counts, runtime: Runtime): void {
  // The pollers' receives and deletes are Lambda's event source mapping (billed as SQS requests, not in a handler).
  use(runtime.sqs.client, 'costMeterSqs', (next, context) => async (args) => {
    const operation = (context.commandName ?? '').replace(/Command$/, '');
    const result = await next(args);
    if (operation === 'ReceiveMessage' && ((result.output.Messages as unknown[] | undefined)?.length ?? 0) === 0) {
      counts.sqs.emptyReceives += 1;
      return result;
    }
    counts.sqs.requests[operation] = (counts.sqs.requests[operation] ?? 0) + 1;
    if (operation === 'ReceiveMessage') counts.runStarterInvocations += 1;
    if (currentFunction() !== 'unattributed') countAws(counts);
    return result;
  });
  use(runtime.ses.client, 'costMeterSes', (next) => async (args) => {
    counts.ses += 1;
    countAws(counts);
    return next(args);
  });
  // Step Functions API calls (StartExecution, SendTaskSuccess, …): the handlers reach the in-process engine through its methods.
  for (const method of ['start', 'sendTaskSuccess', 'sendTaskFailure', 'stop'] as const) {
    const call = runtime.engine[method].bind(runtime.engine) as (...args: never[]) => Promise<unknown>;
    runtime.engine[method] = (...args: never[]) => {
      if (currentFunction() !== 'unattributed') {
        counts.stepFunctions[method] = (counts.stepFunctions[method] ?? 0) + 1;
        countAws(counts);
      }
      return call(...args);
    };
  }
}

/**
 * Starts counting. Call before the runtime starts: adapters that keep `fetch` from their creation then
 * keep the counting one.
 */
export function startMeter(): Meter {
  const state: MeterState = { counts: emptyCounts(), urls: null, inFlight: [] };
  let raw: DynamoDBClient | null = null;
  const original = globalThis.fetch;
  globalThis.fetch = meteredFetch(state, original);

  return {
    counts: state.counts,
    attach(runtime) {
      state.urls = runtime.urls;
      // A client of its own for the before/after reads, so they are not counted.
      raw = new DynamoDBClient({ ...LOCAL_AWS, endpoint: runtime.dynamo.endpoint });
      meterDynamo(state.counts, runtime.dynamo, raw);
      meterQueuesMailAndEngine(state.counts, runtime);
    },
    close() {
      globalThis.fetch = original;
      raw?.destroy();
    },
  };
}

/** `after` minus `before`, field by field. */
export function diffCounts(after: Counts, before: Counts): Counts {
  const sub = <K extends string>(a: Partial<Record<K, number>>, b: Partial<Record<K, number>>) =>
    Object.fromEntries((Object.entries(a) as [K, number][]).map(([k, v]) => [k, v - (b[k] ?? 0)] as const).filter(([, v]) => v !== 0)) as Record<K, number>;
  const byFunction: Counts['byFunction'] = {};
  for (const [fn, calls] of Object.entries(after.byFunction) as [keyof Counts['byFunction'], FunctionCalls][]) {
    const diff = sub(calls, before.byFunction[fn] ?? noCalls());
    if (Object.keys(diff).length > 0) byFunction[fn] = { ...noCalls(), ...diff };
  }
  return {
    dynamo: {
      readUnits: after.dynamo.readUnits - before.dynamo.readUnits,
      writeUnits: after.dynamo.writeUnits - before.dynamo.writeUnits,
      indexWriteUnits: after.dynamo.indexWriteUnits - before.dynamo.indexWriteUnits,
      indexWriteUnitsIfAll: after.dynamo.indexWriteUnitsIfAll - before.dynamo.indexWriteUnitsIfAll,
      costUpdateUnits: after.dynamo.costUpdateUnits - before.dynamo.costUpdateUnits,
      requests: sub(after.dynamo.requests, before.dynamo.requests),
    },
    sqs: { requests: sub(after.sqs.requests, before.sqs.requests), emptyReceives: after.sqs.emptyReceives - before.sqs.emptyReceives },
    ses: after.ses - before.ses,
    stepFunctions: sub(after.stepFunctions, before.stepFunctions),
    runStarterInvocations: after.runStarterInvocations - before.runStarterInvocations,
    byFunction,
  };
}

/** A deep copy to diff against later. */
export const snapshot = (counts: Counts): Counts => structuredClone(counts);
