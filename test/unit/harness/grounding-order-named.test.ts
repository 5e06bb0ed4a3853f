// An order of one line is named by its number: "It's been 12 days since I ordered (2402) … just
// refund me" claims the one thing that order holds, so the quote needs no item word; on an order of
// several lines the number names none of them, and the quote must still name the item it claims.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/index.js';
import { order, proposal, rulesOf } from './grounding-support.js';

const ONE = order([{ id: '1', title: 'Stoneware mug', quantity: 1, price: 1800 }]);
const TWO = order([
  { id: '1', title: 'Stoneware mug', quantity: 1, price: 1800 },
  { id: '2', title: 'Ceramic bowl', quantity: 1, price: 1500 },
]);
const text = "It's been 12 days since I ordered (2001) and it still says unfulfilled. I'm done waiting, just refund me please.";
const rulesFor = (facts: typeof ONE, quote: string, body = text) => rulesOf(body, facts, { ...proposal(facts, [['1', 1, quote]]), reason: 'not_received' });

describe('an order named by its number', () => {
  it.each([
    ['in parentheses after "I ordered"', text],
    ['with a hash', 'Order #2001 still has not shipped and it has been two weeks, refund it please.'],
    ['as "order no."', 'Order no. 2001 never shipped. Please refund me.'],
  ])('names the only line of its order: %s', (_, body) => {
    expect(rulesFor(ONE, body, body)).not.toContain(RULES.quoteDoesNotNameLine);
  });

  it('names no line of an order with several: the quote must name the item it claims', () => {
    expect(rulesFor(TWO, text)).toContain(RULES.quoteDoesNotNameLine);
  });

  it('another number in the quote names nothing', () => {
    const body = "It's been 12 days since I ordered (2002) and it still says unfulfilled. Just refund me please.";
    expect(rulesFor(ONE, body, body)).toContain(RULES.quoteDoesNotNameLine);
  });
});
