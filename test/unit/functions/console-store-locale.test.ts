// The console reads in the store's zone and locale (issue 22): the pictures count tickets on the
// store's calendar days and name the zone, and a run page words the gate's approval reasons in the
// store's locale (as the approval email does) instead of the gate's stored English with US-style money.
import { describe, expect, it } from 'vitest';
import { createConsoleData } from '#functions/console/app/use-case.js';
import { picturesContent } from '#functions/console/app/views/pictures.js';
import { timelineContent } from '#functions/console/app/views/timeline.js';
import { renderIn } from '#functions/console/app/views/layout.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createPolicy, type Policy } from '#harness/policy/document.js';
import { decideGate } from '#harness/policy/gate.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { RULES } from '#harness/policy/rules.js';
import { makeOrder, makeProposal, makeRun, makeTriage, NOW } from '../../support/fixtures.js';

const clock = { now: () => new Date('2026-11-30T12:00:00Z') };

async function picturesOf(runs: Run[], timeZone?: string) {
  const stores = createInMemoryStores({ clock });
  for (const r of runs) await stores.runs.create(r);
  const data = createConsoleData({
    tenant: 'demo',
    runs: stores.runs,
    journal: stores.journal,
    findRunsByOrder: async () => [],
    decisions: {
      decideAs: async () => {
        throw new Error('not used');
      },
    },
    reviews: null,
    deadLetters: { list: async () => [], retry: async () => Promise.reject(new Error('not used')) } as never,
    shadow: { list: async () => ({ defaultMode: 'auto', minTickets: 50, threshold: 0.98, classes: [] }) } as never,
    clock,
  });
  return data.pictures(timeZone);
}

describe("the pictures count tickets on the store's calendar days", () => {
  const at = (runId: string, createdAt: string) => makeRun({ runId, createdAt, updatedAt: createdAt, costMicros: 10_000 });
  const runs = [at('run-late', '2026-11-29T23:30:00.000Z'), at('run-noon', '2026-11-29T12:00:00.000Z')];

  it('counts a run at 23:30 UTC on the next day in Europe/Budapest, and says the days are Budapest days', async () => {
    const view = await picturesOf(runs, 'Europe/Budapest');

    expect(view.days.map((d) => [d.day, d.tickets])).toEqual([
      ['2026-11-29', 1],
      ['2026-11-30', 1],
    ]);
    const html = picturesContent({ ...view, evalReport: null });
    expect(html).toContain('Per day (calendar days in Europe/Budapest)');
    expect(html).toContain('The four rates per day (calendar days in Europe/Budapest)');
    expect(html).not.toContain('(UTC)');
  });

  it('counts both on the UTC day when the store names no zone, and says UTC', async () => {
    const view = await picturesOf(runs);

    expect(view.days.map((d) => [d.day, d.tickets])).toEqual([['2026-11-29', 2]]);
    expect(picturesContent({ ...view, evalReport: null })).toContain('Per day (UTC)');
  });
});

describe("a run page words the gate's approval reasons in the store's locale", () => {
  /** A €62 blanket in a Berlin store: over the €50 automatic limit, so the gate asks a lead. */
  function euroRun(policy: Policy): Run {
    const order = makeOrder({ unitPriceMinor: 6200, title: 'Wool throw blanket', currency: 'EUR' });
    const facts = toOrderFacts(order, 0);
    const text = 'The wool throw blanket in order #1001 arrived damaged with a hole.';
    const triage = makeTriage({ itemHints: ['blanket'] });
    const proposal = makeProposal(facts, { lineItems: [{ lineItemId: facts.lineItems[0]!.id, quantity: 1, quote: text }] });
    const run = makeRun({ state: 'RequestApproval', status: 'awaiting_approval', triage, order: facts, proposal });
    const ticket = { ...run.ticket, subject: 'Blanket', body: text };
    const gate = decideGate({
      ticketEmail: 'ana@example.com',
      customerText: [text],
      ticketReceivedAt: NOW.toISOString(),
      triage,
      order: facts,
      proposal,
      policy,
      now: NOW,
    });
    return { ...run, ticket, gate };
  }
  const ctx = (policy?: Policy) => ({
    links: { ticket: null, execution: null, order: null },
    canDecide: false,
    canSettle: false,
    csrf: 'x',
    now: NOW,
    ...(policy ? { policy } : {}),
  });
  const berlin = createFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin', now: NOW });
  const plain = (html: string) => html.replace(/[\u00a0\u202f]/g, ' ');

  it('shows "62,00 €" over the "50,00 €" limit, never the stored "€62.00"', () => {
    const policy = createPolicy({ timeZone: 'Europe/Berlin' });
    const run = euroRun(policy);
    expect(run.gate).toMatchObject({ decision: 'approval', rules: [RULES.amountOverAutoLimit] });
    expect(run.gate!.reasons.join(' ')).toContain('€62.00'); // what the gate stored, for the journal

    const html = plain(renderIn(berlin, () => timelineContent(run, [], ctx(policy))));

    expect(html).toContain('62,00 € is over the 50,00 € automatic limit');
    expect(html).not.toContain('€62.00');
    expect(html).not.toContain('€50.00');
  });

  it('keeps the stored reasons when the policy at hand is not the one that decided', () => {
    const decidedBy = createPolicy({ timeZone: 'Europe/Berlin', autoRefundLimitMinor: 4000 });
    const run = euroRun(decidedBy);

    const html = plain(renderIn(berlin, () => timelineContent(run, [], ctx(createPolicy({ timeZone: 'Europe/Berlin' })))));

    // Rewording with another policy's numbers would state a limit that did not decide; the stored words stay.
    expect(html).toContain('€62.00 is over the €40.00 automatic limit');
    expect(html).not.toContain('50,00 €');
  });
});
