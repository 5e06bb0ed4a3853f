// The runs list's search finds a run by its order's item titles ("mug", "Ceramic mug", any case, part
// of a word), besides the customer's name and email, the order number and the ticket id.
import { describe, expect, it } from 'vitest';
import { runsContent } from '#functions/console/app/views/runs.js';
import type { Run } from '#functions/shared/domain/run.js';
import { makeFacts, makeOrder, makeRun } from '../../support/fixtures.js';
import { consoleDataOver } from '../../support/console-data.js';

const mugRun = makeRun({
  runId: 'run-mug',
  ticket: { ...makeRun().ticket, ticketId: '8201', requesterName: 'Ana Souza', requesterEmail: 'ana@example.com' },
  order: makeFacts({}, makeOrder({ number: '1001', title: 'Ceramic mug' })),
});
const throwRun = makeRun({
  runId: 'run-throw',
  createdAt: '2026-09-23T11:00:00.000Z',
  ticket: { ...makeRun().ticket, ticketId: '8202', requesterName: 'Ben Carter', requesterEmail: 'ben@example.com' },
  order: makeFacts({}, makeOrder({ number: '1002', title: 'Wool throw blanket', customer: { id: 'gid://shopify/Customer/2', email: 'ben@example.com' } })),
});

async function search(q: string, runs: Run[] = [mugRun, throwRun]): Promise<string[]> {
  const { data } = await consoleDataOver(runs);
  const listed = await data.listRuns({ q, page: 1 });
  return listed.rows.map((r) => r.runId);
}

describe('searching the runs list by item title', () => {
  it.each([['mug'], ['Ceramic mug'], ['CERAMIC MUG'], ['eram']])('finds the run whose order has a "Ceramic mug" by %j', async (q) => {
    expect(await search(q)).toEqual(['run-mug']);
  });

  it('finds every run whose order has a line with the words, and none when no title has them', async () => {
    expect(await search('blanket')).toEqual(['run-throw']);
    expect(await search('teapot')).toEqual([]);
  });

  it("finds a line by its variant's title too", async () => {
    const order = makeOrder({ number: '1003', title: 'Linen shirt' });
    const facts = makeFacts({}, order);
    const shirt = makeRun({
      runId: 'run-shirt',
      order: { ...facts, lineItems: [{ ...facts.lineItems[0]!, variant: { id: 'v-1', title: 'Medium / White' } }] },
    });
    expect(await search('medium / white', [shirt, throwRun])).toEqual(['run-shirt']);
  });

  it('still finds runs by the customer’s email and name, the order number and the ticket id', async () => {
    expect(await search('ana@exa')).toEqual(['run-mug']);
    expect(await search('BEN carter')).toEqual(['run-throw']);
    expect(await search('#1002')).toEqual(['run-throw']);
    expect(await search('8201')).toEqual(['run-mug']);
  });

  it('tells a lead that search reads item titles', () => {
    const html = runsContent({ filter: { page: 1 }, rows: [], hasNext: false, matched: 0, window: 500, problems: [] });
    expect(html).toContain('an item by its title');
  });
});
