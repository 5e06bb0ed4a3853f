// One ticket, several requests: which requests become runs (one per order, a request tied to no order
// kept for a person), how each run's reading is narrowed to its request, the runs' stable ids, and the
// one reply put together from the runs' checked parts.
import { describe, expect, it } from 'vitest';
import type { TriageRequest } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { requestRunId, splitRequests, statusAskedOfAnotherOrder, ticketRequestsOf, triageFor } from '#functions/shared/domain/ticket-requests.js';
import { combinedReply, heldPart } from '#functions/shared/reply-combined.js';
import { makeTriage } from '../../support/fixtures.js';

const request = (orderNumber: string | null, remedy: TriageRequest['remedy'], itemHints: string[] = []): TriageRequest => ({
  orderNumber,
  orderQuote: orderNumber ? `${remedy} order ${orderNumber}` : null,
  remedy,
  reason: remedy === 'cancel' ? 'changed_mind' : 'damaged',
  itemHints,
});

describe('splitting a ticket into requests', () => {
  it('keeps a ticket about one order one run', () => {
    expect(splitRequests({})).toBeNull();
    expect(splitRequests({ requests: [request('1001', 'refund')] })).toBeNull();
    expect(splitRequests({ requests: [request('1001', 'refund', ['mug']), request('1001', 'refund', ['plate'])] })).toBeNull();
  });

  it('makes a run per order, in the order written, merging requests on the same order', () => {
    const split = splitRequests({ requests: [request('1010', 'refund', ['mug']), request('1004', 'cancel'), request('1010', 'refund', ['plate'])] });
    expect(split?.map((r) => [r.orderNumber, r.remedy, r.itemHints])).toEqual([
      ['1010', 'refund', ['mug', 'plate']],
      ['1004', 'cancel', []],
    ]);
  });

  it('keeps a request tied to no order, for a person, beside one that is tied; none tied stays one run', () => {
    expect(splitRequests({ requests: [request('1010', 'refund'), request(null, 'cancel')] })?.map((r) => r.orderNumber)).toEqual(['1010', null]);
    expect(splitRequests({ requests: [request(null, 'refund'), request(null, 'cancel')] })).toBeNull();
  });

  it('leaves more requests than a ticket may open to one run (its binding sends it to a person)', () => {
    const many = ['1', '2', '3', '4', '5', '6'].map((n) => request(`100${n}`, 'refund'));
    expect(splitRequests({ requests: many })).toBeNull();
  });
});

describe("a request's run", () => {
  it('reads the triage narrowed to its order, its words, its reason and items; a status question stays one', () => {
    const triage = makeTriage({ orderNumber: null, orderNumbersMentioned: ['1010', '1004'], riskFlags: ['multiple_order_numbers'], requests: [] });
    expect(triageFor(triage, request('1004', 'cancel'))).toEqual({
      ...makeTriage(),
      orderNumber: '1004',
      orderNumbersMentioned: ['1010', '1004'],
      orderQuote: 'cancel order 1004',
      reason: 'changed_mind',
      itemHints: [],
      riskFlags: ['multiple_order_numbers'],
    });
    expect(triageFor(triage, request('1007', 'refund_status')).intent).toBe('refund_status');
  });

  it("takes its own flags where the triage gave them, keeping words to an AI from anywhere in the ticket; else the ticket's", () => {
    const triage = makeTriage({ riskFlags: ['multiple_order_numbers', 'claims_prior_approval', 'instructions_to_system'] });
    expect(triageFor(triage, { ...request('4817', 'refund'), riskFlags: [] }).riskFlags.sort()).toEqual(['instructions_to_system', 'multiple_order_numbers']);
    expect(triageFor(triage, { ...request('4819', 'refund_status'), riskFlags: ['claims_prior_approval'] }).riskFlags).toContain('claims_prior_approval');
    expect(triageFor(triage, request('4817', 'refund')).riskFlags).toEqual(triage.riskFlags);
  });

  it('has an id derived from the first run and its place: stable, distinct, the first run its own', () => {
    expect(requestRunId('run-a', 1)).toBe('run-a');
    expect(requestRunId('run-a', 2)).toBe(requestRunId('run-a', 2));
    expect(requestRunId('run-a', 2)).toMatch(/^run-a-q2-[0-9a-f]{8}$/);
    expect(requestRunId('run-a', 3)).not.toBe(requestRunId('run-a', 2));
    expect(ticketRequestsOf('run-a', [request('1', 'refund'), request('2', 'cancel')], 2)).toMatchObject({
      index: 2,
      runIds: ['run-a', requestRunId('run-a', 2)],
    });
  });
});

describe('the one reply of a ticket', () => {
  const t = ticketRequestsOf('run-a', [request('1010', 'refund'), request('1004', 'cancel')], 1);
  const runOf = (index: number, patch: Partial<Run>): Run =>
    ({ runId: t.runIds[index - 1], status: 'done', ticketRequests: { ...t, index }, order: null, escalationRequest: undefined, ...patch }) as unknown as Run;
  const held = (body: string) => ({ body, language: 'en', check: { passed: true, problems: [] }, noteId: null });

  it("puts the runs' checked parts together in the requests' order, greeted and signed once", () => {
    const runs = [
      runOf(1, { draft: held('We refunded $18.00 for the mug on order #1010.') }),
      runOf(2, { draft: held('We cancelled order #1004 and refunded $24.00.') }),
    ];
    expect(combinedReply(runs, { language: 'en', firstName: 'Dev', signOff: 'Customer support' })).toBe(
      ['Hello Dev,', 'We refunded $18.00 for the mug on order #1010.', 'We cancelled order #1004 and refunded $24.00.', 'Customer support'].join('\n\n'),
    );
  });

  it('says a person has a request that ended without a part, with no amount, in the reply language', () => {
    const escalated = runOf(2, { status: 'escalated', draft: null });
    const reply = combinedReply([runOf(1, { draft: held('Hemos reembolsado 18,00 US$.') }), escalated], {
      language: 'es',
      firstName: null,
      signOff: 'Atención al cliente',
    });
    expect(reply).toContain('Sobre el pedido #1004: una persona de nuestro equipo');
    expect(reply.startsWith('Hola:')).toBe(true);
    expect(heldPart(escalated)).toBeNull();
  });

  it('never takes a draft that failed its check, or one already posted on its own', () => {
    expect(heldPart(runOf(1, { draft: { ...held('x'), check: { passed: false, problems: ['amount'] } } }))).toBeNull();
    expect(heldPart(runOf(1, { draft: { ...held('x'), noteId: 'note-1' } }))).toBeNull();
  });
});

describe('a refund-status question another request asks', () => {
  const ticket = (requests: TriageRequest[]) => ({ rootRunId: 'r', index: 1, runIds: requests.map((_, i) => `r${i}`), requests });

  it('is another order’s status question, for the gate of this order', () => {
    const t = ticket([request('4807', 'refund'), request('4808', 'refund_status')]);
    expect(statusAskedOfAnotherOrder(t, '4807')).toBe(true);
    expect(statusAskedOfAnotherOrder(t, '4808')).toBe(false);
  });

  it('is none on a ticket of one request, or one whose other requests ask no such question', () => {
    expect(statusAskedOfAnotherOrder(undefined, '4807')).toBe(false);
    expect(statusAskedOfAnotherOrder(ticket([request('4807', 'refund'), request('4808', 'cancel')]), '4807')).toBe(false);
    expect(statusAskedOfAnotherOrder(ticket([request('4807', 'refund'), request(null, 'refund_status')]), '4807')).toBe(false);
  });
});
