// ShadowStore on the single table, partition SHADOW#<tenant>:
// - CLASS#<classKey>: the promotion, and a version every counted resolution moves (ADD 1), which a
//   promotion is conditioned on; its figures are not kept here but derived on read from its samples;
// - SAMPLE#<classKey>#<customer>#<window>: one independent sample (one customer's resolutions in one
//   window, by hash): its resolutions and disagreements by atomic ADD, its orders as a string set, and
//   the set of resolutions it has counted (`<runId>#<sourceId>`), each ADD conditioned on its token
//   not being there yet, so redoing a counting counts nothing twice;
// - ANCHOR#<classKey>#<order>: the window of the order's first resolution (set once, if_not_exists),
//   so every run of one order lands in one sample;
// - PROMOTION#<at>#<classKey>: one row per switch to auto, with who and the figures.
// A resolution is first a conditional write on the run row (RUN#<runId>/RUN, attribute
// shadow.resolution), so a redelivered refund or event records it once; then it is counted.
//
// Trade-off: no transaction joins the run row, the sample and the class (dynalite, the local and test
// table, has no TransactWriteItems). They are written in that order, so a crash in between leaves one
// resolution on its run but out of the figures until countResolution, which the redelivery of its
// source calls, counts it: never twice, since each sample write is idempotent and the class's
// version bump is harmless to repeat (a promotion in between only has to read again). No idempotency
// set sits on the class row, which would grow with every resolution towards the 400 KB item limit; a
// sample's set holds only its own customer's resolutions in one window. An anchor without its sample
// only fixes the window the order's later runs join.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ShadowResolution } from '../../domain/run.js';
import type { ShadowClassRecord, ShadowPromotion, ShadowResolutionInput, ShadowStore } from '../ports.js';
import { countingsOf, sameFigures, sampleFiguresOf, withSupersedes, type SampleCounting, type StoredSample } from '../shadow-samples.js';
import { jsonCopy } from '#harness/adapters/records.js';
import { conditionally } from '#harness/adapters/dynamo/conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

/** Classes counted before the version carry `resolved`/`agreed` counters, no longer read, and no version: 0. */
const ClassItem = z.object({
  classKey: z.string(),
  version: z.number().int().default(0),
  promotedAt: z.string().nullable().default(null),
  promotedBy: z.string().nullable().default(null),
});
type ClassItem = z.infer<typeof ClassItem>;

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

/**
 * Writes the resolution on the run row when it has none yet, or still exactly the one it supersedes
 * (then kept on it as `supersedes`); the resolution as written, null otherwise.
 */
async function writeOnRun(
  { client, tableName, clock }: DynamoTableDeps,
  { tenant, runId, resolution, replacing }: Resolution,
): Promise<ShadowResolution | null> {
  const written = withSupersedes(resolution, replacing);
  const names: Record<string, string> = { '#shadow': 'shadow', '#resolution': 'resolution', '#tenant': 'tenant', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':r': jsonCopy(written), ':tenant': tenant, ':now': clock.now().toISOString() };
  let condition = '#tenant = :tenant AND attribute_exists(#shadow) AND attribute_not_exists(#shadow.#resolution)';
  if (replacing) {
    Object.assign(names, { '#by': 'by', '#sourceId': 'sourceId' });
    Object.assign(values, { ':prevBy': replacing.by, ':prevSource': replacing.sourceId });
    condition = '#tenant = :tenant AND #shadow.#resolution.#by = :prevBy AND #shadow.#resolution.#sourceId = :prevSource';
  }
  const ok = await conditionally(() =>
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
  return ok ? written : null;
}

/** The resolution the tenant's run holds, read consistently; null without one (or without the run). */
async function heldOn({ client, tableName }: DynamoTableDeps, tenant: string, runId: string): Promise<ShadowResolution | null> {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.run(runId), ConsistentRead: true }));
  if (!Item || Item.tenant !== tenant) return null;
  const held = ShadowResolution.safeParse((Item.shadow as { resolution?: unknown } | undefined)?.resolution);
  return held.success ? held.data : null;
}

