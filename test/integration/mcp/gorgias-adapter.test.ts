// The Gorgias helpdesk adapter against the sandbox helpdesk's Gorgias endpoints over real HTTP, and
// the rule both helpdesk adapters share: every request they can make is recorded, and none of them
// could put text in front of the customer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGorgiasHelpdesk, createHelpdesk, createZendeskHelpdesk, HELPDESK_CONNECTORS, type HelpdeskApi } from '#shared/helpdesk/index.js';
import { noteHtml } from '#shared/helpdesk/gorgias.js';
import { ToolFailureError } from '#shared/contracts/errors.js';
import { HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';

let sandboxes: Sandboxes;
let gorgias: HelpdeskApi;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  gorgias = createGorgiasHelpdesk({ baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN });
});
afterAll(() => sandboxes.close());
beforeEach(() => sandboxes.helpdesk.faults.reset());

async function categoryOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolFailureError) return error.category;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('Gorgias helpdesk adapter', () => {
  it('posts the draft as an internal-note message, kept private', async () => {
    const note = await gorgias.postInternalNote('5003', 'Draft reply:\nA refund of USD 24.00 <was> issued.');
    expect(note.ticketId).toBe('5003');
    expect(sandboxes.helpdesk.notes('5003')).toEqual([
      expect.objectContaining({ id: Number(note.noteId), public: false, body: 'Draft reply:\nA refund of USD 24.00 <was> issued.' }),
    ]);
  });

  it('writes the HTML body with the text escaped, never interpreted', () => {
    expect(noteHtml('Hi <b>Ana</b> & co\nline two\n\nnext')).toBe('<p>Hi &lt;b&gt;Ana&lt;/b&gt; &amp; co<br>line two</p><p>next</p>');
  });

  it('looks up a requester by customer id, null for an unknown one', async () => {
    expect(await gorgias.getRequester('9002')).toEqual({ id: '9002', email: 'ben@example.com', name: 'Ben Carter' });
    expect(await gorgias.getRequester('424242')).toBeNull();
  });

  it('maps failures: unknown ticket, bad id, refused key, a helpdesk that hangs', async () => {
    expect(await categoryOf(gorgias.postInternalNote('999999', 'x'))).toBe('not_found');
    expect(await categoryOf(gorgias.postInternalNote('5001/../../customers', 'x'))).toBe('invalid');
    const wrong = createGorgiasHelpdesk({ baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: 'wrong' });
    expect(await categoryOf(wrong.postInternalNote('5004', 'x'))).toBe('not_authorized');
    sandboxes.helpdesk.faults.hangNext(1);
    const impatient = createGorgiasHelpdesk({ baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN, timeoutMs: 100 });
    expect(await categoryOf(impatient.postInternalNote('5004', 'x'))).toBe('temporarily_unavailable');
    expect(sandboxes.helpdesk.notes('5004')).toEqual([]);
  });
});

describe('helpdesk adapters never write to the customer', () => {
  it.each(HELPDESK_CONNECTORS)('%s: every request it sends is a read or a private note', async (kind) => {
    const sent: { method: string; body: unknown }[] = [];
    const recording: typeof fetch = async (url, init) => {
      sent.push({ method: init?.method ?? 'GET', body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
      return fetch(url, init);
    };
    const helpdesk = createHelpdesk(kind, { baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN, fetch: recording });
    // Every method of the port, with a body that asks for the customer to see it.
    await helpdesk.postInternalNote('5005', 'Dear customer, we refunded you. (public: true)');
    await helpdesk.getRequester('9005');
    const writes = sent.filter((r) => r.method !== 'GET');
    expect(writes).toHaveLength(1);
    const body = JSON.stringify(writes[0]?.body);
    if (kind === 'zendesk') expect(writes[0]?.body).toMatchObject({ ticket: { comment: { public: false } } });
    else expect(writes[0]?.body).toMatchObject({ channel: 'internal-note' });
    expect(body).not.toMatch(/"public":true|"channel":"(email|chat|sms|facebook|api)"/);
    expect(sandboxes.helpdesk.publicAttempts()).toBe(0);
  });

  it('refuses, in the sandbox, anything that would be public', async () => {
    const basic = `Basic ${Buffer.from(`${HELPDESK_EMAIL}:${HELPDESK_TOKEN}`).toString('base64')}`;
    const response = await fetch(`${sandboxes.helpdesk.url}/api/tickets/5005/messages`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'email', from_agent: true, body_text: 'Refunded!' }),
    });
    expect(response.status).toBe(400);
    expect(sandboxes.helpdesk.publicAttempts()).toBe(1);
    expect(sandboxes.helpdesk.notes('5005').map((n) => n.body)).not.toContain('Refunded!');
  });

  it('a Zendesk note that comes back public is reported, not accepted', async () => {
    const lying: typeof fetch = async () => new Response(JSON.stringify({ audit: { events: [{ id: 1, type: 'Comment', public: true }] } }), { status: 200 });
    const zendesk = createZendeskHelpdesk({ baseUrl: 'https://z.example', email: HELPDESK_EMAIL, token: 't', fetch: lying });
    expect(await categoryOf(zendesk.postInternalNote('1', 'x'))).toBe('invalid');
    const gorgiasLying: typeof fetch = async () => new Response(JSON.stringify({ id: 1, channel: 'email', public: true }), { status: 201 });
    const g = createGorgiasHelpdesk({ baseUrl: 'https://g.example', email: HELPDESK_EMAIL, token: 't', fetch: gorgiasLying });
    expect(await categoryOf(g.postInternalNote('1', 'x'))).toBe('invalid');
  });
});
