// The offline provider, end to end through the local runtime (the way `npm start` runs with no key):
// Spanish, German and French tickets on the demo store are triaged in their language, refunded or
// sent for approval by the policy, and leave a checked draft in the customer's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { approvalLinks, decide, formTokenOf, postWebhook, settled, startRuntime, ticketCreated, ticketNotes, waitForRun } from '../../support/local-runtime.js';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startRuntime();
});
afterAll(async () => {
  await rt.close();
});

async function send(ticketId: string, requesterId: string, text: string) {
  const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
  expect(status).toBe(202);
  return json.runId as string;
}

describe('offline specialists in three languages on the demo store', () => {
  it('refunds the Spanish apron ticket and drafts the reply in Spanish, untouched by the order note', async () => {
    const runId = await send('5005', '9005', 'Hola, el delantal del pedido 1005 llegó dañado. Quiero un reembolso, por favor.');
    const run = await waitForRun(rt, runId, settled);

    expect(run.status).toBe('done');
    expect(run.triage).toMatchObject({ intent: 'refund_request', language: 'es', orderNumber: '1005', reason: 'damaged' });
    expect(run.refund).toMatchObject({ amountMinor: 2800, currency: 'USD' });
    const [note] = await ticketNotes(rt, '5005');
    expect(note?.body).toContain('Hemos reembolsado');
    expect(note?.body.replace(/\s/g, ' ')).toContain('28,00 US$');
    expect(note?.body).toContain('#1005');
  });

  it('refunds the German mug ticket and drafts the reply in German', async () => {
    const runId = await send('5001', '9001', 'Hallo, die Tasse aus meiner Bestellung Nr. 1001 ist zerbrochen angekommen. Bitte um Erstattung, danke.');
    const run = await waitForRun(rt, runId, settled);

    expect(run.status).toBe('done');
    expect(run.triage).toMatchObject({ language: 'de', orderNumber: '1001', reason: 'damaged' });
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 1800 });
    const [note] = await ticketNotes(rt, '5001');
    expect(note?.body).toContain('erstattet');
    expect(note?.body.replace(/\s/g, ' ')).toContain('18,00 $');
  });

  it('sends the French plate ticket of a customer with two recent refunds for approval, then drafts in French', async () => {
    const runId = await send('5003', '9003', "Bonjour, l'assiette de ma commande n° 1003 est arrivée fissurée. Je voudrais un remboursement. Merci");
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.triage).toMatchObject({ language: 'fr', orderNumber: '1003', reason: 'damaged' });
    expect(waiting.gate).toMatchObject({ decision: 'approval', amountMinor: 2400 });

    const [link] = await approvalLinks(rt);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const done = await waitForRun(rt, runId, settled);

    expect(done.status).toBe('done');
    // The first note is the holding note left while the run waited; the reply draft follows the decision.
    const notes = await ticketNotes(rt, '5003');
    expect(notes[0]?.body).toContain('Waiting for a lead');
    const note = notes.at(-1);
    expect(note?.body).toContain('Nous avons remboursé');
    expect(note?.body.replace(/\s/g, ' ')).toContain('24,00 $US');
  });
});
