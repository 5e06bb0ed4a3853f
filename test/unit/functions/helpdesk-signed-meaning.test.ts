// A helpdesk delivery means what its signature covers. Help Scout and Intercom sign the body alone
// (no timestamp), so the event name header cannot make one body two events, and a captured body is
// refused when replayed: within the replay window by its signed id, after it by its own signed date.
// Zendesk signs timestamp + body. For each, the dedupe key moves with no unsigned header. Through the
// webhook-ingest handler, over the in-memory event ledger and a clock the tests move.
import { describe, expect, it } from 'vitest';
import { createWebhookIngestHandler } from '#functions/intake/webhook-ingest/handler.js';
import { signHelpScout } from '#functions/intake/webhook-ingest/helpscout.js';
import { signIntercom } from '#functions/intake/webhook-ingest/intercom.js';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { MAX_FUTURE_SKEW_MS, REPLAY_WINDOW_MS } from '#functions/intake/webhook-ingest/replay-window.js';
import { EVENT_RETENTION_SECONDS } from '#functions/shared/stores/dynamo/events.js';
import { createInMemoryEventLedger } from '#functions/shared/stores/memory/events.js';
import type { QueuedTicket } from '#functions/shared/queue.js';
import { httpEvent } from '../../support/steps.js';

const SECRETS = { zendesk: 'zendesk-secret-for-tests', helpscout: 'helpscout-secret-for-tests', intercom: 'intercom-secret-for-tests' };
const WROTE_AT = new Date('2026-09-23T12:00:00.000Z');
const DAY = 24 * 3600_000;

/** A Help Scout conversation webhook body: the customer's thread `threadId` written at `at`. */
const helpScoutBody = (at: Date, threadId = 7001, status = 'active') =>
  JSON.stringify({
    id: 4242,
    number: 15473,
    status,
    subject: 'Mug',
    createdAt: at.toISOString(),
    userUpdatedAt: at.toISOString(),
    createdBy: { id: 12, type: 'customer', email: 'bear@example.com' },
    primaryCustomer: { id: 238604, email: 'bear@example.com' },
    _embedded: { threads: [{ id: threadId, type: 'customer', body: 'the mug in order 1001 arrived cracked', createdAt: at.toISOString() }] },
  });

/** An Intercom notification, as Intercom re-sends it: the same id, another delivery attempt. */
const intercomBody = (at: Date, attempt = 1) =>
  JSON.stringify({
    type: 'notification_event',
    id: 'notif_signed-1',
    topic: 'conversation.user.created',
    created_at: Math.floor(at.getTime() / 1000),
    delivery_attempts: attempt,
    data: {
      item: { type: 'conversation', id: '21321941764', user: { id: 'u1', email: 'bear@example.com' }, source: { subject: 'Mug', body: '<p>cracked</p>' } },
    },
  });

const zendeskBody = JSON.stringify({
  id: 'evt-signed-1',
  type: 'zen:event-type:ticket.created',
  time: WROTE_AT.toISOString(),
  detail: { id: '5001', requester_id: '9001', subject: 'Mug', description: 'the mug in order 1001 arrived cracked' },
  event: {},
});

