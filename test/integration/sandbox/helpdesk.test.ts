// The sandbox helpdesk over real HTTP: Zendesk's private comments, users and basic auth, and the
// /sandbox/tickets view of the drafts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';

let sandboxes: Sandboxes;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
});
afterAll(() => sandboxes.close());

const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
const auth = { authorization: basic(HELPDESK_EMAIL, HELPDESK_TOKEN), 'content-type': 'application/json' };
const putComment = (ticketId: string, comment: unknown, headers: Record<string, string> = auth) =>
  fetch(`${sandboxes.helpdesk.url}/api/v2/tickets/${ticketId}.json`, { method: 'PUT', headers, body: JSON.stringify({ ticket: { comment } }) });

describe('sandbox helpdesk', () => {
  it('stores a private comment as an internal note and shows it at /sandbox/tickets', async () => {
    const response = await putComment('5001', { body: 'Draft: we are sorry about the mug.', public: false });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { audit: { events: { id: number; type: string; public: boolean }[] } };
    expect(body.audit.events).toEqual([expect.objectContaining({ type: 'Comment', public: false })]);
    const view = (await (await fetch(`${sandboxes.helpdesk.url}/sandbox/tickets/5001`)).json()) as { ticket: { notes: { body: string }[] } };
    expect(view.ticket.notes.map((n) => n.body)).toEqual(['Draft: we are sorry about the mug.']);
    const all = (await (await fetch(`${sandboxes.helpdesk.url}/sandbox/tickets`)).json()) as { tickets: { id: string; notes: unknown[] }[] };
    expect(all.tickets.find((t) => t.id === '5002')?.notes).toEqual([]);
  });

  it('refuses a public comment with 422: the agent never writes to the customer', async () => {
    expect((await putComment('5002', { body: 'Refunded!', public: true })).status).toBe(422);
    expect((await putComment('5002', { body: 'Refunded!' })).status).toBe(422);
    expect(sandboxes.helpdesk.notes('5002')).toEqual([]);
  });

  it('lists ticket comments, the requester first', async () => {
    const response = await fetch(`${sandboxes.helpdesk.url}/api/v2/tickets/5003/comments.json`, { headers: auth });
    const body = (await response.json()) as { comments: { author_id: number; public: boolean; body: string }[] };
    expect(body.comments[0]).toMatchObject({ author_id: 9003, public: true, body: 'Plate cracked in transit' });
  });

  it('returns users and 404 for unknown ones', async () => {
    const known = await fetch(`${sandboxes.helpdesk.url}/api/v2/users/9002.json`, { headers: auth });
    expect(await known.json()).toMatchObject({ user: { id: 9002, email: 'ben@example.com', name: 'Ben Carter' } });
    expect((await fetch(`${sandboxes.helpdesk.url}/api/v2/users/1234.json`, { headers: auth })).status).toBe(404);
  });

  it('refuses wrong credentials with 401', async () => {
    const response = await putComment(
      '5001',
      { body: 'x', public: false },
      { authorization: basic(HELPDESK_EMAIL, 'wrong'), 'content-type': 'application/json' },
    );
    expect(response.status).toBe(401);
    expect((await fetch(`${sandboxes.helpdesk.url}/api/v2/users/9001.json`)).status).toBe(401);
  });
});
