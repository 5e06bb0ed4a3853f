// Hostile text at every path that reads customer text: 256 KiB adversarial strings ("order" and
// 100,000 spaces, 100,000 "<", "a," repeated, nested "(((", long digit runs, zero-width characters…)
// through each helpdesk's intake normaliser and the whole intake, the offline triage and order
// agent, both reply checks, and the grounding and binding checks. Each must answer well inside a
// time bound that linear code meets with room to spare and quadratic code misses by seconds, and
// the intake must cap every text field before anything downstream reads it.
import { describe, expect, it } from 'vitest';
import { createIngest, MAX_WEBHOOK_BYTES } from '#functions/webhook-ingest/ingest.js';
import { HELPDESK_WEBHOOKS } from '#functions/webhook-ingest/helpdesks.js';
import type { WebhookSource } from '#functions/shared/domain/run.js';
import { signHelpScout } from '#functions/webhook-ingest/helpscout.js';
import { signIntercom } from '#functions/webhook-ingest/intercom.js';
import { zendeskSignedHeaders } from '#functions/webhook-ingest/zendesk.js';
import { checkDraftAgainstReceipt } from '#functions/shared/reply.js';
import type { QueuedTicket } from '#functions/shared/queue.js';
import type { TicketEvent } from '#functions/shared/domain/run.js';
import { triageTicket } from '#harness/models/offline/triage.js';
import { proposeRefund } from '#harness/models/offline/order-agent.js';
import { checkReply } from '#harness/models/offline/reply.js';
import { groundProposal } from '#harness/policy/grounding/index.js';
import { checkBinding, orderNumbersIn } from '#harness/policy/binding.js';
import { makeFacts, makeProposal, makeTriage } from '../support/fixtures.js';
import { proposedRun, receiptFor } from '../support/steps.js';

const SIZE = 256 * 1024;
/** Per call, on the full 256 KiB: linear code takes well under half of it on a busy 2-core machine; quadratic code takes 10 s and more. */
const BUDGET_MS = 1_000;
/** Longest subject and body the intake hands on (plus a short "truncated" note); emails per RFC 5321. */
const MAX_SUBJECT = 1_000;
const MAX_BODY = 20_000;
const NOTE_ROOM = 40;
const MAX_EMAIL = 254;

const fill = (unit: string, prefix = '') => prefix + unit.repeat(Math.floor((SIZE - prefix.length) / unit.length));

const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['"order" and 100,000 spaces', `order${' '.repeat(100_000)}`],
  ['100,000 "<"', '<'.repeat(100_000)],
  ['100,000 "a,"', 'a,'.repeat(100_000)],
  ['"order" and 256 KiB of spaces', fill(' ', 'order')],
  ['256 KiB of "<"', fill('<')],
  ['"<br" and 256 KiB of spaces', fill(' ', '<br')],
  ['nested "(((("', fill('(')],
  ['a 256 KiB digit run', fill('1')],
  ['digits and spaces', fill('1 ')],
  ['digits and dots', fill('1.')],
  ['"$1 " repeated', fill('$1 ')],
  ['"order no. " repeated', fill('order no. ')],
  ['zero-width spaces', fill('\u200b')],
  ['zero-width characters between letters', fill('a\u200b\u200d')],
  ['newlines', fill('\n')],
  ['"&" and entity starts', fill('&amp')],
];

