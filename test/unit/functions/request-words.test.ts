// The words one of several requests reads: the sentences about the ticket's other orders are theirs
// and left out; a sentence naming no order, naming this run's order, or naming an item of this order
// stays, so nothing said of this order's items is ever dropped; a ticket's only run reads every word.
import { describe, expect, it } from 'vitest';
import { requestWords } from '#functions/shared/words/request-words.js';
import { ticketRequestsOf } from '#functions/shared/domain/ticket-requests.js';
import type { Run } from '#functions/shared/domain/run.js';
import { makeFacts, makeOrder, makeRun } from '../../support/fixtures.js';

const BODY =
  'Hi, the dinner plate in order 4823 arrived in pieces, please refund it to my card. The glass carafe from order 4824 is cracked at the spout; for that one store credit is fine. Thanks!';

function runOn(orderNumber: string, title: string, body = BODY, several = true): Run {
  const base = makeRun();
  const order = { ...makeFacts({}, makeOrder({ number: orderNumber })), orderNumber };
  order.lineItems = order.lineItems.map((l) => ({ ...l, title }));
  const request = (n: string, remedy: 'refund' | 'store_credit') => ({
    orderNumber: n,
    orderQuote: `order ${n}`,
    remedy,
    reason: 'damaged' as const,
    itemHints: [],
  });
  const ticketRequests = ticketRequestsOf('run-a', [request('4823', 'refund'), request('4824', 'store_credit')], orderNumber === '4823' ? 1 : 2);
  return { ...base, ticket: { ...base.ticket, subject: 'Two orders', body }, order, ...(several ? { ticketRequests } : {}) };
}

describe('one of several requests reads its own words', () => {
  it("leaves out the other order's sentences, and keeps the greeting and the closing", () => {
    const [subject, body] = requestWords(runOn('4823', 'Stoneware dinner plate'));
    expect(subject).toBe('Two orders');
    expect(body).toContain('dinner plate in order 4823 arrived in pieces');
    expect(body).not.toContain('store credit is fine');
    expect(body).toContain('Thanks!');
    const [, other] = requestWords(runOn('4824', 'Glass carafe'));
    expect(other).toContain('store credit is fine');
    expect(other).not.toContain('arrived in pieces');
  });

  it('keeps a sentence naming another order when it names an item of this one', () => {
    const body = 'Order 4823: the plate is broken. Order 4824 is fine, and so is the dinner plate, sorry.';
    expect(requestWords(runOn('4823', 'Stoneware dinner plate', body)).join(' ')).toContain('so is the dinner plate');
  });

  it("keeps a sentence naming no order: a closing about every request is each request's", () => {
    const body = 'Order 4823: the plate arrived broken. Order 4824: the carafe is cracked. I would like refunds on both please.';
    expect(requestWords(runOn('4823', 'Stoneware dinner plate', body)).join(' ')).toContain('I would like refunds on both please.');
    expect(requestWords(runOn('4823', 'Stoneware dinner plate', body)).join(' ')).not.toContain('carafe is cracked');
  });

  it('reads every word on a ticket with one request', () => {
    expect(requestWords(runOn('4823', 'Stoneware dinner plate', BODY, false))).toEqual(['Two orders', BODY]);
  });
});
