// ApprovalStore on the single table: APPROVAL#<approvalId>/APPROVAL. decide() is conditional on
// the record being pending and on the form token, so a decision is made once; a lost race → null.
// consume() spends an approved record on one refund's idempotency key, also conditionally (the same
// key again is a resumed refund);
// recordProgress() notes RequestApproval's progress (task token, holding note, emails) while pending.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApprovalProgress, ApprovalRecord, ApprovalStore } from '../../ports.js';
import { RecordExistsError } from '../errors.js';
import { ApprovalRecordSchema, jsonCopy } from '../records.js';
import { conditionally, isConditionalCheckFailed, withoutKeys } from './conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

type ApprovalDeps = Omit<DynamoTableDeps, 'clock'>;
type Decision = Parameters<ApprovalStore['decide']>[0];

const toRecord = (item: Record<string, unknown>): ApprovalRecord => ApprovalRecordSchema.parse(withoutKeys(item));

async function createApproval({ client, tableName }: ApprovalDeps, record: ApprovalRecord): Promise<void> {
  const item = { ...keys.approval(record.approvalId), ...jsonCopy(ApprovalRecordSchema.parse(record)) };
  const created = await conditionally(() => client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
  if (!created) throw new RecordExistsError('approval', record.approvalId);
}

async function getApproval({ client, tableName }: ApprovalDeps, approvalId: string): Promise<ApprovalRecord | null> {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.approval(approvalId), ConsistentRead: true }));
  return Item ? toRecord(Item) : null;
}

async function decideApproval({ client, tableName }: ApprovalDeps, input: Decision): Promise<ApprovalRecord | null> {
  try {
    const { Attributes } = await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.approval(input.approvalId),
        UpdateExpression: 'SET #status = :status, #decidedBy = :by, #decidedAt = :at, #reason = :reason',
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND #formToken = :formToken',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#decidedBy': 'decidedBy',
          '#decidedAt': 'decidedAt',
          '#reason': 'reason',
          '#formToken': 'formToken',
        },
        ExpressionAttributeValues: {
          ':status': input.status,
          ':by': input.decidedBy,
          ':at': input.decidedAt,
          ':reason': input.reason,
          ':pending': 'pending',
          ':formToken': input.formToken,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toRecord(Attributes) : null;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

async function consumeApproval(deps: ApprovalDeps, approvalId: string, idempotencyKey: string, at: string): Promise<boolean> {
  const spent = await conditionally(() =>
    deps.client.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.approval(approvalId),
        UpdateExpression: 'SET #usedBy = :key, #usedAt = :at',
        // Single use: spent once, on one idempotency key.
        ConditionExpression: 'attribute_exists(pk) AND #status = :approved AND (attribute_not_exists(#usedBy) OR #usedBy = :null)',
        ExpressionAttributeNames: { '#usedBy': 'usedBy', '#usedAt': 'usedAt', '#status': 'status' },
        ExpressionAttributeValues: { ':key': idempotencyKey, ':at': at, ':approved': 'approved', ':null': null },
      }),
    ),
  );
  if (spent) return true;
  // Already spent: on this key, it is the resumed refund (the first usedAt stays). Once set,
  // usedBy never changes and an approved record stays approved, so a read is enough.
  const record = await getApproval(deps, approvalId);
  return record?.status === 'approved' && record.usedBy === idempotencyKey;
}

async function recordApprovalProgress({ client, tableName }: ApprovalDeps, approvalId: string, progress: ApprovalProgress): Promise<boolean> {
  const fields = Object.entries(jsonCopy(progress)).filter(([, value]) => value !== undefined);
  if (fields.length === 0) throw new Error('recordProgress needs at least one field');
  return conditionally(() =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.approval(approvalId),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])) },
        ExpressionAttributeValues: { ':pending': 'pending', ...Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])) },
      }),
    ),
  );
}

export function createDynamoApprovalStore(deps: ApprovalDeps): ApprovalStore {
  return {
    create: (record) => createApproval(deps, record),
    get: (approvalId) => getApproval(deps, approvalId),
    decide: (input) => decideApproval(deps, input),
    consume: (approvalId, idempotencyKey, at) => consumeApproval(deps, approvalId, idempotencyKey, at),
    recordProgress: (approvalId, progress) => recordApprovalProgress(deps, approvalId, progress),
  };
}
