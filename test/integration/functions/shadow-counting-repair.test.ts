// Shadow-mode counting on the real DynamoDB adapter (dynalite on loopback) when a write fails half-way:
// the resolution reached the run row, then the order's anchor, a sample or the class row write threw
// (the process died there). The redelivered refunds/create or ticket solved event finds the run
// already resolved by that very source, still answers as a duplicate, and counts what was lost,
// exactly once: a lost disagreement must not make a class look better than it is. And a promotion
// loses to a resolution counted between its own read and its write.
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionOf, refundsCreateBody } from '../../support/shadow.js';
import { createShadowResolver } from '#functions/shadow/step/resolve.js';
import { sampleOf } from '#functions/shared/domain/shadow.js';
import { createDynamoStores, createTableInput } from '#functions/shared/stores/dynamo/index.js';
import { NO_METRICS } from '#harness/metrics.js';
import { startLocalDynamo, type LocalDynamo } from '#local/emulators/dynamo.js';
import { countingIds, fixedClock, makeFacts } from '../../support/fixtures.js';
import { NOW, proposedRun } from '../../support/steps.js';

const CLASS = 'damaged|0-50|en';
const MUG = 'gid://shopify/LineItem/10011';

let dynamo: LocalDynamo;
let tables = 0;
beforeAll(async () => {
  dynamo = await startLocalDynamo({ tableName: 'shadow-counting-0' });
});
afterAll(async () => {
  await dynamo?.close();
});

type Command = { input: { Key?: { sk?: unknown }; ConditionExpression?: string } };

/** The document client, with `before` run ahead of every command it sends. */
function intercepted(doc: DynamoDBDocumentClient, before: (command: Command) => Promise<void>): DynamoDBDocumentClient {
  return new Proxy(doc, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: Command) => {
        await before(command);
        return target.send(command as never);
      };
    },
  });
}

const shadowRun = (runId: string, orderNumber = '1001') =>
  proposedRun({
    runId,
    status: 'shadow',
    state: 'Shadow',
    order: makeFacts({ orderId: `gid://shopify/Order/${orderNumber}`, customerId: `gid://shopify/Customer/${runId}` }),
    shadow: { classKey: CLASS, decision: 'auto', amountMinor: 1800, currency: 'USD', lines: [{ lineItemId: MUG, quantity: 1 }], proposedAt: NOW.toISOString() },
  });

const refundBody = (amount: string) => refundsCreateBody({ amount, subtotal: amount });

/** A fresh table with a shadow run, read through plain stores and resolved through ones whose `nth` write to `prefix` throws once `armed()`. */
async function world(fault: { prefix: string; nth: number }) {
  const tableName = `shadow-counting-${++tables}`;
  await dynamo.client.send(new CreateTableCommand(createTableInput(tableName)));
  const clock = fixedClock();
  const stores = createDynamoStores({ client: dynamo.doc, tableName, clock, ids: countingIds('c') });
  await stores.runs.create(shadowRun('run-s1'));
  let writes: number | null = null;
  const dying = intercepted(dynamo.doc, async ({ input }) => {
    if (writes === null || !String(input.Key?.sk ?? '').startsWith(fault.prefix)) return;
    if (++writes === fault.nth) throw new Error('Task timed out after 30.00 seconds');
  });
  const failing = createDynamoStores({ client: dying, tableName, clock, ids: countingIds('f') });
  const resolver = createShadowResolver({ runs: failing.runs, shadow: failing.shadow, metrics: NO_METRICS, clock });
  return {
    stores,
    armed: () => void (writes = 0),
    refund: (amount = '18.00') => resolver.refundsCreate('demo', refundBody(amount)),
    solved: async () => resolver.helpdeskSolved((await stores.runs.get('run-s1'))!, 'evt-solved'),
    figures: () => stores.shadow.getClass('demo', CLASS),
  };
}

const DIED = 'Task timed out';
const DISAGREED = { classKey: CLASS, resolved: 1, agreed: 0, samples: 1, agreeingSamples: 0, customers: 1, orders: 1, promotedAt: null, promotedBy: null };
const AGREED = { ...DISAGREED, agreed: 1, agreeingSamples: 1 };

describe('shadow counting on DynamoDB, after a write that failed half-way', () => {
  it.each(['ANCHOR#', 'SAMPLE#', 'CLASS#'])('counts a store refund once when its first %s write threw: the redelivery repairs it', async (prefix) => {
    const w = await world({ prefix, nth: 1 });
    w.armed();

    await expect(w.refund('9.00')).rejects.toThrow(DIED);
    expect(await w.refund('9.00')).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });
    expect(await w.refund('9.00')).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });

    expect(await w.figures()).toEqual(DISAGREED);
  });

  it.each(['SAMPLE#', 'CLASS#'])('counts a ticket solved once when its first %s write threw: the redelivery repairs it', async (prefix) => {
    const w = await world({ prefix, nth: 1 });
    w.armed();

    await expect(w.solved()).rejects.toThrow(DIED);
    expect(await w.solved()).toBe('unchanged');
    expect(await w.solved()).toBe('unchanged');

    expect(await w.figures()).toEqual(DISAGREED);
  });

  it.each([
    ['SAMPLE#', 1],
    ['SAMPLE#', 2],
    ['CLASS#', 1],
  ])('moves agreed once for a superseding store refund whose %s write no. %i threw', async (prefix, nth) => {
    const w = await world({ prefix: String(prefix), nth: Number(nth) });
    await w.solved();
    w.armed();

    await expect(w.refund()).rejects.toThrow(DIED);
    expect(await w.refund()).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });
    expect(await w.solved()).toBe('unchanged');

    expect(await w.figures()).toEqual(AGREED);
  });
});

describe('a promotion racing a resolution on DynamoDB', () => {
  it('loses to a resolution counted between its read of the class and its write', async () => {
    const tableName = `shadow-counting-${++tables}`;
    await dynamo.client.send(new CreateTableCommand(createTableInput(tableName)));
    const clock = fixedClock();
    const stores = createDynamoStores({ client: dynamo.doc, tableName, clock, ids: countingIds('c') });
    const [first, second] = [shadowRun('run-1', '1001'), shadowRun('run-2', '1002')];
    for (const run of [first, second]) await stores.runs.create(run);
    const resolution = (sourceId: string, agrees: boolean) => ({
      by: 'store_refund' as const,
      amountMinor: 1800,
      lines: [],
      at: NOW.toISOString(),
      agrees,
      sourceId,
    });
    await stores.shadow.recordResolution({
      tenant: 'demo',
      runId: 'run-1',
      classKey: CLASS,
      resolution: resolution('refund:1', true),
      replacing: null,
      sample: sampleOf(first),
    });
    const read = (await stores.shadow.getClass('demo', CLASS))!;
    let raced = false;
    const racing = intercepted(dynamo.doc, async ({ input }) => {
      if (raced || !input.ConditionExpression?.includes('#at')) return;
      raced = true;
      const late = { tenant: 'demo', runId: 'run-2', classKey: CLASS, resolution: resolution('refund:2', false), replacing: null, sample: sampleOf(second) };
      await stores.shadow.recordResolution(late);
    });
    const promoting = createDynamoStores({ client: racing, tableName, clock, ids: countingIds('p') });

    const switched = await promoting.shadow.promote('demo', promotionOf(CLASS, read, NOW.toISOString()));

    expect(raced).toBe(true);
    expect(switched).toBe(false);
    expect(await stores.shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 2, agreed: 1, promotedAt: null });
    expect(await stores.shadow.listPromotions('demo')).toEqual([]);
  });
});
