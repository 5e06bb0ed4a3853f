// ShadowStore on the single table, partition SHADOW#<tenant>:
// - CLASS#<classKey>: the resolution counters (resolved, agreed, by atomic ADD) and the promotion;
// - SAMPLE#<classKey>#<customer>#<window>: one independent sample (one customer's resolutions in one
//   window, by hash): its resolutions and disagreements by atomic ADD, its orders as a string set;
// - ANCHOR#<classKey>#<order>: the window of the order's first resolution (set once, if_not_exists),
//   so every run of one order lands in one sample;
// - PROMOTION#<at>#<classKey>: one row per switch to auto, with who and the figures.
// A resolution is first a conditional write on the run row (RUN#<runId>/RUN, attribute
// shadow.resolution), so a redelivered refund or event counts once. The class's sample figures
// (samples, agreeing samples, distinct customers and orders) are derived on read from its samples.
//
// Trade-off: no transaction joins the run row, the sample and the counters (dynalite, the local and
// test table, has no TransactWriteItems). They are written in that order, so a crash in between leaves
// one resolution out of the figures (never counted twice); an anchor without its sample only fixes the
// window the order's later runs join.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { ShadowClassRecord, ShadowPromotion, ShadowStore } from '../ports.js';
import { sampleDelta, sampleFiguresOf, type StoredSample } from '../shadow-samples.js';
import { jsonCopy } from '#harness/adapters/records.js';
import { conditionally } from '#harness/adapters/dynamo/conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

const ClassItem = z.object({
  classKey: z.string(),
  resolved: z.number().int().default(0),
  agreed: z.number().int().default(0),
  promotedAt: z.string().nullable().default(null),
  promotedBy: z.string().nullable().default(null),
});
type ClassCounters = z.infer<typeof ClassItem>;

const SampleItem = z.object({
  classKey: z.string(),
  customer: z.string(),
  window: z.string(),
  resolutions: z.number().int().default(0),
  disagreements: z.number().int().default(0),
  /** A string set (the document client reads it as a Set); absent when no resolution had an order. */
  orders: z.union([z.set(z.string()), z.array(z.string())]).default([]),
});

/** Switches recorded before samples were counted carry no sample figures: read as none. */
const PromotionItem = z.object({
  classKey: z.string(),
  at: z.string(),
  by: z.string(),
  resolved: z.number().int(),
  agreed: z.number().int(),
  samples: z.number().int().default(0),
  agreeingSamples: z.number().int().default(0),
  customers: z.number().int().default(0),
  orders: z.number().int().default(0),
  minTickets: z.number().int(),
  minCustomers: z.number().int().default(0),
  minOrders: z.number().int().default(0),
  threshold: z.number(),
});

type Resolution = Parameters<ShadowStore['recordResolution']>[0];

const sampleSk = (classKey: string, customer: string, window: string) => `SAMPLE#${classKey}#${customer}#${window}`;
const samplePrefix = (classKey: string) => `SAMPLE#${classKey}#`;
const anchorKey = (tenant: string, classKey: string, order: string) => ({ pk: keys.shadowPartition(tenant), sk: `ANCHOR#${classKey}#${order}` });

function toSample(item: Record<string, unknown>): StoredSample & { classKey: string } {
  const parsed = SampleItem.parse(item);
  return { ...parsed, orders: [...parsed.orders].sort() };
}

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
  const values: Record<string, unknown> = { ':r': jsonCopy(resolution), ':tenant': tenant, ':now': clock.now().toISOString() };
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

/** The window the order's runs count in: the one of its first resolution, set once. */
async function windowOf({ client, tableName }: DynamoTableDeps, { tenant, classKey, sample }: Resolution): Promise<string> {
  if (sample.order === null) return sample.window;
  const { Attributes } = await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: anchorKey(tenant, classKey, sample.order),
      UpdateExpression: 'SET #k = :k, #w = if_not_exists(#w, :w)',
      ExpressionAttributeNames: { '#k': 'classKey', '#w': 'window' },
      ExpressionAttributeValues: { ':k': classKey, ':w': sample.window },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return typeof Attributes?.window === 'string' ? Attributes.window : sample.window;
}

/** The sample's counters by atomic ADD, and the order into its set. */
async function countSample(deps: DynamoTableDeps, input: Resolution): Promise<void> {
  const { client, tableName } = deps;
  const { tenant, classKey, resolution, replacing, sample } = input;
  const window = await windowOf(deps, input);
  const delta = sampleDelta(resolution, replacing);
  const names: Record<string, string> = { '#k': 'classKey', '#c': 'customer', '#w': 'window', '#n': 'resolutions', '#d': 'disagreements' };
  const values: Record<string, unknown> = { ':k': classKey, ':c': sample.customer, ':w': window, ':n': delta.resolutions, ':d': delta.disagreements };
  let add = 'ADD #n :n, #d :d';
  if (sample.order !== null) {
    names['#o'] = 'orders';
    values[':o'] = new Set([sample.order]);
    add += ', #o :o';
  }
  await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: keys.shadowPartition(tenant), sk: sampleSk(classKey, sample.customer, window) },
      UpdateExpression: `SET #k = :k, #c = :c, #w = :w ${add}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

async function recordResolution(deps: DynamoTableDeps, input: Resolution): Promise<boolean> {
  if (!(await writeOnRun(deps, input))) return false;
  await countSample(deps, input);
  await count(deps, input);
  return true;
}

const withFigures = (counters: ClassCounters, samples: readonly StoredSample[]): ShadowClassRecord => ({ ...counters, ...sampleFiguresOf(samples) });

/** The class row first, then its samples: a resolution after the read moves the counters a promotion is conditioned on. */
async function getClass(deps: DynamoTableDeps, tenant: string, classKey: string): Promise<ShadowClassRecord | null> {
  const { client, tableName } = deps;
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.shadowClass(tenant, classKey), ConsistentRead: true }));
  if (!Item) return null;
  return withFigures(ClassItem.parse(Item), (await queryPrefix(deps, tenant, samplePrefix(classKey))).map(toSample));
}

async function listClasses(deps: DynamoTableDeps, tenant: string): Promise<ShadowClassRecord[]> {
  const counters = (await queryPrefix(deps, tenant, 'CLASS#')).map((item) => ClassItem.parse(item));
  const samples = (await queryPrefix(deps, tenant, 'SAMPLE#')).map(toSample);
  return counters
    .map((c) =>
      withFigures(
        c,
        samples.filter((s) => s.classKey === c.classKey),
      ),
    )
    .sort((a, b) => a.classKey.localeCompare(b.classKey));
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
  await client.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.shadowPromotion(tenant, promotion.at, promotion.classKey), ...jsonCopy(promotion) } }),
  );
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
