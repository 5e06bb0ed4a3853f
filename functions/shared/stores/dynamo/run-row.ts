// One run row, RUN#<runId>/RUN: read by key, and written by one conditional UpdateItem that also
// moves the row's index keys (byStatus when the status changes, byOrder when the order is bound or
// unbound). One reader and one writer of the row, so a listing after an index Query reads it alike.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Run } from '../../domain/run.js';
import type { RunCondition, RunPatch } from '../ports.js';
import { jsonCopy } from '#harness/adapters/records.js';
import { isConditionalCheckFailed, withoutKeys } from '#harness/adapters/dynamo/conditional.js';
import { type DynamoTableDeps, TABLE_KEYS, keys } from './table.js';
import { packRunField, unpackRunFields } from './run-fields.js';

const IMMUTABLE = new Set(['runId', 'tenant', 'createdAt']);

/** An UpdateItem's expression as it is built: attribute names and values, SET and REMOVE clauses. */
interface UpdateParts {
  names: Record<string, string>;
  values: Record<string, unknown>;
  sets: string[];
  removes: string[];
}

export const toRun = (item: Record<string, unknown>): Run => Run.parse(unpackRunFields(withoutKeys(item)));

export async function getRun({ client, tableName }: DynamoTableDeps, runId: string): Promise<Run | null> {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.run(runId), ConsistentRead: true }));
  return Item ? toRun(Item) : null;
}

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

/** SET updatedAt and every defined field of the patch but the run's identity. */
function patchParts(patch: RunPatch, updatedAt: string): UpdateParts {
  const fields = Object.entries(jsonCopy(patch)).filter(([k, v]) => v !== undefined && !IMMUTABLE.has(k) && k !== 'updatedAt');
  const parts: UpdateParts = {
    names: { '#updatedAt': 'updatedAt' },
    values: { ':updatedAt': updatedAt },
    sets: ['#updatedAt = :updatedAt'],
    removes: [],
  };
  fields.forEach(([field, value], i) => {
    parts.names[`#f${i}`] = field;
    parts.values[`:v${i}`] = packRunField(field, value);
    parts.sets.push(`#f${i} = :v${i}`);
  });
  return parts;
}

/**
 * The index keys a patch moves, given the stored row: byStatus with a new status (sorted by this
 * write's time), byOrder when the order is bound (sorted by createdAt) or unbound.
 */
function addIndexKeys(parts: UpdateParts, patch: RunPatch, current: Run | null): void {
  const { names, values, sets, removes } = parts;
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
}

/** One UpdateItem, conditional on the run existing and on `condition`; null when the condition failed. */
export async function writeRun(deps: DynamoTableDeps, runId: string, patch: RunPatch, condition: RunCondition): Promise<Run | null> {
  const parts = patchParts(patch, patch.updatedAt ?? deps.clock.now().toISOString());
  // The index keys need the tenant, which only the stored row knows.
  const current = patch.order || patch.status ? await getRun(deps, runId) : null;
  if ((patch.order || patch.status) && !current) return null;
  addIndexKeys(parts, patch, current);
  const { names, values, sets, removes } = parts;
  try {
    const { Attributes } = await deps.client.send(
      new UpdateCommand({
        TableName: deps.tableName,
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