function elapsedMs(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Best of up to three runs, retrying only what looks like a scheduling hiccup rather than slow code. */
function bestMs(run: () => unknown, budget: number): number {
  let best = elapsedMs(run);
  for (let i = 0; i < 2 && best >= budget && best < 3 * budget; i++) best = Math.min(best, elapsedMs(run));
  return best;
}

/**
 * Runs `path` on a sixteenth of the text, then on all of it. Quadratic code is 256 times slower on
 * the whole than on the sixteenth, so the first run catches the worst cases in under a second
 * instead of minutes; the second holds every path to the budget.
 */
function expectBounded(path: (text: string) => unknown, text: string): void {
  const small = text.slice(0, Math.ceil(text.length / 16));
  const smallMs = bestMs(() => path(small), BUDGET_MS / 8);
  expect(smallMs, `on a 16th of the input (${small.length} chars): ${Math.round(smallMs)} ms`).toBeLessThan(BUDGET_MS / 8);
  const fullMs = bestMs(() => path(text), BUDGET_MS);
  expect(fullMs, `on ${text.length} chars: ${Math.round(fullMs)} ms`).toBeLessThan(BUDGET_MS);
}

/** Each helpdesk's delivery with the hostile text in every text field (subject, body, HTML, email, name). */
const PAYLOADS: Record<WebhookSource, { payload: (h: string) => unknown; headers: Record<string, string> }> = {
  zendesk: {
    payload: (h) => ({
      id: 'evt-hostile',
      type: 'zen:event-type:ticket.created',
      time: '2026-09-23T12:00:00.000Z',
      detail: { id: '5001', requester_id: '9001', subject: h, description: h },
      event: {},
    }),
    headers: {},
  },
  helpscout: {
    payload: (h) => ({
      id: 123,
      subject: h,
      preview: h,
      status: 'active',
      createdAt: '2026-09-23T12:00:00Z',
      createdBy: { id: 12, type: 'customer', email: h, first: h },
      primaryCustomer: { id: 238604, email: h },
      _embedded: { threads: [{ type: 'customer', body: h }] },
    }),
    headers: { 'x-helpscout-event': 'convo.created' },
  },
  intercom: {
    payload: (h) => ({
      type: 'notification_event',
      id: 'notif_hostile',
      topic: 'conversation.user.created',
      data: { item: { type: 'conversation', id: '77', user: { id: 'u1', email: h, name: h }, source: { subject: h, body: h } } },
    }),
    headers: {},
  },
  gorgias: {
    payload: (h) => ({
      id: 1,
      ticket_id: 2,
      from_agent: false,
      subject: h,
      stripped_text: null,
      body_text: null,
      body_html: h,
      sender: { id: 3, email: h, name: h },
    }),
    headers: {},
  },
  freshdesk: {
    payload: (h) => ({
      freshdesk_webhook: {
        triggered_event: '{ticket_action:created}',
        ticket_id: '9',
        ticket_subject: h,
        ticket_description: h,
        ticket_status: 'Open',
        requester_email: h,
        ticket_latest_public_comment: h,
      },
    }),
    headers: {},
  },
};
const HELPDESKS = Object.keys(PAYLOADS) as WebhookSource[];

function expectCapped(event: TicketEvent): void {
  expect(event.subject.length).toBeLessThanOrEqual(MAX_SUBJECT + NOTE_ROOM);
  expect(event.body.length).toBeLessThanOrEqual(MAX_BODY + NOTE_ROOM);
  expect((event.requesterEmail ?? '').length).toBeLessThanOrEqual(MAX_EMAIL);
  for (const id of [event.eventId, event.eventType, event.ticketId, event.requesterId ?? '']) expect(id.length).toBeLessThanOrEqual(256);
}

describe.each(HELPDESKS)('the %s intake normaliser', (helpdesk) => {
  const { payload, headers } = PAYLOADS[helpdesk];
  const ctx = { tenant: 'demo', receivedAt: '2026-09-23T12:00:00.000Z', header: (name: string) => headers[name.toLowerCase()] };

  it.each(HOSTILE)('reads %s in every text field in bounded time and caps each field', (_label, h) => {
    const normalize = (text: string) => HELPDESK_WEBHOOKS[helpdesk].normalize(payload(text), ctx);
    expectBounded(normalize, h);

    const result = normalize(h);
    expect(result.ok).toBe(true);
    if (result.ok !== true) return;
    expectCapped(result.event);
    expect(result.event.subject.length + result.event.body.length).toBeGreaterThan(0);
  });

  it('marks a cut text as truncated and leaves short texts as they are', () => {
    const long = normalizeOk(helpdesk, payload('x'.repeat(MAX_BODY * 2)), ctx);
    expect(long.subject).toMatch(/truncated/);
    expect(long.body).toMatch(/truncated/);
    expect(long.body.startsWith('x'.repeat(MAX_BODY - 100))).toBe(true);

    const short = normalizeOk(helpdesk, payload('the mug arrived cracked'), ctx);
    expect(short.body).toBe('the mug arrived cracked');
    expect(short.body).not.toMatch(/truncated/);
  });
});

function normalizeOk(helpdesk: WebhookSource, payload: unknown, ctx: Parameters<(typeof HELPDESK_WEBHOOKS)[WebhookSource]['normalize']>[1]): TicketEvent {
  const result = HELPDESK_WEBHOOKS[helpdesk].normalize(payload, ctx);
  if (result.ok !== true) throw new Error(`not normalized: ${JSON.stringify(result)}`);
  return result.event;
}

describe('the whole intake (size check, signature, JSON, normaliser, queue)', () => {
  const NOW = new Date('2026-09-23T12:00:00.000Z');
  const SECRETS: Record<WebhookSource, string> = {
    zendesk: 'zendesk-secret-for-tests',
    helpscout: 'helpscout-secret-for-tests',
    intercom: 'intercom-secret-for-tests',
    gorgias: 'gorgias-shared-secret-0123456789',
    freshdesk: 'freshdesk-shared-secret-0123456789',
  };
  const SIGN: Record<WebhookSource, (body: string) => Record<string, string>> = {
    zendesk: (body) => zendeskSignedHeaders(SECRETS.zendesk, body, NOW),
    helpscout: (body) => ({ 'x-helpscout-signature': signHelpScout(SECRETS.helpscout, body) }),
    intercom: (body) => ({ 'x-hub-signature': signIntercom(SECRETS.intercom, body) }),
    gorgias: () => ({ 'x-webhook-secret': SECRETS.gorgias }),
    freshdesk: () => ({ 'x-webhook-secret': SECRETS.freshdesk }),
  };

  /** The longest prefix of the hostile text whose delivery still fits the 256 KiB the intake takes. */
  function fittedBody(helpdesk: WebhookSource, h: string): string {
    let text = h;
    let body = JSON.stringify(PAYLOADS[helpdesk].payload(text));
    while (Buffer.byteLength(body) > MAX_WEBHOOK_BYTES) {
      text = text.slice(0, Math.floor(text.length * 0.9));
      body = JSON.stringify(PAYLOADS[helpdesk].payload(text));
    }
    return body;
  }

  it.each(HELPDESKS.flatMap((helpdesk) => HOSTILE.map(([label, h]) => [helpdesk, label, h] as const)))(
    '%s: a signed delivery of %s is queued in bounded time, capped',
    async (helpdesk, _label, h) => {
      const sent: QueuedTicket[] = [];
      const ingest = createIngest({ tenant: 'demo', secrets: SECRETS, queue: { send: async (m) => void sent.push(m) }, clock: { now: () => NOW } });
      const body = fittedBody(helpdesk, h);
      const headers = { ...SIGN[helpdesk](body), ...PAYLOADS[helpdesk].headers };
      const started = performance.now();
      const outcome = await ingest({ helpdesk, headers: (name) => headers[name.toLowerCase()], body });
      const ms = performance.now() - started;

      expect(outcome.kind).toBe('accepted');
      expect(ms).toBeLessThan(BUDGET_MS);
      expect(sent).toHaveLength(1);
      expectCapped(sent[0]!.event);
    },
  );
});

describe('the offline models', () => {
  const facts = makeFacts();

  it.each(HOSTILE)('triage reads %s as subject and body in bounded time', (_label, h) => {
    expectBounded((text) => triageTicket({ subject: text, body: text }), h);
  });

  it.each(HOSTILE)('the order agent reads %s in bounded time', (_label, h) => {
    expectBounded(
      (text) => proposeRefund({ order: facts, triage: makeTriage({ itemHints: ['mug', text.slice(0, 40)] }), ticket: { subject: text, body: text } }),
      h,
    );
  });

  it.each(HOSTILE)('the reply checker reads a draft of %s in bounded time', (_label, h) => {
    const replyFacts = { language: 'en', orderNumber: '1001', outcome: 'refunded', amountMinor: 1800, currency: 'USD', reason: 'damaged' };
    expectBounded((text) => checkReply(text, replyFacts), h);
  });
});

describe('the checks in code', () => {
  const facts = makeFacts();
  const refunded = (() => {
    const run = proposedRun();
    return { ...run, refund: receiptFor(run) };
  })();

  it.each(HOSTILE)('the deterministic reply check reads a draft of %s in bounded time', (_label, h) => {
    expectBounded((text) => checkDraftAgainstReceipt(text, refunded), h);
  });

  it.each(HOSTILE)('grounding reads %s as the customer text and the quote in bounded time', (_label, h) => {
    const line = facts.lineItems[0]!;
    expectBounded(
      (text) =>
        groundProposal({
          customerText: [text, text],
          proposal: makeProposal(facts, { lineItems: [{ lineItemId: line.id, quantity: 1, quote: text.slice(0, 300) || 'x' }] }),
          order: facts,
          triage: { riskFlags: [] },
        }),
      h,
    );
  });

  it.each(HOSTILE)('order binding reads %s in bounded time', (_label, h) => {
    expectBounded((text) => orderNumbersIn(text), h);
    expectBounded((text) => checkBinding({ orderNumber: '1001', orderNumbersMentioned: ['1001', '1002'], orderQuote: text.slice(0, 300) }, [text, text]), h);
  });
});
