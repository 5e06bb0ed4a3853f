// ShadowStore on the single table. SHADOW#<tenant>/CLASS#<classKey>: a class's counters (resolved,
// agreed, by atomic ADD) and its promotion; SHADOW#<tenant>/PROMOTION#<at>#<classKey>: one row per
// switch to auto, with who and the figures. A resolution is first a conditional write on the run row
// (RUN#<runId>/RUN, attribute shadow.resolution), so a redelivered refund or event counts once.
//
// Trade-off: no transaction joins the run row and the counters (dynalite, the local and test table,
// has no TransactWriteItems). The run row is written first, so a crash in between leaves one ticket
// out of the counters (never counted twice): the class can only look worse than it is, not better.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { ShadowClassRecord, ShadowPromotion, ShadowStore } from '../ports.js';
import { plain } from '#harness/adapters/records.js';
import { conditionally } from '#harness/adapters/dynamo/conditional.js';
import { type DynamoTableDeps, keys } from '#harness/adapters/dynamo/table.js';

const ClassItem = z.object({
  classKey: z.string(),
  resolved: z.number().int().default(0),
  agreed: z.number().int().default(0),
  promotedAt: z.string().nullable().default(null),
  promotedBy: z.string().nullable().default(null),
});

const PromotionItem = z.object({
  classKey: z.string(),
  at: z.string(),
  by: z.string(),
  resolved: z.number().int(),
  agreed: z.number().int(),
  minTickets: z.number().int(),
  threshold: z.number(),
});

const toClass = (item: Record<string, unknown>): ShadowClassRecord => ClassItem.parse(item);

type Resolution = Parameters<ShadowStore['recordResolution']>[0];

/** Every item of the tenant's shadow partition whose sort key starts with `prefix`, all pages. */
async function queryPrefix({ client, tableName }: DynamoTableDeps, tenant: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.shadowPartition(tenant), ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Writes the resolution on the run row when it has none yet, or still exactly the one it supersedes; false otherwise. */
async function writeOnRun({ client, tableName, clock }: DynamoTableDeps, { tenant, runId, resolution, replacing }: Resolution): Promise<boolean> {
  const names: Record<string, string> = { '#shadow': 'shadow', '#resolution': 'resolution', '#tenant': 'tenant', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':r': plain(resolution), ':tenant': tenant, ':now': clock.now().toISOString() };
  let condition = '#tenant = :tenant AND attribute_exists(#shadow) AND attribute_not_exists(#shadow.#resolution)';
  if (replacing) {
    Object.assign(names, { '#by': 'by', '#sourceId': 'sourceId' });
    Object.assign(values, { ':prevBy': replacing.by, ':prevSource': replacing.sourceId });
    condition = '#tenant = :tenant AND #shadow.#resolution.#by = :prevBy AND #shadow.#resolution.#sourceId = :prevSource';
  }
  return conditionally(() =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.run(runId),
        UpdateExpression: 'SET #shadow.#resolution = :r, #updatedAt = :now',
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** The class counters, by atomic ADD: a new resolution counts one ticket; a superseding one moves only `agreed`. */
async function count({ client, tableName }: DynamoTableDeps, { tenant, classKey, resolution, replacing }: Resolution): Promise<void> {
  const counted = (r: { agrees: boolean } | null) => (r?.agrees ? 1 : 0);
  await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.shadowClass(tenant, classKey),
      UpdateExpression: 'SET #k = :k ADD #resolved :dr, #agreed :da',
      ExpressionAttributeNames: { '#k': 'classKey', '#resolved': 'resolved', '#agreed': 'agreed' },
      ExpressionAttributeValues: { ':k': classKey, ':dr': replacing ? 0 : 1, ':da': counted(resolution) - counted(replacing) },
    }),
  );
}

async function recordResolution(deps: DynamoTableDeps, input: Resolution): Promise<boolean> {
  if (!(await writeOnRun(deps, input))) return false;
  await count(deps, input);
  return true;
}

async function getClass({ client, tableName }: DynamoTableDeps, tenant: string, classKey: string): Promise<ShadowClassRecord | null> {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.shadowClass(tenant, classKey), ConsistentRead: true }));
  return Item ? toClass(Item) : null;
}

async function listClasses(deps: DynamoTableDeps, tenant: string): Promise<ShadowClassRecord[]> {
  return (await queryPrefix(deps, tenant, 'CLASS#')).map(toClass).sort((a, b) => a.classKey.localeCompare(b.classKey));
}

async function promote({ client, tableName }: DynamoTableDeps, tenant: string, promotion: ShadowPromotion): Promise<boolean> {
  const switched = await conditionally(() =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.shadowClass(tenant, promotion.classKey),
        UpdateExpression: 'SET #at = :at, #by = :by',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#at) AND #resolved = :resolved AND #agreed = :agreed',
        ExpressionAttributeNames: { '#at': 'promotedAt', '#by': 'promotedBy', '#resolved': 'resolved', '#agreed': 'agreed' },
        ExpressionAttributeValues: { ':at': promotion.at, ':by': promotion.by, ':resolved': promotion.resolved, ':agreed': promotion.agreed },
      }),
    ),
  );
  if (!switched) return false;
  // The class row already says who and when; this row keeps the figures, one per switch.
  await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.shadowPromotion(tenant, promotion.at, promotion.classKey), ...plain(promotion) } }));
  return true;
}

async function listPromotions(deps: DynamoTableDeps, tenant: string): Promise<ShadowPromotion[]> {
  return (await queryPrefix(deps, tenant, 'PROMOTION#')).map((item): ShadowPromotion => PromotionItem.parse(item));
}

export function createDynamoShadowStore(deps: DynamoTableDeps): ShadowStore {
  return {
    recordResolution: (input) => recordResolution(deps, input),
    getClass: (tenant, classKey) => getClass(deps, tenant, classKey),
    listClasses: (tenant) => listClasses(deps, tenant),
    promote: (tenant, promotion) => promote(deps, tenant, promotion),
    listPromotions: (tenant) => listPromotions(deps, tenant),
  };
}
