// The reply to "where is my refund?": its facts come from the refunds the gate kept (the day in the
// customer's language, the amount, the items, the card's brand and last four, the bank-time words),
// and its check passes a draft stating only those, and fails one naming another amount, day, card or brand.
import { describe, expect, it } from 'vitest';
import type { Run } from '#functions/shared/domain/run.js';
import { checkDraft, replyFacts, replyOutcomeOf } from '#functions/shared/reply.js';
import { DEFAULT_BANK_TIMES } from '#functions/shared/reply-status.js';
import { writeReply } from '#harness/adapters/models/offline/reply.js';
import { makeFacts, makeOrder, makeRun, ticketIn } from '../../support/fixtures.js';

const ORDER = makeFacts({}, makeOrder({ number: '1007', unitPriceMinor: 800, quantity: 2, title: 'Brass napkin rings' }));
const LINE = ORDER.lineItems[0]!.id;
const CARD = { method: 'card' as const, status: 'SUCCESS', amountMinor: 800, processedAt: '2026-12-01T10:00:00Z', cardBrand: 'Visa', cardLast4: '4242' };

function answeredRun(overrides: Partial<Run> = {}): Run {
  return makeRun({
    order: ORDER,
    triage: {
      intent: 'refund_status',
      confidence: 0.9,
      orderNumber: '1007',
      orderNumbersMentioned: ['1007'],
      orderQuote: null,
      language: 'en',
      reason: 'other',
      itemHints: [],
      riskFlags: [],
    },
    gate: {
      decision: 'answer',
      rules: ['refund_status_answered'],
      reasons: [],
      amountMinor: 0,
      currency: 'USD',
      policyVersion: 'v1',
      statusAnswer: {
        refunds: [
          {
            refundId: 'r1',
            createdAt: '2026-12-01T10:00:00Z',
            day: '2026-12-01',
            amountMinor: 800,
            lineItems: [{ lineItemId: LINE, quantity: 1 }],
            payments: [CARD],
          },
        ],
      },
    },
    ...overrides,
  });
}

describe('the answer to a question about an earlier refund', () => {
  it('gives the reply the day in the customer language, the amount, the items, the card and the bank words', () => {
    const run = answeredRun();
    expect(replyOutcomeOf(run)).toBe('status_answered');
    const facts = replyFacts(run, 'status_answered', { bankTimes: 'Banks take 3 to 7 days.' });
    expect(facts.status).toEqual({
      refunds: [
        {
          date: 'December 1, 2026',
          amount: '$8.00',
          items: ['1 × Brass napkin rings'],
          paidTo: [{ method: 'card', brand: 'Visa', last4: '4242' }],
          pending: false,
        },
      ],
      bankTimes: 'Banks take 3 to 7 days.',
    });
    const spanish = replyFacts({ ...run, ticket: { ...run.ticket, ...ticketIn('es') }, triage: { ...run.triage!, language: 'es' } }, 'status_answered');
    expect(spanish.status?.refunds[0]).toMatchObject({ date: '1 de diciembre de 2026', amount: '8,00\u00a0US$' });
    expect(spanish.status?.bankTimes).toBe(DEFAULT_BANK_TIMES);
  });

  it('passes the offline writer’s draft in each of its languages', () => {
    for (const language of ['en', 'es', 'de', 'fr']) {
      const run = answeredRun({ ticket: { ...makeRun().ticket, ...ticketIn(language) }, triage: { ...answeredRun().triage!, language } });
      const { body } = writeReply(replyFacts(run, 'status_answered') as Parameters<typeof writeReply>[0]);
      expect(checkDraft(body, { ...run, draft: { body, language, check: null, noteId: null } }), `${language}: ${body}`).toEqual([]);
      expect(body).toContain('4242');
      expect(replyFacts(run, 'status_answered').language).toBe(language);
    }
  });

  it('fails a draft naming another amount, another day, another card or a brand the record does not hold', () => {
    const run = answeredRun();
    const ok = `Hello, on December 1, 2026 we refunded $8.00 for order #1007 to your Visa card ending in 4242. ${DEFAULT_BANK_TIMES}`;
    expect(checkDraft(ok, run)).toEqual([]);
    expect(checkDraft(ok.replace('$8.00', '$16.00'), run).join(' ')).toContain('no refund on record');
    expect(checkDraft(ok.replace('December 1', 'December 3'), run).join(' ')).toContain('figure the record does not hold: 3');
    expect(checkDraft(ok.replace('4242', '1111'), run).join(' ')).toContain('1111');
    expect(checkDraft(ok.replace('Visa', 'Mastercard'), run).join(' ')).toContain('mastercard');
    expect(checkDraft(ok.replace('$8.00', 'the money'), run)).toContain('draft states no refund amount from the record');
    expect(checkDraft(ok.replace('#1007', 'your order'), run)).toContain('draft does not name order 1007');
  });
});
