// Reads of many runs: the operator's list (a scan over run rows) and the two keys-only indexes,
// byStatus ("which runs of a tenant are pending review") and byOrder ("which run refunded order
// 1001"). An index Query returns keys; each run is then read from its row (run-row.ts).
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Run } from '../../domain/run.js';
import { getRun, toRun } from './run-row.js';
import { type DynamoTableDeps, TABLE_KEYS, keys } from './table.js';

/** The partition key prefix of a run row (table.ts keys.run). */
const RUN_PREFIX = keys.run('').pk;
/** Run rows read at once after an index Query. */
const GET_CONCURRENCY = 16;

interface IndexQuery {
  indexName: string;
  keyName: string;
  keyValue: string;
  newestFirst: boolean;
  limit?: number;
  sortKeyAtLeast?: { name: string; value: string };
}

/** The run ids under one key of an index, in index order, up to `limit` when given. */
async function queryRunIds({ client, tableName }: DynamoTableDeps, query: IndexQuery): Promise<string[]> {
  const { sortKeyAtLeast, limit } = query;
  const runIds: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: query.indexName,
        KeyConditionExpression: sortKeyAtLeast ? '#k = :k AND #s >= :s' : '#k = :k',
        ExpressionAttributeNames: { '#k': query.keyName, ...(sortKeyAtLeast ? { '#s': sortKeyAtLeast.name } : {}) },
        ExpressionAttributeValues: { ':k': query.keyValue, ...(sortKeyAtLeast ? { ':s': sortKeyAtLeast.value } : {}) },
        ScanIndexForward: !query.newestFirst,
        ...(limit === undefined ? {} : { Limit: limit - runIds.length }),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) runIds.push(String(item[TABLE_KEYS.partitionKey]).slice(RUN_PREFIX.length));
    start = page.LastEvaluatedKey;
  } while (start && (limit === undefined || runIds.length < limit));
  return runIds;
}

/**
 * Every run under one key of a secondary index, in index order (up to `limit` when given). The
 * indexes are keys-only (table.ts), so a run row is copied to them only when its index keys change,
 * not on every update: the Query returns keys, and each run is then read from the table (a
 * consistent GetItem, GET_CONCURRENCY at a time; the same read units as a BatchGetItem).
 */
async function queryIndex(deps: DynamoTableDeps, query: IndexQuery): Promise<Run[]> {
  const runIds = await queryRunIds(deps, query);
  const runs: Array<Run | null> = new Array(runIds.length).fill(null);
  for (let i = 0; i < runIds.length; i += GET_CONCURRENCY) {
    await Promise.all(runIds.slice(i, i + GET_CONCURRENCY).map(async (runId, j) => (runs[i + j] = await getRun(deps, runId))));
  }
  // In index order; a run deleted since the Query (TTL) is left out.
  return runs.filter((run): run is Run => run !== null);
}

/** A scan over run rows, newest first: fine for an operator's list, not for hot paths. */
export async function listRuns({ client, tableName }: DynamoTableDeps, limit: number): Promise<Run[]> {
  const found: Run[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#sk = :run',
        ExpressionAttributeNames: { '#sk': TABLE_KEYS.sortKey },
        ExpressionAttributeValues: { ':run': 'RUN' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.push(toRun(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

export async function listRunsByStatus(
  deps: DynamoTableDeps,
  tenant: string,
  status: Run['status'],
  limit: number,
  opts?: { changedSince?: string },
): Promise<Run[]> {
  // The index's sort key is the time the run took its status (writeRun() sets it with the status).
  const since = opts?.changedSince === undefined ? {} : { sortKeyAtLeast: { name: TABLE_KEYS.byStatusSortKey, value: opts.changedSince } };
  const index = { indexName: TABLE_KEYS.byStatusIndex, keyName: TABLE_KEYS.byStatusPartitionKey, keyValue: keys.byStatus(tenant, status) };
  return queryIndex(deps, { ...index, newestFirst: true, limit, ...since });
}

/** Runs bound to this order, oldest first. */
export async function findRunsByOrder(deps: DynamoTableDeps, tenant: string, orderNumber: string): Promise<Run[]> {
  const index = { indexName: TABLE_KEYS.byOrderIndex, keyName: TABLE_KEYS.byOrderPartitionKey, keyValue: keys.byOrder(tenant, orderNumber) };
  return queryIndex(deps, { ...index, newestFirst: false });
}
