// LockStore on the single table: LOCK#<name>/LOCK, e.g. LOCK#CUSTOMER#<tenant>#<customerId>. Taken by
// a conditional put (free, lease run out, or already the owner's), released by a conditional delete
// (only its owner's). `leaseUntil` (epoch ms) decides in the condition; `expiresAt` (epoch seconds, a
// day later) lets DynamoDB's TTL clear rows a dead holder left.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LockStore } from '../../ports.js';
import { conditionally } from './conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

const ROW_RETENTION_SECONDS = 24 * 3600;

export function createDynamoLockStore({ client, tableName, clock }: DynamoTableDeps): LockStore {
  return {
    async acquire({ name, owner, ttlMs }) {
      const now = clock.now().getTime();
      return conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.lock(name), owner, leaseUntil: now + ttlMs, expiresAt: Math.floor(now / 1000) + ROW_RETENTION_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk) OR #until < :now OR #owner = :owner',
            ExpressionAttributeNames: { '#until': 'leaseUntil', '#owner': 'owner' },
            ExpressionAttributeValues: { ':now': now, ':owner': owner },
          }),
        ),
      );
    },
    async release({ name, owner }) {
      await conditionally(() =>
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.lock(name),
            ConditionExpression: '#owner = :owner',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': owner },
          }),
        ),
      );
    },
  };
}
