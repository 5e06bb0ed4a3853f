// RunStore on the single table: RUN#<runId>/RUN. Once the run is bound to an order the row also
// carries gsi1pk = ORDER#<tenant>#<number> and gsi1sk = createdAt, so "which run refunded order
// 1001" is one Query on the byOrder index (findRunsByOrder). `expiresAt` (TTL) is set at creation:
// the tenant's retention after createdAt. The row's read and conditional write are run-row.ts; the
// scan and the index look-ups, run-listings.ts.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Run } from '../../domain/run.js';
import type { RunCondition, RunPatch, RunStore } from '../ports.js';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import { DEFAULT_RETENTION_DAYS, jsonCopy, retentionExpiry } from '#harness/adapters/records.js';
import { conditionally } from '#harness/adapters/dynamo/conditional.js';
import { findRunsByOrder, listRuns, listRunsByStatus } from './run-listings.js';
import { getRun, writeRun } from './run-row.js';
import { packRunFields } from './run-fields.js';
import { type DynamoTableDeps, TABLE_KEYS, keys } from './table.js';

async function createRun({ client, tableName, retentionDays = DEFAULT_RETENTION_DAYS }: DynamoTableDeps, run: Run): Promise<boolean> {
  const item: Record<string, unknown> = {
    ...keys.run(run.runId),
    ...packRunFields(jsonCopy(Run.parse(run))),
    [TABLE_KEYS.ttlAttribute]: retentionExpiry(run.createdAt, retentionDays),
  };
  if (run.order) {
    item[TABLE_KEYS.byOrderPartitionKey] = keys.byOrder(run.tenant, run.order.orderNumber);
    item[TABLE_KEYS.byOrderSortKey] = run.createdAt;
  }
  item[TABLE_KEYS.byStatusPartitionKey] = keys.byStatus(run.tenant, run.status);
  item[TABLE_KEYS.byStatusSortKey] = run.updatedAt;
  return conditionally(() => client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
}

async function updateRun(deps: DynamoTableDeps, runId: string, patch: RunPatch): Promise<Run> {
  const updated = await writeRun(deps, runId, patch, {});
  if (!updated) throw new RecordNotFoundError('run', runId);
  return updated;
}

async function updateRunIf(deps: DynamoTableDeps, runId: string, patch: RunPatch, condition: RunCondition): Promise<Run | null> {
  const updated = await writeRun(deps, runId, patch, condition);
  if (updated) return updated;
  // The condition failed: a missing run is an error, a run that did not match is the answer null.
  if (!(await getRun(deps, runId))) throw new RecordNotFoundError('run', runId);
  return null;
}

async function addCost({ client, tableName }: DynamoTableDeps, runId: string, micros: number): Promise<void> {
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
}

export function createDynamoRunStore(deps: DynamoTableDeps): RunStore & {
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
} {
  return {
    create: (run) => createRun(deps, run),
    get: (runId) => getRun(deps, runId),
    update: (runId, patch) => updateRun(deps, runId, patch),
    updateIf: (runId, patch, condition) => updateRunIf(deps, runId, patch, condition),
    addCost: (runId, micros) => addCost(deps, runId, micros),
    list: (limit) => listRuns(deps, limit),
    listByStatus: (tenant, status, limit, opts) => listRunsByStatus(deps, tenant, status, limit, opts),
    findRunsByOrder: (tenant, orderNumber) => findRunsByOrder(deps, tenant, orderNumber),
  };
}