function setup(options: { ledger?: boolean } = {}) {
  let now = WROTE_AT;
  const sent: QueuedTicket[] = [];
  const claims = new Map<string, string>();
  const handler = createWebhookIngestHandler({
    tenant: 'demo',
    secrets: SECRETS,
    queue: { send: async (message, opts) => void sent.push({ ...message, dedupeId: opts.dedupeId } as QueuedTicket) },
    clock: { now: () => now },
    // `ledger: false`: a ledger that remembers nothing, so the queue's own dedupe (signed keys) is what is seen.
    events: options.ledger === false ? { claim: async (input) => ({ firstTime: true, runId: input.runId }) } : createInMemoryEventLedger({ claims }),
  });
  const post = async (helpdesk: string, body: string, headers: Record<string, string>) => {
    const event = httpEvent({ method: 'POST', path: `/webhooks/${helpdesk}`, pathParameters: { helpdesk }, body });
    event.headers = { ...event.headers, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) };
    const result = await handler(event);
    return { status: result.statusCode, json: JSON.parse(String(result.body)) as Record<string, unknown> };
  };
  const helpScout = (body: string, eventName: string, extra: Record<string, string> = {}) =>
    post('helpscout', body, { 'X-HelpScout-Signature': signHelpScout(SECRETS.helpscout, body), 'X-HelpScout-Event': eventName, ...extra });
  const intercom = (body: string, extra: Record<string, string> = {}) =>
    post('intercom', body, { 'X-Hub-Signature': signIntercom(SECRETS.intercom, body), ...extra });
  return {
    post,
    helpScout,
    intercom,
    sent,
    claims,
    at: (date: Date) => void (now = date),
  };
}

describe('Help Scout: the event header names no event of its own', () => {
  it('turns one signed body sent under two event names into one event', async () => {
    const s = setup();
    const body = helpScoutBody(WROTE_AT);

    const created = await s.helpScout(body, 'convo.created');
    const reply = await s.helpScout(body, 'convo.customer.reply.created');

    expect(created.status).toBe(202);
    expect(reply).toEqual({ status: 200, json: { duplicate: true, runId: created.json.runId } });
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]!.event.eventId).toBe('message:4242:7001');
  });

  it('keys the event by signed fields alone, so even with a replay ledger that forgets the queue dedupes it', async () => {
    const s = setup({ ledger: false });
    const body = helpScoutBody(WROTE_AT);

    await s.helpScout(body, 'convo.created');
    await s.helpScout(body, 'convo.customer.reply.created', { 'X-HelpScout-Delivery': 'other', 'User-Agent': 'replayer' });

    expect(s.sent.map((m) => m.event.eventId)).toEqual(['message:4242:7001', 'message:4242:7001']);
    expect(new Set(s.sent.map((m) => (m as QueuedTicket & { dedupeId: string }).dedupeId)).size).toBe(1);
  });

  it('refuses a message body re-sent as the ticket closed, and a closed body re-sent as a message', async () => {
    const s = setup();

    expect((await s.helpScout(helpScoutBody(WROTE_AT), 'convo.status')).json).toEqual({ ignored: 'status change that closes nothing' });
    expect((await s.helpScout(helpScoutBody(WROTE_AT, 7002, 'closed'), 'convo.created')).status).toBe(400);
    expect(s.sent).toEqual([]);
  });

  it('still takes the customer’s next reply, a new signed thread, as its own event', async () => {
    const s = setup();
    await s.helpScout(helpScoutBody(WROTE_AT), 'convo.created');
    s.at(new Date(WROTE_AT.getTime() + 3_600_000));

    const next = await s.helpScout(helpScoutBody(new Date(WROTE_AT.getTime() + 3_600_000), 7002), 'convo.customer.reply.created');

    expect(next.status).toBe(202);
    expect(s.sent.map((m) => m.event.eventId)).toEqual(['message:4242:7001', 'message:4242:7002']);
  });
});

