// People read sentences (issue 22): a second ticket on an order already refunded is refused, and what
// a person reads about it (the run's escalation reason, the note on the ticket, the console's pages)
// is a sentence with formatted money and no error class name; the engineers' detail stays in the journal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { postWebhook, settled, startRuntime, ticketCreated, ticketNotes, waitForRun } from '../support/local-runtime.js';

const CODE_WORDS = /[A-Z][a-z]+Error\b/;
const MINOR_UNITS = /\b\d{3,} (USD|EUR)\b/;

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('a second ticket on an order already refunded', () => {
  it('escalates with a sentence, on the run, on the ticket and in the console', async () => {
    const first = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5001', requesterId: '9001', text: 'The mug in order 1001 arrived cracked, please refund it.' }),
    );
    const done = await waitForRun(rt, first.json.runId as string, settled);
    expect(done.status, JSON.stringify(done.escalation)).toBe('done');

    const second = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5003', requesterId: '9001', text: 'Order 1001: my mug arrived cracked, I want a refund.' }),
    );
    const run = await waitForRun(rt, second.json.runId as string, settled);

    expect(run.status).toBe('escalated');
    expect(run.refund).toBeNull();
    expect(run.escalation.reason).toMatch(/^Nothing is left to refund on order #1001: its lines were refunded on .+ \(\$18\.00\)\./);
    expect(run.escalation.reason).toMatch(/\$18\.00/);
    expect(run.escalation.reason).not.toMatch(CODE_WORDS);
    expect(run.escalation.reason).not.toMatch(MINOR_UNITS);
    const [note] = await ticketNotes(rt, '5003');
    expect(note!.body).toContain(`Reason: ${run.escalation.reason}`);
    expect(note!.body).not.toMatch(CODE_WORDS);
    expect(note!.body).not.toMatch(MINOR_UNITS);

    const base = rt.urls.console.replace(/\/$/, '');
    for (const path of ['/', '/queues', `/runs/${encodeURIComponent(run.runId as string)}`, `/runs/${encodeURIComponent(done.runId as string)}`]) {
      const page = await fetch(`${base}${path}`);
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).not.toMatch(CODE_WORDS);
      expect(html, path).not.toMatch(MINOR_UNITS);
    }
  }, 60_000);
});
