// What a reply knows besides what happened: the customer's first name, what they asked for (never a
// default remedy), and, on an unclear reading, the question the draft asks; and the check of a
// holding draft: it asks that question, names no amount and claims no refund.
import { describe, expect, it } from 'vitest';
import { replyFacts } from '#functions/shared/reply.js';
import { askedRemedyOf, checkHoldingDraft, firstNameOf, questionFor } from '#functions/shared/reply-asks.js';
import { makeFacts, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';

const ORDER = makeFacts();
const unclear = (question: string) => makeProposal(ORDER, { lineItems: [], unclear: { question } });

describe('what a reply knows of the customer and their request', () => {
  it('greets by the first word of the name the helpdesk gives, when it is a name', () => {
    const named = (requesterName: string | null) => firstNameOf(makeRun({ ticket: { ...makeRun().ticket, requesterName } }));
    expect(named('Ana Souza')).toBe('Ana');
    expect(named('Jean-Luc Picard')).toBe('Jean-Luc');
    expect(named('ana@example.com')).toBeNull();
    expect(named(null)).toBeNull();
  });

  it('says what the customer asked for and what was done, never a default remedy', () => {
    const cancel = makeRun({ triage: makeTriage(), order: ORDER, proposal: makeProposal(ORDER, { remedy: 'cancel', lineItems: [] }) });
    const facts = replyFacts(cancel, 'escalated', { escalationReason: 'a lead decides' });
    expect(facts).toMatchObject({ remedy: null, asked: 'cancel' });
    expect(askedRemedyOf({ proposal: null, triage: makeTriage({ intent: 'refund_status' }) })).toBe('refund_status');
    expect(askedRemedyOf({ proposal: null, triage: null })).toBeNull();
  });

  it('puts the unclear reading’s question to the customer, unless it names money or a refund made', () => {
    const asked = makeRun({ triage: makeTriage(), order: ORDER, proposal: unclear('How many of the four plates arrived chipped?') });
    expect(replyFacts(asked, 'escalated').question).toBe('How many of the four plates arrived chipped?');
    expect(replyFacts(asked, 'refunded').question).toBeUndefined();
    expect(questionFor({ proposal: unclear('Is a refund of $18.00 what you expect?'), refund: null })).toBeNull();
    expect(questionFor({ proposal: unclear('We have refunded you already, is anything else wrong?'), refund: null })).toBeNull();
  });
});

describe('a holding draft', () => {
  it('asks the question it was given, names no amount, claims no refund', () => {
    const question = 'How many of the plates arrived chipped?';
    expect(checkHoldingDraft(`Hello Farah,\n\nCould you tell us: ${question}`, { question })).toEqual([]);
    expect(checkHoldingDraft('Hello Farah, a member of the team will reply.', { question })).toEqual([
      'the holding draft does not ask the customer the question',
    ]);
    expect(checkHoldingDraft('Hello, we will refund $18.00 soon.', {})).toContain('the holding draft names an amount');
    expect(checkHoldingDraft('Hello, we have refunded your order.', {})[0]).toMatch(/says a refund was made/);
  });
});
