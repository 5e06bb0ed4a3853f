// RunStore on the single table: RUN#<runId>/RUN. Once the run is bound to an order the row also
// carries gsi1pk = ORDER#<tenant>#<number> and gsi1sk = createdAt, so "which run refunded order
// 1001" is one Query on the byOrder index (findRunsByOrder). `expiresAt` (TTL) is set at creation:
// the tenant's retention after createdAt.
import { GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Run } from '../../domain/types.js';
import type { Clock, RunCondition, RunPatch, RunStore } from '../../ports.js';
import { RecordNotFoundError } from '../errors.js';
import { DEFAULT_RETENTION_DAYS, plain, retentionExpiry } from '../records.js';
import { conditionally, isConditionalCheckFailed, withoutKeys } from './conditional.js';
import { TABLE_KEYS, keys } from './table.js';

export interface DynamoTableDeps {
  client: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  /** Days a run row and its journal rows are kept (TTL); DEFAULT_RETENTION_DAYS when absent. */
  retentionDays?: number;
}

const IMMUTABLE = new Set(['runId', 'tenant', 'createdAt']);

/** The partition key prefix of a run row (table.ts keys.run). */
const RUN_PREFIX = keys.run('').pk;
/** Run rows read at once after an index Query. */
const GET_CONCURRENCY = 16;

/** The ConditionExpression of a write: the run exists, and every part of `condition` holds. */
function conditionOf(condition: RunCondition, names: Record<string, string>, values: Record<string, unknown>): string {
  const parts = ['attribute_exists(pk)'];
  if (condition.statusIn?.length === 0) {
    // No status allowed: a condition that never holds (and no name or value DynamoDB would call unused).
    parts.push('attribute_not_exists(pk)');
  } else if (condition.statusIn) {
    names['#cStatus'] = 'status';
    const placeholders = condition.statusIn.map((status, i) => {
      values[`:cs${i}`] = status;
      return `:cs${i}`;
    });
    parts.push(`#cStatus IN (${placeholders.join(', ')})`);
  }
  if (condition.notCancelled) {
    names['#cCancel'] = 'cancellation';
    parts.push('attribute_not_exists(#cCancel)');
  }
  if (condition.noRefundIntent) {
    names['#cIntent'] = 'refundIntent';
    parts.push('attribute_not_exists(#cIntent)');
  }
  return parts.join(' AND ');
}

