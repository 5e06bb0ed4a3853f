// Every helpdesk's webhook verification against the reference vectors and forged variants, and
// each payload normalized to one ticket event (or acknowledged and dropped). No network.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELPDESK_WEBHOOKS } from '#functions/intake/webhook-ingest/helpdesks.js';
import type { WebhookSource } from '#functions/shared/domain/run.js';
import { normalizeHelpScout, signHelpScout, verifyHelpScout } from '#functions/intake/webhook-ingest/helpscout.js';
import { normalizeIntercom, signIntercom, verifyIntercom } from '#functions/intake/webhook-ingest/intercom.js';
import { normalizeFreshdesk, normalizeGorgias, verifySharedSecret } from '#functions/intake/webhook-ingest/shared-secret.js';
import { normalizeZendesk, verifyZendesk } from '#functions/intake/webhook-ingest/zendesk.js';
import { safeEqual } from '#functions/shared/signatures.js';

const vectors = JSON.parse(readFileSync(new URL('./fixtures/helpdesk-vectors.json', import.meta.url), 'utf8')) as {
  helpscout: { secret: string; event: string; signature: string; rawBody: string };
  intercom: { secret: string; signature: string; rawBody: string };
  zendeskCommentAdded: { secret: string; timestamp: string; signature: string; rawBody: string };
  gorgiasMessage: Record<string, unknown>;
  freshdeskCreated: { freshdesk_webhook: Record<string, string> };
};
const ctx = (headers: Record<string, string> = {}) => ({
  tenant: 'demo',
  receivedAt: '2026-09-23T12:00:00.000Z',
  header: (name: string) => headers[name.toLowerCase()],
});
/** The same body with one character changed, as a forger or a proxy would alter it. */
const oneCharOff = (body: string) => body.replace(/"id":(\d)/, (_m, d: string) => `"id":${(Number(d) + 1) % 10}`);

describe('constant-time comparison', () => {
  it('tells equal strings from unequal ones of any length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
  });
});

describe('Help Scout (base64 HMAC-SHA1 in X-HelpScout-Signature)', () => {
  const v = vectors.helpscout;

  it('accepts the reference vector and computes the same signature', () => {
    expect(signHelpScout(v.secret, v.rawBody)).toBe(v.signature);
    expect(verifyHelpScout({ secret: v.secret, signature: v.signature, body: v.rawBody })).toEqual({ ok: true });
  });

  it.each([
    ['a body changed by one character', { body: oneCharOff(vectors.helpscout.rawBody) }],
    ['another secret', { signature: signHelpScout('not-the-secret', vectors.helpscout.rawBody) }],
    ['the hex form of the right HMAC', { signature: Buffer.from(vectors.helpscout.signature, 'base64').toString('hex') }],
    ['no signature', { signature: undefined }],
  ])('refuses %s', (_label, change) => {
    expect(verifyHelpScout({ secret: v.secret, signature: v.signature, body: v.rawBody, ...change }).ok).toBe(false);
  });

  it('normalizes convo.created to one message event for the conversation, keyed by its signed customer thread', () => {
    const body = {
      ...JSON.parse(v.rawBody),
      status: 'active',
      _embedded: { threads: [{ id: 9001, type: 'customer', body: 'The mug arrived <b>cracked</b>', createdAt: '2017-04-21T14:39:56Z' }] },
    };
    const result = normalizeHelpScout(body, ctx({ 'x-helpscout-event': v.event }));
    expect(result).toMatchObject({
      ok: true,
      signedAt: '2017-04-21T14:39:56.000Z',
      event: { helpdesk: 'helpscout', ticketId: '123', eventType: 'convo.created', intent: 'message', requesterId: '238604', subject: 'Need Help' },
    });
    expect(result.ok === true && result.event.body).toBe('The mug arrived cracked');
    expect(result.ok === true && result.event.eventId).toBe('message:123:9001');
  });

  it('reads a closed convo.status as the ticket closed, keyed by the signed closing date; ignores the test event; refuses a body without the event header', () => {
    expect(normalizeHelpScout(JSON.parse(v.rawBody), ctx({ 'x-helpscout-event': 'convo.status' }))).toMatchObject({
      ok: true,
      signedAt: '2017-04-21T14:43:24.000Z',
      event: { intent: 'closed', eventId: 'closed:123:2017-04-21T14:43:24Z' },
    });
    expect(normalizeHelpScout({}, ctx({ 'x-helpscout-event': 'helpscout.test' })).ok).toBe('ignored');
    expect(normalizeHelpScout(JSON.parse(v.rawBody), ctx()).ok).toBe(false);
    expect(normalizeHelpScout({ hello: 'world' }, ctx({ 'x-helpscout-event': 'convo.created' })).ok).toBe(false);
  });

  it('refuses a closed conversation sent as a new message: the event header must agree with the signed body', () => {
    expect(normalizeHelpScout(JSON.parse(v.rawBody), ctx({ 'x-helpscout-event': 'convo.created' }))).toMatchObject({ ok: false });
    expect(normalizeHelpScout(JSON.parse(v.rawBody), ctx({ 'x-helpscout-event': 'convo.customer.reply.created' }))).toMatchObject({ ok: false });
  });
});

