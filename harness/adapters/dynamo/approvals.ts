// ApprovalStore on the single table: APPROVAL#<approvalId>/APPROVAL. decide() is conditional on
// the record being pending and on the form token, so a decision is made once; a lost race → null.
// consume() spends an approved record on one refund's idempotency key, also conditionally;
// recordProgress() notes RequestApproval's progress (task token, holding note, emails) while pending.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApprovalRecord, ApprovalStore } from '../../ports.js';
import { RecordExistsError } from '../errors.js';
import { ApprovalRecordSchema, plain } from '../records.js';
import { conditionally, isConditionalCheckFailed, withoutKeys } from './conditional.js';
import type { DynamoTableDeps } from './runs.js';
import { keys } from './table.js';

export function createDynamoApprovalStore({ client, tableName }: Omit<DynamoTableDeps, 'clock'>): ApprovalStore {
  const toRecord = (item: Record<string, unknown>): ApprovalRecord => ApprovalRecordSchema.parse(withoutKeys(item));

  return {
    async create(record) {
      const item = { ...keys.approval(record.approvalId), ...plain(ApprovalRecordSchema.parse(record)) };
      const created = await conditionally(() =>
        client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })),
      );
      if (!created) throw new RecordExistsError('approval', record.approvalId);
    },

    async get(approvalId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.approval(approvalId), ConsistentRead: true }));
      return Item ? toRecord(Item) : null;
    },

    async decide(input) {
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
    },

    async consume(approvalId, idempotencyKey, at) {
      const spent = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.approval(approvalId),
            UpdateExpression: 'SET #usedBy = :key, #usedAt = if_not_exists(#usedAt, :at)',
            // Single use: spent once, on one idempotency key; the same key again is the resumed refund.
            ConditionExpression: 'attribute_exists(pk) AND #status = :approved AND (attribute_not_exists(#usedBy) OR #usedBy = :null OR #usedBy = :key)',
            ExpressionAttributeNames: { '#usedBy': 'usedBy', '#usedAt': 'usedAt', '#status': 'status' },
            ExpressionAttributeValues: { ':key': idempotencyKey, ':at': at, ':approved': 'approved', ':null': null },
          }),
        ),
      );
      return spent;
    },

    async recordProgress(approvalId, progress) {
      const fields = Object.entries(plain(progress)).filter(([, value]) => value !== undefined);
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
    },
  };
}
