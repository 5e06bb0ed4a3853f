// A run row's large parts are stored deflated (functions/shared/stores/dynamo/run-fields.ts), so the
// dozen updates a run makes are billed on a smaller item; the row reads back exactly as written, and
// what conditions and index keys read stays as it was.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoStores, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { PACKED_RUN_FIELDS, packRunFields } from '#functions/shared/stores/dynamo/run-fields.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { STILL_OPEN } from '#functions/shared/step/run-context.js';
import { itemSize, writeUnits } from '../../../bench/cost/capacity.js';
import { marshall } from '@aws-sdk/util-dynamodb';
import { countingIds, fixedClock, makeOrder, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';
import { startDynalite } from '../../support/dynalite.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let stores: DynamoStores;

beforeAll(async () => {
  db = await startDynalite();
  stores = createDynamoStores({ client: db.doc, tableName: db.tableName, clock: fixedClock(), ids: countingIds('p') });
});
afterAll(async () => {
  await db?.close();
});

const rawRow = async (runId: string) => (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: { pk: `RUN#${runId}`, sk: 'RUN' } }))).Item!;

describe('a run row with its parts deflated', () => {
  it('reads back exactly what was written, by create and by a conditional update, with the long parts stored as binary', async () => {
    const facts = toOrderFacts(makeOrder({ quantity: 3, title: 'Hand-thrown stoneware mug, speckled glaze, 350 ml' }), 0);
    const run = makeRun({ runId: 'run-packed', triage: makeTriage() });
    expect(await stores.runs.create(run)).toBe(true);

    const proposal = makeProposal(facts);
    const updated = await stores.runs.updateIf('run-packed', { order: facts, proposal, state: 'Gate' }, STILL_OPEN);

    expect(updated).toMatchObject({ order: facts, proposal, state: 'Gate', triage: run.triage, ticket: run.ticket });
    expect(await stores.runs.get('run-packed')).toEqual(updated);
    const raw = await rawRow('run-packed');
    expect(raw.order).toBeInstanceOf(Uint8Array);
    expect(raw.proposal).toBeInstanceOf(Uint8Array);
    // What conditions and index keys read is stored as it was.
    expect(typeof raw.status).toBe('string');
    expect(raw.gsi1pk).toMatch(/^ORDER#/);
  });

  it('leaves short parts and absent ones as they are, and never packs what a condition or a nested update reads', () => {
    const packed = packRunFields({
      gate: null,
      triage: { intent: 'refund' },
      status: 'running',
      cancellation: { by: 'x'.repeat(400) },
      shadow: { n: 'y'.repeat(400) },
    });

    expect(packed).toEqual({
      gate: null,
      triage: { intent: 'refund' },
      status: 'running',
      cancellation: { by: 'x'.repeat(400) },
      shadow: { n: 'y'.repeat(400) },
    });
    expect(PACKED_RUN_FIELDS).not.toContain('status');
    expect(PACKED_RUN_FIELDS).not.toContain('shadow');
  });

  it('makes a grown row cost fewer write units than the same row unpacked', async () => {
    const facts = toOrderFacts(makeOrder({ quantity: 2 }), 0);
    await stores.runs.create(makeRun({ runId: 'run-units', triage: makeTriage(), order: facts, proposal: makeProposal(facts) }));
    const raw = await rawRow('run-units');
    const unpacked = { ...raw, ...(await stores.runs.get('run-units')) };

    const asStored = itemSize(marshall(raw, { removeUndefinedValues: true }) as never);
    const asMaps = itemSize(marshall(unpacked, { removeUndefinedValues: true, convertClassInstanceToMap: true }) as never);
    expect(asStored).toBeLessThan(asMaps);
    expect(writeUnits(asStored)).toBeLessThanOrEqual(writeUnits(asMaps));
  });
});