describe('Intercom (X-Hub-Signature: sha1= hex HMAC-SHA1)', () => {
  const v = vectors.intercom;

  it('accepts the reference vector and computes the same signature', () => {
    expect(signIntercom(v.secret, v.rawBody)).toBe(v.signature);
    expect(verifyIntercom({ secret: v.secret, signature: v.signature, body: v.rawBody })).toEqual({ ok: true });
  });

  it.each([
    ['a body changed by one character', { body: v.rawBody.replace('Hello everyone', 'Hello everyona') }],
    ['another secret', { signature: signIntercom('not-the-secret', v.rawBody) }],
    ['the digest without its sha1= prefix', { signature: v.signature.slice('sha1='.length) }],
    ['a sha256= signature', { signature: v.signature.replace('sha1=', 'sha256=') }],
    ['no signature', { signature: undefined }],
  ])('refuses %s', (_label, change) => {
    expect(verifyIntercom({ secret: v.secret, signature: v.signature, body: v.rawBody, ...change }).ok).toBe(false);
  });

  it('normalizes conversation.user.created to one message event, HTML stripped, empty email as none', () => {
    expect(normalizeIntercom(JSON.parse(v.rawBody), ctx())).toEqual({
      ok: true,
      signedAt: '2019-03-22T21:29:58.000Z',
      event: {
        tenant: 'demo',
        helpdesk: 'intercom',
        eventId: 'notif_3ac27816-d27c-45fd-a65a-bbaf021cf780',
        eventType: 'conversation.user.created',
        ticketId: '21321941764',
        requesterId: '5c9553cb27e377f24eed49f7',
        requesterEmail: null,
        subject: '',
        body: 'Hello everyone!',
        receivedAt: '2026-09-23T12:00:00.000Z',
        intent: 'message',
      },
    });
  });

  it('reads conversation.admin.closed as closed and ignores other topics', () => {
    const payload = JSON.parse(v.rawBody) as Record<string, unknown>;
    expect(normalizeIntercom({ ...payload, topic: 'conversation.admin.closed' }, ctx())).toMatchObject({ ok: true, event: { intent: 'closed' } });
    expect(normalizeIntercom({ ...payload, topic: 'ping' }, ctx()).ok).toBe('ignored');
    expect(normalizeIntercom({ type: 'something_else' }, ctx()).ok).toBe(false);
  });
});

describe('Zendesk (base64 HMAC-SHA256 over timestamp + body)', () => {
  const v = vectors.zendeskCommentAdded;
  const now = new Date(Date.parse(v.timestamp) + 10_000);

  it('accepts the comment_added reference vector and refuses it with the body altered or replayed later', () => {
    const base = { secret: v.secret, signature: v.signature, timestamp: v.timestamp, body: v.rawBody, now };
    expect(verifyZendesk(base)).toEqual({ ok: true });
    expect(verifyZendesk({ ...base, body: v.rawBody.replace('investigating', 'investigatinG') }).ok).toBe(false);
    expect(verifyZendesk({ ...base, now: new Date(now.getTime() + 10 * 60_000) }).ok).toBe(false);
  });

  it('drops a staff comment (our own internal notes come back this way) and takes a customer comment as a message', () => {
    const payload = JSON.parse(v.rawBody) as { event: { comment: { author: { is_staff: boolean } } } };
    expect(normalizeZendesk(payload, ctx()).ok).toBe('ignored');
    payload.event.comment.author.is_staff = false;
    expect(normalizeZendesk(payload, ctx())).toMatchObject({
      ok: true,
      event: { ticketId: '5158', intent: 'message', body: 'We are investigating this issue and will update you shortly.' },
    });
  });

  it('reads a status change to SOLVED as the ticket closed', () => {
    const payload = { ...JSON.parse(v.rawBody), type: 'zen:event-type:ticket.status_changed', event: { current: 'SOLVED', previous: 'OPEN' } };
    expect(normalizeZendesk(payload, ctx())).toMatchObject({ ok: true, event: { intent: 'closed', ticketId: '5158' } });
    expect(normalizeZendesk({ ...payload, event: { current: 'PENDING' } }, ctx()).ok).toBe('ignored');
  });
});

