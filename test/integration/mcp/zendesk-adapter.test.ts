// The Zendesk helpdesk adapter against the sandbox helpdesk over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZendeskHelpdesk, type HelpdeskApi } from '#shared/helpdesk/index.js';
import { ToolFailureError } from '#shared/contracts/errors.js';
import { HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';

let sandboxes: Sandboxes;
let helpdesk: HelpdeskApi;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  helpdesk = createZendeskHelpdesk({ baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN });
});
afterAll(() => sandboxes.close());

async function categoryOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolFailureError) return error.category;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('Zendesk helpdesk adapter', () => {
  it('posts an internal note that the helpdesk keeps private', async () => {
    const note = await helpdesk.postInternalNote('5001', 'Draft reply: a refund of USD 18.00 was issued.');
    expect(note.ticketId).toBe('5001');
    expect(sandboxes.helpdesk.notes('5001')).toEqual([
      expect.objectContaining({ id: Number(note.noteId), public: false, body: 'Draft reply: a refund of USD 18.00 was issued.' }),
    ]);
  });

  it('looks up a requester by helpdesk user id, and null for an unknown one', async () => {
    expect(await helpdesk.getRequester('9001')).toEqual({ id: '9001', email: 'ana@example.com', name: 'Ana Souza' });
    expect(await helpdesk.getRequester('424242')).toBeNull();
  });

  it('says not_found for an unknown ticket and invalid for a malformed id', async () => {
    expect(await categoryOf(helpdesk.postInternalNote('999999', 'x'))).toBe('not_found');
    expect(await categoryOf(helpdesk.postInternalNote('../users/9001', 'x'))).toBe('invalid');
  });

  it('says not_authorized when the helpdesk refuses the token', async () => {
    const wrong = createZendeskHelpdesk({ baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: 'wrong' });
    expect(await categoryOf(wrong.postInternalNote('5002', 'x'))).toBe('not_authorized');
    expect(sandboxes.helpdesk.notes('5002')).toEqual([]);
  });

  it('says temporarily_unavailable when the helpdesk cannot be reached', async () => {
    const down = createZendeskHelpdesk({ baseUrl: 'http://127.0.0.1:9', email: HELPDESK_EMAIL, token: HELPDESK_TOKEN });
    expect(await categoryOf(down.getRequester('9001'))).toBe('temporarily_unavailable');
  });
});