export function createDynamoRunStore({ client, tableName, clock, retentionDays = DEFAULT_RETENTION_DAYS }: DynamoTableDeps): RunStore & {
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
} {
  const toRun = (item: Record<string, unknown>) => Run.parse(withoutKeys(item));

  /**
   * Every run under one key of a secondary index, in index order (up to `limit` when given). The
   * indexes are keys-only (table.ts), so a run row is copied to them only when its index keys change,
   * not on every update: the Query returns keys, and each run is then read from the table (a
   * consistent GetItem, GET_CONCURRENCY at a time; the same read units as a BatchGetItem).
   */
  async function queryIndex(
    indexName: string,
    keyName: string,
    keyValue: string,
    opts: { newestFirst: boolean; limit?: number; sortKeyAtLeast?: { name: string; value: string } },
  ): Promise<Run[]> {
    const runIds: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: indexName,
          KeyConditionExpression: opts.sortKeyAtLeast ? '#k = :k AND #s >= :s' : '#k = :k',
          ExpressionAttributeNames: { '#k': keyName, ...(opts.sortKeyAtLeast ? { '#s': opts.sortKeyAtLeast.name } : {}) },
          ExpressionAttributeValues: { ':k': keyValue, ...(opts.sortKeyAtLeast ? { ':s': opts.sortKeyAtLeast.value } : {}) },
          ScanIndexForward: !opts.newestFirst,
          ...(opts.limit === undefined ? {} : { Limit: opts.limit - runIds.length }),
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) runIds.push(String(item[TABLE_KEYS.partitionKey]).slice(RUN_PREFIX.length));
      start = page.LastEvaluatedKey;
    } while (start && (opts.limit === undefined || runIds.length < opts.limit));
    const runs: Array<Run | null> = new Array(runIds.length).fill(null);
    for (let i = 0; i < runIds.length; i += GET_CONCURRENCY) {
      await Promise.all(runIds.slice(i, i + GET_CONCURRENCY).map(async (runId, j) => (runs[i + j] = await get(runId))));
    }
    // In index order; a run deleted since the Query (TTL) is left out.
    return runs.filter((run): run is Run => run !== null);
  }

  async function get(runId: string): Promise<Run | null> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.run(runId), ConsistentRead: true }));
    return Item ? toRun(Item) : null;
  }

  /** One UpdateItem, conditional on the run existing and on `condition`; null when the condition failed. */
  async function write(runId: string, patch: RunPatch, condition: RunCondition): Promise<Run | null> {
    const fields = Object.entries(plain(patch)).filter(([k, v]) => v !== undefined && !IMMUTABLE.has(k) && k !== 'updatedAt');
    const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':updatedAt': patch.updatedAt ?? clock.now().toISOString() };
    const sets = ['#updatedAt = :updatedAt'];
    const removes: string[] = [];
    fields.forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    });
    // The index keys need the tenant, which only the stored row knows.
    const current = patch.order || patch.status ? await get(runId) : null;
    if ((patch.order || patch.status) && !current) return null;
    if (patch.status && current) {
      names['#spk'] = TABLE_KEYS.byStatusPartitionKey;
      names['#ssk'] = TABLE_KEYS.byStatusSortKey;
      values[':spk'] = keys.byStatus(current.tenant, patch.status);
      sets.push('#spk = :spk', '#ssk = :updatedAt');
    }
    if (patch.order && current) {
      names['#gpk'] = TABLE_KEYS.byOrderPartitionKey;
      names['#gsk'] = TABLE_KEYS.byOrderSortKey;
      names['#createdAt'] = 'createdAt';
      values[':gpk'] = keys.byOrder(current.tenant, patch.order.orderNumber);
      sets.push('#gpk = :gpk', '#gsk = #createdAt');
    } else if (patch.order === null) {
      names['#gpk'] = TABLE_KEYS.byOrderPartitionKey;
      names['#gsk'] = TABLE_KEYS.byOrderSortKey;
      removes.push('#gpk', '#gsk');
    }
    try {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.run(runId),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: conditionOf(condition, names, values),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRun(Attributes ?? {});
    } catch (error) {
      if (isConditionalCheckFailed(error)) return null;
      throw error;
    }
  }

  return {
    async create(run) {
      const item: Record<string, unknown> = {
        ...keys.run(run.runId),
        ...plain(Run.parse(run)),
        [TABLE_KEYS.ttlAttribute]: retentionExpiry(run.createdAt, retentionDays),
      };
      if (run.order) {
        item[TABLE_KEYS.byOrderPartitionKey] = keys.byOrder(run.tenant, run.order.orderNumber);
        item[TABLE_KEYS.byOrderSortKey] = run.createdAt;
      }
      item[TABLE_KEYS.byStatusPartitionKey] = keys.byStatus(run.tenant, run.status);
      item[TABLE_KEYS.byStatusSortKey] = run.updatedAt;
      return conditionally(() =>
        client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })),
      );
    },

    get,

    async update(runId, patch) {
      const updated = await write(runId, patch, {});
      if (!updated) throw new RecordNotFoundError('run', runId);
      return updated;
    },

    async updateIf(runId, patch, condition) {
      const updated = await write(runId, patch, condition);
      if (updated) return updated;
      // The condition failed: a missing run is an error, a run that did not match is the answer null.
      if (!(await get(runId))) throw new RecordNotFoundError('run', runId);
      return null;
    },

    async addCost(runId, micros) {
      const ok = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.run(runId),
            UpdateExpression: 'ADD #cost :m',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#cost': 'costMicros' },
            ExpressionAttributeValues: { ':m': micros },
          }),
        ),
      );
      if (!ok) throw new RecordNotFoundError('run', runId);
    },

    /** A scan over run rows, newest first: fine for an operator's list, not for hot paths. */
    async list(limit) {
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
    },

    async listByStatus(tenant, status, limit, opts) {
      // The index's sort key is the time the run took its status (write() sets it with the status).
      const since = opts?.changedSince === undefined ? {} : { sortKeyAtLeast: { name: TABLE_KEYS.byStatusSortKey, value: opts.changedSince } };
      return queryIndex(TABLE_KEYS.byStatusIndex, TABLE_KEYS.byStatusPartitionKey, keys.byStatus(tenant, status), { newestFirst: true, limit, ...since });
    },

    async findRunsByOrder(tenant, orderNumber) {
      return queryIndex(TABLE_KEYS.byOrderIndex, TABLE_KEYS.byOrderPartitionKey, keys.byOrder(tenant, orderNumber), { newestFirst: false });
    },
  };
}
