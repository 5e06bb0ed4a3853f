// What a tenant pays to keep: run and journal rows carry a TTL from the tenant's retention, and the
// secondary indexes hold keys only, the runs being read back from the table. Against dynalite.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoStores, keys, TABLE_KEYS, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { DEFAULT_RETENTION_DAYS } from '#harness/adapters/records.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { NOW, countingIds, fixedClock, makeOrder, makeRun } from '../../support/fixtures.js';
import { startDynalite } from '../../support/dynalite.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
const clock = fixedClock();
const DAY_SECONDS = 24 * 3600;
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const storesKeeping = (retentionDays?: number): DynamoStores =>
  createDynamoStores({ client: db.doc, tableName: db.tableName, clock, ids: countingIds('t'), ...(retentionDays ? { retentionDays } : {}) });
const raw = async (key: { pk: string; sk: string }) => (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key }))).Item!;

beforeAll(async () => {
  db = await startDynalite('retention-test');
});
afterAll(async () => {
  await db?.close();
});

describe('retention', () => {
  it("stamps a run row and its journal rows with the tenant's retention as their TTL", async () => {
    const stores = storesKeeping(30);
    await stores.runs.create(makeRun({ runId: 'run-ttl' }));
    const row = await stores.journal.append({
      runId: 'run-ttl',
      at: NOW.toISOString(),
      step: 'Triage',
      kind: 'model',
      name: 'triage',
      provider: 'offline',
      argsHash: 'h',
      outcome: 'ok',
      detail: 'd',
      latencyMs: 1,
      costMicros: 0,
      model: null,
      inputTokens: null,
      outputTokens: null,
      idempotencyKey: null,
    });

    expect((await raw(keys.run('run-ttl')))[TABLE_KEYS.ttlAttribute]).toBe(nowSeconds + 30 * DAY_SECONDS);
    expect((await raw(keys.journal('run-ttl', row.seq)))[TABLE_KEYS.ttlAttribute]).toBe(nowSeconds + 30 * DAY_SECONDS);
    // The TTL attribute is storage, not part of the run the ports return.
    expect(await stores.runs.get('run-ttl')).not.toHaveProperty(TABLE_KEYS.ttlAttribute);
  });

  it('keeps rows 400 days when the tenant names no retention', async () => {
    await storesKeeping().runs.create(makeRun({ runId: 'run-default-ttl' }));

    expect(DEFAULT_RETENTION_DAYS).toBe(400);
    expect((await raw(keys.run('run-default-ttl')))[TABLE_KEYS.ttlAttribute]).toBe(nowSeconds + 400 * DAY_SECONDS);
  });
});

describe('keys-only indexes', () => {
  it('holds only keys in the byOrder index, and still answers which runs an order has, whole and oldest first', async () => {
    const stores = storesKeeping();
    const order = toOrderFacts(makeOrder({ number: '4242' }), 0);
    for (const [i, runId] of ['run-order-b', 'run-order-a'].entries()) {
      await stores.runs.create(makeRun({ runId, order, createdAt: new Date(NOW.getTime() + i * 1000).toISOString() }));
    }

    const { Items } = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: TABLE_KEYS.byOrderIndex,
        KeyConditionExpression: '#k = :k',
        ExpressionAttributeNames: { '#k': TABLE_KEYS.byOrderPartitionKey },
        ExpressionAttributeValues: { ':k': keys.byOrder('demo', order.orderNumber) },
      }),
    );
    expect(Items!.map((item) => Object.keys(item).sort())).toEqual([
      ['gsi1pk', 'gsi1sk', 'pk', 'sk'],
      ['gsi1pk', 'gsi1sk', 'pk', 'sk'],
    ]);

    const runs = await stores.findRunsByOrder('demo', order.orderNumber);
    expect(runs.map((run) => run.runId)).toEqual(['run-order-b', 'run-order-a']);
    expect(runs[0]).toMatchObject({ order: { orderNumber: order.orderNumber }, ticket: expect.any(Object) });
  });

  it('lists the newest runs of a status through the byStatus index, whole, up to the limit', async () => {
    const stores = storesKeeping();
    for (let i = 0; i < 3; i++) {
      const at = new Date(NOW.getTime() + i * 60_000).toISOString();
      await stores.runs.create(makeRun({ runId: `run-review-${i}`, tenant: 'review-tenant', status: 'pending_review', createdAt: at, updatedAt: at }));
    }

    const runs = await stores.runs.listByStatus!('review-tenant', 'pending_review', 2);
    expect(runs.map((run) => run.runId)).toEqual(['run-review-2', 'run-review-1']);
    expect(runs.every((run) => run.status === 'pending_review' && run.ticket)).toBe(true);
  });
});