describe('Gorgias and Freshdesk (a shared secret in X-Webhook-Secret)', () => {
  const secret = 'gorgias-shared-secret-0123456789';

  it('accepts the exact secret and refuses a missing, shorter, longer or different one', () => {
    expect(verifySharedSecret({ secret, given: secret })).toEqual({ ok: true });
    for (const given of [undefined, '', secret.slice(0, -1), `${secret}x`, secret.toUpperCase()]) {
      expect(verifySharedSecret({ secret, given }).ok).toBe(false);
    }
  });

  it('checks the header through the helpdesk table for both, and nothing else', () => {
    for (const helpdesk of ['gorgias', 'freshdesk'] as WebhookSource[]) {
      const verify = (headers: Record<string, string>) =>
        HELPDESK_WEBHOOKS[helpdesk].verify({ secret, header: (n) => headers[n], body: '{}', now: new Date() }).ok;
      expect(verify({ 'x-webhook-secret': secret })).toBe(true);
      expect(verify({ authorization: secret })).toBe(false);
    }
  });

  it('drops the reference Gorgias message (written by an agent) and takes a customer message as a message event', () => {
    expect(normalizeGorgias(vectors.gorgiasMessage, ctx()).ok).toBe('ignored');
    const fromCustomer = { ...vectors.gorgiasMessage, from_agent: false, stripped_text: 'The lamp in order 1003 arrived broken' };
    expect(normalizeGorgias(fromCustomer, ctx())).toMatchObject({
      ok: true,
      event: {
        helpdesk: 'gorgias',
        ticketId: '86538298',
        eventId: 'message:86538298:208841467',
        requesterEmail: 'test@sample.com',
        body: 'The lamp in order 1003 arrived broken',
        intent: 'message',
      },
    });
  });

  it('reads a closed Gorgias ticket as closed and refuses an unknown shape', () => {
    expect(normalizeGorgias({ id: 86538298, status: 'closed', updated_datetime: '2024-02-15T10:00:00Z' }, ctx())).toMatchObject({
      ok: true,
      event: { intent: 'closed', ticketId: '86538298' },
    });
    expect(normalizeGorgias({ id: 1, status: 'open' }, ctx()).ok).toBe('ignored');
    expect(normalizeGorgias({ hello: 'world' }, ctx()).ok).toBe(false);
  });

  it('normalizes the reference Freshdesk ticket_created body, HTML stripped', () => {
    expect(normalizeFreshdesk(vectors.freshdeskCreated, ctx())).toMatchObject({
      ok: true,
      event: {
        helpdesk: 'freshdesk',
        ticketId: '11',
        requesterEmail: 'requester-bob@example.com',
        subject: 'Test ticket subject ☃',
        body: 'Test ticket description ☃.',
        intent: 'message',
      },
    });
  });

  it('gives a repeated Freshdesk delivery the same event id, reads Resolved as closed, refuses other shapes', () => {
    const a = normalizeFreshdesk(vectors.freshdeskCreated, ctx());
    const b = normalizeFreshdesk(structuredClone(vectors.freshdeskCreated), ctx());
    expect(a.ok === true && b.ok === true && a.event.eventId === b.event.eventId).toBe(true);
    const resolved = {
      freshdesk_webhook: { ...vectors.freshdeskCreated.freshdesk_webhook, triggered_event: '{status:{from:Open,to:Resolved}}', ticket_status: 'Resolved' },
    };
    expect(normalizeFreshdesk(resolved, ctx())).toMatchObject({ ok: true, event: { intent: 'closed' } });
    expect(normalizeFreshdesk({ ticket_id: 11 }, ctx()).ok).toBe(false);
  });
});
