// Hostile text at every path that reads customer text: 256 KiB adversarial strings ("order" and
// 100,000 spaces, 100,000 "<", "a," repeated, nested "(((", long digit runs, zero-width characters…)
// through each helpdesk's intake normaliser and the whole intake, the offline triage and order
// agent, both reply checks, and the grounding and binding checks. Each path's time must grow
// linearly with the text (timed on a 64th of it and on all of it: test/support/linear-time.ts),
// which holds on a busy machine where an absolute budget did not, and the intake must cap every
// text field before anything downstream reads it.
import { describe, expect, it } from 'vitest';
import { createIngest, MAX_WEBHOOK_BYTES } from '#functions/intake/webhook-ingest/ingest.js';
import { createInMemoryEventLedger } from '#functions/shared/stores/memory/events.js';
import { HELPDESK_WEBHOOKS } from '#functions/intake/webhook-ingest/helpdesks.js';
import type { Run, WebhookSource } from '#functions/shared/domain/run.js';
import { signHelpScout } from '#functions/intake/webhook-ingest/helpscout.js';
import { signIntercom } from '#functions/intake/webhook-ingest/intercom.js';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { checkDraft, checkDraftAgainstReceipt } from '#functions/shared/reply.js';
import type { QueuedTicket } from '#functions/shared/queue.js';
import type { TicketEvent } from '#functions/shared/domain/run.js';
import { triageTicket } from '#harness/adapters/models/offline/triage.js';
import { proposeRefund } from '#harness/adapters/models/offline/order-agent.js';
import { checkReply } from '#harness/adapters/models/offline/reply.js';
import { groundProposal } from '#harness/policy/grounding/index.js';
import { checkBinding, orderNumbersIn } from '#harness/policy/order-binding.js';
import { makeFacts, makeProposal, makeTriage } from '../support/fixtures.js';
import { proposedRun, receiptFor } from '../support/steps.js';
import { expectLinear } from '../support/linear-time.js';

const SIZE = 256 * 1024;
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

  it.each(HOSTILE)('reads %s in every text field in linear time and caps each field', async (_label, h) => {
    const normalize = (text: string) => HELPDESK_WEBHOOKS[helpdesk].normalize(payload(text), ctx);
    await expectLinear(normalize, h);

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
  function fittedText(helpdesk: WebhookSource, h: string): string {
    let text = h;
    while (Buffer.byteLength(JSON.stringify(PAYLOADS[helpdesk].payload(text))) > MAX_WEBHOOK_BYTES) text = text.slice(0, Math.floor(text.length * 0.9));
    return text;
  }

  /** A signed delivery of `text` in every field, built once per text so only the intake is timed. */
  function deliveries(helpdesk: WebhookSource) {
    const built = new Map<string, { body: string; headers: Record<string, string> }>();
    return (text: string) => {
      let delivery = built.get(text);
      if (!delivery) {
        const body = JSON.stringify(PAYLOADS[helpdesk].payload(text));
        delivery = { body, headers: { ...SIGN[helpdesk](body), ...PAYLOADS[helpdesk].headers } };
        built.set(text, delivery);
      }
      return delivery;
    };
  }

  it.each(HELPDESKS.flatMap((helpdesk) => HOSTILE.map(([label, h]) => [helpdesk, label, h] as const)))(
    '%s: a signed delivery of %s is queued in linear time, capped',
    async (helpdesk, _label, h) => {
      const sent: QueuedTicket[] = [];
      // A fresh event ledger per intake: timing sends the same signed delivery many times (replays, after the normaliser).
      const newIngest = () =>
        createIngest({
          tenant: 'demo',
          secrets: SECRETS,
          queue: { send: async (m) => void sent.push(m) },
          clock: { now: () => NOW },
          events: createInMemoryEventLedger({ claims: new Map() }),
        });
      const delivery = deliveries(helpdesk);
      const deliverWith = (ingest: ReturnType<typeof createIngest>) => (text: string) => {
        const { body, headers } = delivery(text);
        return ingest({ helpdesk, headers: (name) => headers[name.toLowerCase()], body });
      };
      const text = fittedText(helpdesk, h);

      await expectLinear(deliverWith(newIngest()), text);

      sent.length = 0;
      const outcome = await deliverWith(newIngest())(text);
      expect(outcome.kind).toBe('accepted');
      expect(sent).toHaveLength(1);
      expectCapped(sent[0]!.event);
    },
  );
});

