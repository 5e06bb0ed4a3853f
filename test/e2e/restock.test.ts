// Restock at the tenant's location, end to end: with `restockLocationId` set, units refunded for a
// reason that leaves them sellable (a change of mind) go back to stock there (refundCreate's
// restockType RETURN at that location), and damaged ones never do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { waitForEmails, decide, formTokenOf, linksIn, postWebhook, settled, startRuntime, ticketCreated, waitForRun } from '../support/local-runtime.js';

const LOCATION = 'gid://shopify/Location/1';

describe('restock at the tenant’s location', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime({ policy: { restockLocationId: LOCATION } });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('restocks a blanket refunded for a change of mind, once a lead approves', async () => {
    const text = "I changed my mind about the wool throw blanket from order #1002, it doesn't suit the room. I'd like a refund please.";
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5002', requesterId: '9002', text }));
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.gate).toMatchObject({ decision: 'approval', restockLocationId: LOCATION });

    const email = (await waitForEmails(rt, 1)).find((mail) => (mail.body.text ?? '').includes('1002'))!;
    const [link] = linksIn(email);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    expect(rt.store.store.ledgers.restockedUnits(LOCATION)).toBe(1);
  });

  it('never restocks a mug refunded because it arrived cracked', async () => {
    const before = rt.store.store.ledgers.restockedUnits(LOCATION);
    const text = 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text }));
    const run = await waitForRun(rt, json.runId as string, settled);
    expect(run.status).toBe('done');
    expect(run.gate.restockLocationId).toBeUndefined();
    expect(rt.store.store.ledgers.restockedUnits(LOCATION)).toBe(before);
  });
});
