/* eslint-disable @typescript-eslint/no-explicit-any -- reads the saved state file as JSON */
// Returns survive a restart on the same data file (DATA_DIR), as refunds do: the return with its lines,
// fee, label, dispositions, refund and shipped exchange reads the same after it, the catalogue keeps
// its stock, and ids made after it stay unique. A file saved before returns and catalogues existed
// still loads, with the fixture's catalogue.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import {
  ask,
  createReturn,
  orderId,
  receive,
  RETURN,
  RETURN_PROCESS,
  returnLine,
  REVERSE_DELIVERY,
  saleId,
  startReturnsStore,
  VARIANT,
  variantId,
} from '../../support/returns-store.js';

let stores: SandboxStore[] = [];
const start = async (dataFile: string) => {
  const store = await startReturnsStore({ dataFile });
  stores.push(store);
  return store;
};
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

const dataFileIn = (prefix: string) => join(mkdtempSync(join(tmpdir(), prefix)), 'store.json');

/** A return of two shirts of order 5001 exchanged for one Large / Blue and refunded for the other, less a $5 fee, with a label. */
async function workedReturn(store: SandboxStore) {
  const ret = (
    await createReturn(store, {
      orderId: orderId(5001),
      returnLineItems: [returnLine(5001, 2)],
      exchangeLineItems: [{ variantId: variantId(8102), quantity: 1 }],
      returnShippingFee: { amount: { amount: '5.00', currencyCode: 'USD' } },
    })
  ).return;
  await ask(store, REVERSE_DELIVERY, { rfo: ret.reverseFulfillmentOrders.nodes[0].id, lines: [], label: { fileUrl: 'https://labels.example/l.pdf' } });
  await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 2 }] });
  const processed = await ask(store, RETURN_PROCESS, {
    input: {
      returnId: ret.id,
      returnLineItems: [{ id: ret.returnLineItems.nodes[0].id, quantity: 2 }],
      exchangeLineItems: [{ id: ret.exchangeLineItems.nodes[0].id, quantity: 1 }],
      financialTransfer: { issueRefund: { orderTransactions: [{ parentId: saleId(5001), transactionAmount: { amount: '29.00', currencyCode: 'USD' } }] } },
    },
  });
  expect(processed.returnProcess.userErrors).toEqual([]);
  return ret.id as string;
}

describe('sandbox store returns: across a restart', () => {
  it('reads a worked return the same after a restart on the same data file, keeps the stock, and makes new ids past the saved ones', async () => {
    const dataFile = dataFileIn('sandbox-returns-');
    const first = await start(dataFile);
    const id = await workedReturn(first);
    const before = (await ask(first, RETURN, { id })).return;
    expect(before).toMatchObject({ status: 'CLOSED', refunds: { nodes: [expect.anything()] } });
    await first.close();
    stores = [];

    const again = await start(dataFile);
    expect((await ask(again, RETURN, { id })).return).toEqual(before);
    expect((await ask(again, VARIANT, { id: variantId(8102) })).productVariant.inventoryQuantity).toBe(2);
    const next = (await createReturn(again, { orderId: orderId(5003), returnLineItems: [returnLine(5003, 1)] })).return;
    expect(next.name).toBe('#5003-R1');
    const madeBefore = JSON.stringify(before).match(/gid:\/\/shopify\/\w+\/\d+/g)!;
    expect(madeBefore).not.toContain(next.id);
    expect(madeBefore).not.toContain(next.returnLineItems.nodes[0].id);
  });

  it('loads a file saved before returns and catalogues existed, with the fixture’s catalogue', async () => {
    const dataFile = dataFileIn('sandbox-returns-old-');
    await (await start(dataFile)).close();
    stores = [];
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { version: number; state: any };
    delete saved.state.catalogue;
    for (const order of saved.state.orders) {
      delete order.returns;
      delete order.addedLineItems;
    }
    writeFileSync(dataFile, JSON.stringify(saved));

    const store = await start(dataFile);
    expect((await ask(store, VARIANT, { id: variantId(8101) })).productVariant.inventoryQuantity).toBe(5);
    expect((await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)] })).userErrors).toEqual([]);
  });
});
