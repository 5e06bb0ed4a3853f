// "Where is my refund?" end to end through the local runtime (docs/policy.md "Questions about a
// refund already made"): a question about a refund the store made is answered from the store's own
// record (which refund, the day, the amount, the card it went back to, how long banks take), with a
// checked draft and no money moved; a refund the customer expects that the store has no record of
// goes to a person with what was found, and nothing moves either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { postWebhook, settled, startRuntime, storeRefunds, ticketCreated, ticketNotes, waitForRun } from '../support/local-runtime.js';

const BANK_TIMES = 'Your bank may take 3 to 7 business days to show it.';

describe('a question about an earlier refund', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime({ bankTimes: BANK_TIMES });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('is answered from the record: the refund of the napkin rings, its day, $8.00, the card, the bank wording; nothing refunded', async () => {
    const before = await storeRefunds(rt, '1007');
    const text = 'Hi, you refunded one of the napkin rings on order 1007 but I still do not see the money on my card. Where is my refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5007', requesterId: '9007', text }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'answer', amountMinor: 0, rules: ['refund_status_answered'] });
    expect(run.refund).toBeNull();
    expect(await storeRefunds(rt, '1007')).toEqual(before);
    expect(run.journal.some((row) => row.name === 'refund_create')).toBe(false);

    const [told] = run.gate.statusAnswer.refunds;
    const day = new Intl.DateTimeFormat('en', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${told.day}T12:00:00Z`));
    const notes = await ticketNotes(rt, '5007');
    expect(notes).toHaveLength(1);
    const draft = notes[0]!.body;
    expect(draft).toContain('#1007');
    expect(draft).toContain('$8.00');
    expect(draft).toContain(day);
    expect(draft).toContain('Brass napkin rings');
    expect(draft).toContain(BANK_TIMES);
    // The sandbox's card for order 1007: a Visa ending in the order number.
    expect(told.payments).toEqual([expect.objectContaining({ method: 'card', cardBrand: 'Visa', cardLast4: '1007', amountMinor: 800 })]);
    expect(draft).toContain('Visa ending in 1007');
    expect(run.draft.check).toMatchObject({ passed: true, problems: [] });

    // The run page says it was answered from the record, with the refund told.
    const page = await (await fetch(`${rt.urls.console.replace(/\/$/, '')}/runs/${encodeURIComponent(run.runId as string)}`)).text();
    expect(page).toContain('answered from the record (nothing refunded)');
    expect(page).toContain(': $8.00 to Visa ending in 1007');
    expect(page).not.toContain(`${told.day}:`);
  });

  it('goes to a person when the store has no refund on the order, saying what was found', async () => {
    const text = 'Hello, I was told my refund for the blanket on order #1002 was processed last week. Where is my refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5002', requesterId: '9002', text }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('escalated');
    expect(run.gate).toMatchObject({ decision: 'refuse' });
    expect(run.gate.rules).toEqual(expect.arrayContaining(['refund_status_question', 'refund_status_no_record']));
    expect(run.gate.reasons.join(' ')).toContain('order 1002 shows none');
    expect(await storeRefunds(rt, '1002')).toEqual([]);
  });
});