describe('Help Scout and Intercom: a captured body replayed later', () => {
  it('refuses the same Help Scout body days later, within the window, by its signed id', async () => {
    const s = setup();
    const body = helpScoutBody(WROTE_AT);
    const first = await s.helpScout(body, 'convo.created');
    s.at(new Date(WROTE_AT.getTime() + 5 * DAY));

    const replay = await s.helpScout(body, 'convo.created');

    expect(replay).toEqual({ status: 200, json: { duplicate: true, runId: first.json.runId } });
    expect(s.sent).toHaveLength(1);
    expect([...s.claims.keys()]).toEqual(['demo#replay:helpscout#message:4242:7001']);
  });

  it('refuses a Help Scout body older than the window by its own signed date, once its id is forgotten', async () => {
    const s = setup();
    s.at(new Date(WROTE_AT.getTime() + REPLAY_WINDOW_MS + 60_000));

    const replay = await s.helpScout(helpScoutBody(WROTE_AT), 'convo.created');

    expect(replay).toEqual({ status: 400, json: { error: 'invalid', reason: 'signed body older than the replay window' } });
    expect(s.sent).toEqual([]);
    expect(s.claims.size).toBe(0);
  });

  it('refuses a body dated ahead of the clock beyond the allowed skew, and a Help Scout body with no date at all', async () => {
    const s = setup();

    expect((await s.helpScout(helpScoutBody(new Date(WROTE_AT.getTime() + MAX_FUTURE_SKEW_MS + 60_000)), 'convo.created')).status).toBe(400);
    const undated = JSON.stringify({
      id: 4243,
      status: 'active',
      createdBy: { type: 'customer' },
      _embedded: { threads: [{ id: 1, type: 'customer', body: 'hi' }] },
    });
    expect((await s.helpScout(undated, 'convo.created')).status).toBe(400);
    expect(s.sent).toEqual([]);
  });

  it('refuses an Intercom notification re-sent under its signed id, whatever its delivery attempt', async () => {
    const s = setup();
    const first = await s.intercom(intercomBody(WROTE_AT, 1));
    s.at(new Date(WROTE_AT.getTime() + 2 * DAY));

    const again = await s.intercom(intercomBody(WROTE_AT, 2));

    expect(first.status).toBe(202);
    expect(again).toEqual({ status: 200, json: { duplicate: true, runId: first.json.runId } });
    expect(s.sent).toHaveLength(1);
  });

  it('refuses an Intercom notification older than the window by its signed created_at', async () => {
    const s = setup();
    s.at(new Date(WROTE_AT.getTime() + REPLAY_WINDOW_MS + 60_000));

    expect((await s.intercom(intercomBody(WROTE_AT))).status).toBe(400);
    expect(s.sent).toEqual([]);
  });

  it('remembers a signed id for longer than a body is admitted, so no replay falls between the two', () => {
    expect(REPLAY_WINDOW_MS + MAX_FUTURE_SKEW_MS).toBeLessThan(EVENT_RETENTION_SECONDS * 1000);
  });
});

describe("each helpdesk's dedupe key moves with no unsigned header", () => {
  const UNSIGNED: Array<Record<string, string>> = [
    {},
    { 'X-Request-Id': 'r-2', 'User-Agent': 'curl/8', 'X-Forwarded-For': '203.0.113.9' },
    { 'X-Delivery-Id': 'other', Date: 'Mon, 01 Jan 2024 00:00:00 GMT' },
  ];

  it('Zendesk: the signed event id, under any unsigned header and any fresh signed timestamp', async () => {
    const s = setup();
    for (const [i, extra] of UNSIGNED.entries()) {
      s.at(new Date(WROTE_AT.getTime() + i * 60_000));
      await s.post('zendesk', zendeskBody, { ...zendeskSignedHeaders(SECRETS.zendesk, zendeskBody, new Date(WROTE_AT.getTime() + i * 60_000)), ...extra });
    }
    expect(new Set(s.sent.map((m) => m.event.eventId))).toEqual(new Set(['evt-signed-1']));
    expect(new Set(s.sent.map((m) => (m as QueuedTicket & { dedupeId: string }).dedupeId)).size).toBe(1);
  });

  it('Help Scout and Intercom: the signed ids, whatever the unsigned headers', async () => {
    const s = setup({ ledger: false });
    for (const extra of UNSIGNED) {
      await s.helpScout(helpScoutBody(WROTE_AT), 'convo.created', extra);
      await s.intercom(intercomBody(WROTE_AT), extra);
    }
    const ids = (helpdesk: string) => new Set(s.sent.filter((m) => m.event.helpdesk === helpdesk).map((m) => m.event.eventId));
    expect(ids('helpscout')).toEqual(new Set(['message:4242:7001']));
    expect(ids('intercom')).toEqual(new Set(['notif_signed-1']));
  });
});