/** The window the order's runs count in: the one of its first resolution, set once. */
async function windowOf({ client, tableName }: DynamoTableDeps, { tenant, classKey, sample }: ShadowResolutionInput): Promise<string> {
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

/** One move on the sample by atomic ADD, with the order into its set, unless the sample has counted its token already. */
async function countOnSample(deps: DynamoTableDeps, input: ShadowResolutionInput, window: string, { token, delta }: SampleCounting): Promise<void> {
  const { tenant, classKey, sample } = input;
  const names: Record<string, string> = { '#k': 'classKey', '#c': 'customer', '#w': 'window', '#n': 'resolutions', '#d': 'disagreements', '#t': 'counted' };
  const values: Record<string, unknown> = {
    ...{ ':k': classKey, ':c': sample.customer, ':w': window, ':n': delta.resolutions, ':d': delta.disagreements },
    ...{ ':token': token, ':tokens': new Set([token]) },
  };
  let add = 'ADD #n :n, #d :d, #t :tokens';
  if (sample.order !== null) {
    names['#o'] = 'orders';
    values[':o'] = new Set([sample.order]);
    add += ', #o :o';
  }
  // A failed condition is a move already made: by this resolution's earlier attempt.
  await conditionally(() =>
    deps.client.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: { pk: keys.shadowPartition(tenant), sk: sampleSk(classKey, sample.customer, window) },
        UpdateExpression: `SET #k = :k, #c = :c, #w = :w ${add}`,
        ConditionExpression: 'NOT contains(#t, :token)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** The resolution's moves on its sample, each once, then the class's version (created with the class). */
async function count(deps: DynamoTableDeps, input: ShadowResolutionInput): Promise<void> {
  const window = await windowOf(deps, input);
  for (const counting of countingsOf(input.runId, input.resolution)) await countOnSample(deps, input, window, counting);
  await deps.client.send(
    new UpdateCommand({
      TableName: deps.tableName,
      Key: keys.shadowClass(input.tenant, input.classKey),
      UpdateExpression: 'SET #k = :k ADD #v :one',
      ExpressionAttributeNames: { '#k': 'classKey', '#v': 'version' },
      ExpressionAttributeValues: { ':k': input.classKey, ':one': 1 },
    }),
  );
}

async function recordResolution(deps: DynamoTableDeps, input: Resolution): Promise<boolean> {
  const written = await writeOnRun(deps, input);
  if (!written) return false;
  await count(deps, { ...input, resolution: written });
  return true;
}

/** Counts the resolution the run holds, when it is the one given: as written, with what it superseded. */
async function countResolution(deps: DynamoTableDeps, input: ShadowResolutionInput): Promise<boolean> {
  const held = await heldOn(deps, input.tenant, input.runId);
  if (held?.sourceId !== input.resolution.sourceId) return false;
  await count(deps, { ...input, resolution: held });
  return true;
}

const withFigures = ({ version: _version, ...row }: ClassItem, samples: readonly StoredSample[]): ShadowClassRecord => ({
  ...row,
  ...sampleFiguresOf(samples),
});

/** The class row first, then its samples: a resolution counted after the read moves the version a promotion is conditioned on. */
async function readClass(deps: DynamoTableDeps, tenant: string, classKey: string): Promise<{ row: ClassItem; samples: StoredSample[] } | null> {
  const { client, tableName } = deps;
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.shadowClass(tenant, classKey), ConsistentRead: true }));
  if (!Item) return null;
  return { row: ClassItem.parse(Item), samples: (await queryPrefix(deps, tenant, samplePrefix(classKey))).map(toSample) };
}

async function getClass(deps: DynamoTableDeps, tenant: string, classKey: string): Promise<ShadowClassRecord | null> {
  const read = await readClass(deps, tenant, classKey);
  return read ? withFigures(read.row, read.samples) : null;
}

async function listClasses(deps: DynamoTableDeps, tenant: string): Promise<ShadowClassRecord[]> {
  const rows = (await queryPrefix(deps, tenant, 'CLASS#')).map((item) => ClassItem.parse(item));
  const samples = (await queryPrefix(deps, tenant, 'SAMPLE#')).map(toSample);
  return rows
    .map((row) =>
      withFigures(
        row,
        samples.filter((s) => s.classKey === row.classKey),
      ),
    )
    .sort((a, b) => a.classKey.localeCompare(b.classKey));
}

/** The switch, if the class's figures are still those given; conditioned on the version they were read at (none yet: 0). */
async function promote(deps: DynamoTableDeps, tenant: string, promotion: ShadowPromotion): Promise<boolean> {
  const { client, tableName } = deps;
  const read = await readClass(deps, tenant, promotion.classKey);
  if (!read || read.row.promotedAt !== null || !sameFigures(sampleFiguresOf(read.samples), promotion)) return false;
  const { version } = read.row;
  const switched = await conditionally(() =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.shadowClass(tenant, promotion.classKey),
        UpdateExpression: 'SET #at = :at, #by = :by',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#at) AND ${version === 0 ? 'attribute_not_exists(#v)' : '#v = :v'}`,
        ExpressionAttributeNames: { '#at': 'promotedAt', '#by': 'promotedBy', '#v': 'version' },
        ExpressionAttributeValues: { ':at': promotion.at, ':by': promotion.by, ...(version === 0 ? {} : { ':v': version }) },
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
    countResolution: (input) => countResolution(deps, input),
    getClass: (tenant, classKey) => getClass(deps, tenant, classKey),
    listClasses: (tenant) => listClasses(deps, tenant),
    promote: (tenant, promotion) => promote(deps, tenant, promotion),
    listPromotions: (tenant) => listPromotions(deps, tenant),
  };
}
