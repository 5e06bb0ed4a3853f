import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeZendesk, signZendesk, verifyZendesk } from '#functions/intake/webhook-ingest/zendesk.js';

const vector = JSON.parse(readFileSync(new URL('../../fixtures/zendesk-signature-vector.json', import.meta.url), 'utf8')) as {
  secret: string;
  timestamp: string;
  signature: string;
  rawBody: string;
};
const atVectorTime = new Date(Date.parse(vector.timestamp) + 30_000);

describe('Zendesk webhook verification', () => {
  it('accepts the reference vector', () => {
    expect(verifyZendesk({ ...vector, body: vector.rawBody, now: atVectorTime })).toEqual({ ok: true });
  });

  it('computes the same signature as the reference', () => {
    expect(signZendesk(vector.secret, vector.timestamp, vector.rawBody)).toBe(vector.signature);
  });

  it('refuses a body changed by one character', () => {
    const body = vector.rawBody.replace('"priority":"HIGH"', '"priority":"HIGG"');
    expect(verifyZendesk({ ...vector, body, now: atVectorTime })).toMatchObject({ ok: false, reason: 'signature mismatch' });
  });

  it('refuses a signature made with another secret', () => {
    const signature = signZendesk('another-secret', vector.timestamp, vector.rawBody);
    expect(verifyZendesk({ ...vector, signature, body: vector.rawBody, now: atVectorTime }).ok).toBe(false);
  });

  it('refuses a timestamp more than five minutes away (replay)', () => {
    const later = new Date(Date.parse(vector.timestamp) + 6 * 60_000);
    expect(verifyZendesk({ ...vector, body: vector.rawBody, now: later })).toMatchObject({ ok: false });
  });

  it('refuses missing headers', () => {
    expect(verifyZendesk({ ...vector, signature: undefined, body: vector.rawBody, now: atVectorTime }).ok).toBe(false);
    expect(verifyZendesk({ ...vector, timestamp: undefined, body: vector.rawBody, now: atVectorTime }).ok).toBe(false);
  });
});

describe('Zendesk event normalization', () => {
  it('maps a ticket.created event to one ticket event', () => {
    const result = normalizeZendesk(JSON.parse(vector.rawBody), { tenant: 'demo', receivedAt: '2025-01-08T10:12:09.000Z' });
    expect(result).toEqual({
      ok: true,
      event: {
        tenant: 'demo',
        helpdesk: 'zendesk',
        eventId: 'cbe4028c-7239-495d-b020-f22348516046',
        eventType: 'ticket.created',
        ticketId: '5158',
        requesterId: '8447388090494',
        requesterEmail: null,
        subject: 'Cannot login to mobile app',
        body: 'Customer is experiencing login issues with the mobile app',
        receivedAt: '2025-01-08T10:12:09.000Z',
        intent: 'message',
      },
    });
  });

  it('rejects a payload that is not a ticket event', () => {
    expect(normalizeZendesk({ id: 'x', type: 'zen:event-type:user.created', time: 't', detail: {} }, { tenant: 'demo', receivedAt: 'now' }).ok).toBe(false);
    expect(normalizeZendesk([1, 2], { tenant: 'demo', receivedAt: 'now' }).ok).toBe(false);
  });
});
