import { describe, expect, it } from 'vitest';
import { createIngest, MAX_WEBHOOK_BYTES } from '#functions/intake/webhook-ingest/ingest.js';
import { createInMemoryEventLedger } from '#functions/shared/stores/memory/events.js';
import { signZendesk } from '#functions/intake/webhook-ingest/zendesk.js';
import type { QueuedTicket, TicketQueue } from '#functions/shared/queue.js';

const SECRET = 'test-secret-123';
const NOW = new Date('2026-11-30T09:00:00Z');

function recordingQueue() {
  const sent: Array<{ message: QueuedTicket; ids: { groupId: string; dedupeId: string } }> = [];
  const queue: TicketQueue = { send: async (message, ids) => void sent.push({ message, ids }) };
  return { queue, sent };
}

function zendeskEvent(overrides: { id?: string; ticketId?: string; type?: string } = {}) {
  return JSON.stringify({
    id: overrides.id ?? 'evt-1',
    type: overrides.type ?? 'zen:event-type:ticket.created',
    time: NOW.toISOString(),
    detail: { id: overrides.ticketId ?? '5001', requester_id: '9001', subject: 'Mug', description: 'the mug in order 1001 arrived cracked' },
    event: {},
  });
}

function signedHeaders(body: string, secret = SECRET, timestamp = '2026-11-30T08:59:50Z') {
  const headers: Record<string, string> = {
    'x-zendesk-webhook-signature': signZendesk(secret, timestamp, body),
    'x-zendesk-webhook-signature-timestamp': timestamp,
  };
  return (name: string) => headers[name];
}

describe('webhook ingest', () => {
  const setup = () => {
    const { queue, sent } = recordingQueue();
    const ingest = createIngest({
      tenant: 'demo',
      secrets: { zendesk: SECRET },
      queue,
      clock: { now: () => NOW },
      events: createInMemoryEventLedger({ claims: new Map() }),
    });
    return { ingest, sent };
  };

  it('enqueues a signed ticket event and answers with a run id derived from the ticket', async () => {
    const { ingest, sent } = setup();
    const body = zendeskEvent();
    const outcome = await ingest({ helpdesk: 'zendesk', headers: signedHeaders(body), body });
    expect(outcome.kind).toBe('accepted');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message.event).toMatchObject({ ticketId: '5001', helpdesk: 'zendesk', body: 'the mug in order 1001 arrived cracked' });
    expect(sent[0]!.ids.groupId).toBe((outcome as { runId: string }).runId);
  });

  it('gives the same run id and the same dedupe id for a repeated event', async () => {
    const { ingest, sent } = setup();
    const body = zendeskEvent();
    const a = await ingest({ helpdesk: 'zendesk', headers: signedHeaders(body), body });
    const b = await ingest({ helpdesk: 'zendesk', headers: signedHeaders(body), body });
    expect(a).toEqual(b);
    expect(sent[0]!.ids.dedupeId).toBe(sent[1]!.ids.dedupeId);
  });

  it('gives different tickets different run ids', async () => {
    const { ingest } = setup();
    const one = zendeskEvent({ ticketId: '1', id: 'a' });
    const two = zendeskEvent({ ticketId: '2', id: 'b' });
    const a = await ingest({ helpdesk: 'zendesk', headers: signedHeaders(one), body: one });
    const b = await ingest({ helpdesk: 'zendesk', headers: signedHeaders(two), body: two });
    expect(a).not.toEqual(b);
  });

  it.each([
    ['a wrong signature', (body: string) => signedHeaders(body, 'not-the-secret'), 'unauthorized'],
    ['no signature', () => () => undefined, 'unauthorized'],
    ['a stale timestamp', (body: string) => signedHeaders(body, SECRET, '2026-11-30T08:00:00Z'), 'unauthorized'],
  ])('refuses %s and enqueues nothing', async (_label, headers, kind) => {
    const { ingest, sent } = setup();
    const body = zendeskEvent();
    expect((await ingest({ helpdesk: 'zendesk', headers: headers(body), body })).kind).toBe(kind);
    expect(sent).toHaveLength(0);
  });

  it('answers invalid for a signed body that is not JSON or not a ticket event, and enqueues nothing', async () => {
    const { ingest, sent } = setup();
    for (const body of ['not json', JSON.stringify({ hello: 'world' })]) {
      expect((await ingest({ helpdesk: 'zendesk', headers: signedHeaders(body), body })).kind).toBe('invalid');
    }
    expect(sent).toHaveLength(0);
  });

  it('refuses an oversized body before checking anything else', async () => {
    const { ingest, sent } = setup();
    const body = 'x'.repeat(MAX_WEBHOOK_BYTES + 1);
    expect((await ingest({ helpdesk: 'zendesk', headers: signedHeaders(body), body })).kind).toBe('too_large');
    expect(sent).toHaveLength(0);
  });

  it('acknowledges ticket events that start no run without enqueueing', async () => {
    const { ingest, sent } = setup();
    const body = zendeskEvent({ type: 'zen:event-type:ticket.priority_changed' });
    expect((await ingest({ helpdesk: 'zendesk', headers: signedHeaders(body), body })).kind).toBe('ignored');
    expect(sent).toHaveLength(0);
  });

  it('does not know helpdesks it has no verifier for', async () => {
    const { ingest } = setup();
    expect((await ingest({ helpdesk: 'acme-desk', headers: () => undefined, body: '{}' })).kind).toBe('unknown_helpdesk');
  });
});
