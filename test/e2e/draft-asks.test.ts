// A reading the agent cannot make sure of ends with a draft that asks (issue #37): the order agent's
// question reaches the reply as a question for the customer, and the holding reply the team gets
// asks it, greets the customer by first name, and states no amount nor a refund made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { postWebhook, settled, startRuntime, storeRefunds, ticketCreated, ticketNotes, waitForRun } from '../support/local-runtime.js';

describe('an unclear count', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it('hands the ticket to a person with a holding draft that asks how many plates, and refunds nothing', async () => {
    const text = 'Some of the dinner plates from order 1006 arrived chipped. I would like a refund for them.';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5006', requesterId: '9006', text }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('escalated');
    expect(run.proposal.unclear.question).toMatch(/how many/i);
    const before = (await storeRefunds(rt, '1006')).length;
    expect(before).toBe(1); // the fixture's earlier amount-only refund, nothing new

    const [note] = await ticketNotes(rt, '5006');
    const holding = note!.body.split('Suggested holding reply to the customer')[1] ?? '';
    expect(holding).toContain('Hello Farah,');
    expect(holding).toContain(run.proposal.unclear.question);
    expect(holding).toContain('?');
    expect(holding).not.toMatch(/\$\d/);
    expect(holding).not.toMatch(/we have refunded/i);
  });
});