describe('the offline models', () => {
  const facts = makeFacts();

  it.each(HOSTILE)('triage reads %s as subject and body in linear time', async (_label, h) => {
    await expectLinear((text) => triageTicket({ subject: text, body: text }), h);
  });

  it.each(HOSTILE)('the order agent reads %s in linear time', async (_label, h) => {
    await expectLinear(
      (text) => proposeRefund({ order: facts, triage: makeTriage({ itemHints: ['mug', text.slice(0, 40)] }), ticket: { subject: text, body: text } }),
      h,
    );
  });

  it.each(HOSTILE)('the reply checker reads a draft of %s in linear time', async (_label, h) => {
    const replyFacts = { language: 'en', orderNumber: '1001', outcome: 'refunded', amountMinor: 1800, currency: 'USD', reason: 'damaged' };
    await expectLinear((text) => checkReply(text, replyFacts), h);
  });

  it.each(HOSTILE)("the reply checker reads a return's first reply of %s in linear time", async (_label, h) => {
    const replyFacts = {
      language: 'en',
      orderNumber: '1001',
      outcome: 'return_opened',
      amountMinor: 1800,
      currency: 'USD',
      fee: null,
      instructions: { kind: 'address' as const, address: 'Returns, 1 Main Street, Portland' },
    };
    await expectLinear((text) => checkReply(text, replyFacts), h);
  });
});

describe('the checks in code', () => {
  const facts = makeFacts();
  const refunded = (() => {
    const run = proposedRun();
    return { ...run, refund: receiptFor(run) };
  })();

  it.each(HOSTILE)('the deterministic reply check reads a draft of %s in linear time', async (_label, h) => {
    await expectLinear((text) => checkDraftAgainstReceipt(text, refunded), h);
  });

  /** A return opened on order 1001, its parcel awaited: the check looks for the claim that the refund is made too. */
  const opened: Run = (() => {
    const run = proposedRun();
    const at = '2026-09-23T12:00:00.000Z';
    const lines = [{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', lineItemId: run.order!.lineItems[0]!.id, quantity: 1 }];
    const returnCase = { returnId: 'gid://shopify/Return/1', name: '#1001-R1', orderId: run.order!.orderId, openedAt: at, status: 'open' as const, lines };
    const decided = { feeMinor: 0, decidedAmountMinor: 1800, currency: 'USD', policyVersion: 'v1', decidedBy: { kind: 'auto' as const } };
    return { ...run, returnCase: { ...returnCase, ...decided, receiveBy: '2026-10-23T12:00:00.000Z', events: [] } };
  })();

  it.each(HOSTILE)("the deterministic check of a return's first reply reads a draft of %s in linear time", async (_label, h) => {
    await expectLinear((text) => checkDraft(text, opened, { returnAddress: 'Returns, 1 Main Street, Portland' }), h);
  });

  it.each(HOSTILE)('grounding reads %s as the customer text and the quote in linear time', async (_label, h) => {
    const line = facts.lineItems[0]!;
    await expectLinear(
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

  it.each(HOSTILE)('order binding reads %s in linear time', async (_label, h) => {
    await expectLinear((text) => orderNumbersIn(text), h);
    await expectLinear(
      (text) => checkBinding({ orderNumber: '1001', orderNumbersMentioned: ['1001', '1002'], orderQuote: text.slice(0, 300) }, [text, text]),
      h,
    );
  });
});
