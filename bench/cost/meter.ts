// Counts what the local runtime asks of AWS while it runs tickets, by listening on the clients it
// already has: DynamoDB request units (read back from the emulator, plus the writes each table write
// costs in every secondary index, as deployed and as it would with ALL projections), SQS requests and
// the run starter's invocations, and the MCP server's invocations (each HTTP request to it is one
// Lambda invocation deployed). Used by bench/cost.ts and test/e2e/cost.test.ts.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { createTableInput, TABLE_KEYS } from '#harness/adapters/dynamo/table.js';
import { LOCAL_AWS } from '#local/emulators/listen.js';
import { indexWriteUnits, itemSize, writeUnits, type IndexShape, type Item } from './capacity.js';

export type DynamoCounts = {
  readUnits: number;
  writeUnits: number;
  /** Write units in the secondary indexes, as they are projected (table.ts). */
  indexWriteUnits: number;
  /** The same writes had every index projected ALL (what keys-only saves). */
  indexWriteUnitsIfAll: number;
  requests: Record<string, number>;
};

export type Counts = {
  dynamo: DynamoCounts;
  sqs: { requests: Record<string, number>; emptyReceives: number };
  /** Run-starter invocations (a receive that returned messages), with their durations. */
  runStarter: { ms: number[] };
  /** MCP server invocations (HTTP requests to it), with their durations. */
  mcp: { ms: number[] };
};

export const emptyCounts = (): Counts => ({
  dynamo: { readUnits: 0, writeUnits: 0, indexWriteUnits: 0, indexWriteUnitsIfAll: 0, requests: {} },
  sqs: { requests: {}, emptyReceives: 0 },
  runStarter: { ms: [] },
  mcp: { ms: [] },
});

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
/** PutCommand (document client) and PutItemCommand (low level) alike → PutItem. */
const operationOf = (commandName: string): string => {
  const bare = commandName.replace(/Command$/, '');
  return (
    (
      {
        Put: 'PutItem',
        Get: 'GetItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        BatchGet: 'BatchGetItem',
        BatchWrite: 'BatchWriteItem',
        TransactWrite: 'TransactWriteItems',
        TransactGet: 'TransactGetItems',
      } as Record<string, string>
    )[bare] ?? bare
  );
};
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : (value as { S?: string } | undefined)?.S);

