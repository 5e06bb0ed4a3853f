// IdempotencyStore on the single table: IDEM#<key>/IDEM. begin() is a conditional put; when the
// key is already there it returns that record, which is how a resumed refund finds its outcome.
// expiresAt (the table's TTL attribute) keeps a key 30 days, longer than any approval can wait.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyRecord, IdempotencyStore } from '../../ports.js';
import { RecordNotFoundError } from '../errors.js';
import { idempotencyExpiry, jsonCopy, toIdempotencyRecord } from '../records.js';
import { conditionally, withoutKeys } from './conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

type Claim = Omit<IdempotencyRecord, 'status' | 'result'>;
type Begun = Awaited<ReturnType<IdempotencyStore['begin']>>;

async function read({ client, tableName }: DynamoTableDeps, key: string): Promise<IdempotencyRecord | null> {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.idempotency(key), ConsistentRead: true }));
  return Item ? toIdempotencyRecord(withoutKeys(Item)) : null;
}

async function begin(deps: DynamoTableDeps, record: Claim): Promise<Begun> {
  const fresh: IdempotencyRecord = { expiresAt: idempotencyExpiry(record.createdAt), ...jsonCopy(record), status: 'in_flight', result: null };
  const created = await conditionally(() =>
    deps.client.send(
      new PutCommand({
        TableName: deps.tableName,
        Item: { ...keys.idempotency(record.key), ...fresh },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (created) return { created: true, record: fresh };
  const existing = await read(deps, record.key);
  if (!existing) throw new RecordNotFoundError('idempotency record', record.key); // deleted between the two calls
  return { created: false, record: existing };
}

async function complete({ client, tableName, clock }: DynamoTableDeps, key: string, result: unknown): Promise<void> {
  const ok = await conditionally(() =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.idempotency(key),
        UpdateExpression: 'SET #status = :succeeded, #result = :result, #completedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status', '#result': 'result', '#completedAt': 'completedAt' },
        ExpressionAttributeValues: { ':succeeded': 'succeeded', ':result': jsonCopy(result) ?? null, ':at': clock.now().toISOString() },
      }),
    ),
  );
  if (!ok) throw new RecordNotFoundError('idempotency record', key);
}

async function markUnknown(deps: DynamoTableDeps, key: string, detail: string): Promise<void> {
  const ok = await conditionally(() =>
    deps.client.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.idempotency(key),
        UpdateExpression: 'SET #status = :unknown, #detail = :detail, #markedAt = :at',
        // A record that already succeeded keeps its receipt.
        ConditionExpression: 'attribute_exists(pk) AND #status <> :succeeded',
        ExpressionAttributeNames: { '#status': 'status', '#detail': 'detail', '#markedAt': 'markedAt' },
        ExpressionAttributeValues: { ':unknown': 'unknown', ':succeeded': 'succeeded', ':detail': detail, ':at': deps.clock.now().toISOString() },
      }),
    ),
  );
  if (!ok && !(await read(deps, key))) throw new RecordNotFoundError('idempotency record', key);
}

async function release({ client, tableName }: DynamoTableDeps, key: string): Promise<boolean> {
  // A record with a receipt is never freed: that refund happened.
  return conditionally(() =>
    client.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.idempotency(key),
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :succeeded',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':succeeded': 'succeeded' },
      }),
    ),
  );
}

export function createDynamoIdempotencyStore(deps: DynamoTableDeps): IdempotencyStore {
  return {
    begin: (record) => begin(deps, record),
    get: (key) => read(deps, key),
    complete: (key, result) => complete(deps, key, result),
    markUnknown: (key, detail) => markUnknown(deps, key, detail),
    release: (key) => release(deps, key),
  };
}