type Middleware = (
  next: (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>,
  context: { commandName?: string },
) => (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;
type Stack = { add(middleware: Middleware, options: { step: 'initialize'; name: string; priority: 'high' }): void };

export type Meter = {
  counts: Counts;
  /** Wall-clock spans the meter itself spent (its own reads around writes): not the product's time. */
  overheadSpans: Array<[number, number]>;
  /** Stops metering fetch (the DynamoDB and SQS listeners go away with their clients). */
  close(): void;
};

export function startMeter(input: {
  dynamo: { client: DynamoDBClient; endpoint: string; tableName: string };
  sqs: { client: SQSClient };
  mcpUrl: () => string | undefined;
}): Meter {
  const counts = emptyCounts();
  const overheadSpans: Array<[number, number]> = [];
  // A client of its own for the before/after reads, so they are not counted.
  const raw = new DynamoDBClient({ ...LOCAL_AWS, endpoint: input.dynamo.endpoint });
  const read = async (key: Record<string, unknown>): Promise<Item | null> => {
    const pk = str(key[TABLE_KEYS.partitionKey]);
    const sk = str(key[TABLE_KEYS.sortKey]);
    if (pk === undefined || sk === undefined) return null;
    const started = Date.now();
    const { Item } = await raw.send(new GetItemCommand({ TableName: input.dynamo.tableName, Key: { pk: { S: pk }, sk: { S: sk } }, ConsistentRead: true }));
    overheadSpans.push([started, Date.now()]);
    return Item ?? null;
  };

  const dynamoMeter: Middleware = (next, context) => async (args) => {
    const operation = operationOf(context.commandName ?? '');
    const d = counts.dynamo;
    d.requests[operation] = (d.requests[operation] ?? 0) + 1;
    const withCapacity = { ...args, input: { ...args.input, ReturnConsumedCapacity: 'TOTAL' } };
    if (READS.has(operation)) {
      const result = await next(withCapacity);
      const consumed = result.output.ConsumedCapacity as { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> | undefined;
      d.readUnits += (Array.isArray(consumed) ? consumed : [consumed]).reduce((sum, c) => sum + (c?.CapacityUnits ?? 0), 0);
      return result;
    }
    if (!WRITES.has(operation) || args.input.TableName !== input.dynamo.tableName) return next(withCapacity);
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
    for (const index of INDEXES) {
      d.indexWriteUnits += indexWriteUnits(index, TABLE_KEY_NAMES, before, after);
      d.indexWriteUnitsIfAll += indexWriteUnits({ ...index, projection: 'ALL' }, TABLE_KEY_NAMES, before, after);
    }
    return result;
  };
  (input.dynamo.client.middlewareStack as unknown as Stack).add(dynamoMeter, { step: 'initialize', name: 'costMeterDynamo', priority: 'high' });

  // The run starter runs between a receive that returned messages and the batch delete (or next receive).
  let delivered: number | null = null;
  const sqsMeter: Middleware = (next, context) => async (args) => {
    const operation = (context.commandName ?? '').replace(/Command$/, '');
    const s = counts.sqs;
    if (operation === 'ReceiveMessage' || operation === 'DeleteMessageBatch' || operation === 'DeleteMessage') {
      if (delivered !== null) counts.runStarter.ms.push(Date.now() - delivered);
      delivered = null;
    }
    const result = await next(args);
    if (operation === 'ReceiveMessage' && ((result.output.Messages as unknown[] | undefined)?.length ?? 0) === 0) {
      s.emptyReceives += 1;
      return result;
    }
    s.requests[operation] = (s.requests[operation] ?? 0) + 1;
    if (operation === 'ReceiveMessage') delivered = Date.now();
    return result;
  };
  (input.sqs.client.middlewareStack as unknown as Stack).add(sqsMeter, { step: 'initialize', name: 'costMeterSqs', priority: 'high' });

  // Each request to the MCP server, timed until its whole answer (a stream, perhaps) has arrived.
  const original = globalThis.fetch;
  globalThis.fetch = async (request: string | URL | Request, init?: RequestInit) => {
    const url = request instanceof Request ? request.url : String(request);
    const mcp = input.mcpUrl();
    if (!mcp || !url.startsWith(mcp)) return original(request, init);
    const started = Date.now();
    const response = await original(request, init);
    void response
      .clone()
      .arrayBuffer()
      .catch(() => undefined)
      .then(() => counts.mcp.ms.push(Date.now() - started));
    return response;
  };

  return {
    counts,
    overheadSpans,
    close() {
      globalThis.fetch = original;
      raw.destroy();
    },
  };
}

/** `after` minus `before`, field by field. */
export function diffCounts(after: Counts, before: Counts): Counts {
  const sub = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(a)
        .map(([k, v]) => [k, v - (b[k] ?? 0)])
        .filter(([, v]) => v !== 0),
    );
  return {
    dynamo: {
      readUnits: after.dynamo.readUnits - before.dynamo.readUnits,
      writeUnits: after.dynamo.writeUnits - before.dynamo.writeUnits,
      indexWriteUnits: after.dynamo.indexWriteUnits - before.dynamo.indexWriteUnits,
      indexWriteUnitsIfAll: after.dynamo.indexWriteUnitsIfAll - before.dynamo.indexWriteUnitsIfAll,
      requests: sub(after.dynamo.requests, before.dynamo.requests),
    },
    sqs: { requests: sub(after.sqs.requests, before.sqs.requests), emptyReceives: after.sqs.emptyReceives - before.sqs.emptyReceives },
    runStarter: { ms: after.runStarter.ms.slice(before.runStarter.ms.length) },
    mcp: { ms: after.mcp.ms.slice(before.mcp.ms.length) },
  };
}

/** A deep copy to diff against later. */
export const snapshot = (counts: Counts): Counts => structuredClone(counts);
