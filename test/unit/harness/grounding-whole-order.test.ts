// Two classes of a reading on customers' words about a whole order (issue #35's tickets, answered
// blind): one count cited for several lines of the same quote ("Both vases are smashed" over two
// vase lines) counts them together; and non-arrival said of the order as a whole ("my order never
// arrived", "nothing ever came", "mi pedido nunca llegó") is said of each item that shipped: a line
// named only where the refund is asked for has its problem stated, and claiming fewer units or lines
// than shipped is an under-claim. An order that came in part ("came but only the spoons") is not.
import { describe, expect, it } from 'vitest';
import type { ClaimedLine, Proposal } from '#harness/domain/types.js';
import { RULES } from '#harness/policy/rules.js';
import { order, proposal, rulesOf } from './grounding-support.js';

type Cited = Partial<Pick<ClaimedLine, 'itemWords' | 'countWords'>>;
const cite = (facts: Parameters<typeof proposal>[0], claims: Array<[string, number, string, Cited]>, extra: Partial<Proposal> = {}) => {
  const p = proposal(
    facts,
    claims.map(([id, q, quote]) => [id, q, quote]),
    extra,
  );
  return { ...p, lineItems: p.lineItems.map((l, i) => ({ ...l, ...claims[i]![3] })) };
};

const vases = order([
  { id: '1', title: 'Glass bud vase', quantity: 1, price: 1800 },
  { id: '2', title: 'Ceramic vase', quantity: 1, price: 2600 },
]);
const parcel = order([
  { id: '1', title: 'Cereal bowl', quantity: 2, price: 1400 },
  { id: '2', title: 'Olive wood spoon', quantity: 1, price: 900 },
]);
const NOT_RECEIVED = { reason: 'not_received' as const };

describe('one count for several lines', () => {
  const text = 'Both vases in order 2001 are smashed. Please refund everything.';
  const quote = 'Both vases in order 2001 are smashed.';

  it('grounds "both" cited for two lines of one unit each', () => {
    const p = cite(vases, [
      ['1', 1, quote, { itemWords: 'vases', countWords: 'Both' }],
      ['2', 1, quote, { itemWords: 'vases', countWords: 'Both' }],
    ]);
    expect(rulesOf(text, vases, p)).toEqual([]);
  });

  it('still holds "both" cited for one line of one unit', () => {
    const p = cite(vases, [['1', 1, quote, { itemWords: 'vases', countWords: 'Both' }]]);
    expect(rulesOf(text, vases, p)).toContain(RULES.quantityNotGrounded);
  });

  it('still holds a count that two lines share but their units do not add up to', () => {
    const three = order([
      { id: '1', title: 'Glass bud vase', quantity: 2, price: 1800 },
      { id: '2', title: 'Ceramic vase', quantity: 1, price: 2600 },
    ]);
    const p = cite(three, [
      ['1', 2, quote, { itemWords: 'vases', countWords: 'Both' }],
      ['2', 1, quote, { itemWords: 'vases', countWords: 'Both' }],
    ]);
    expect(rulesOf(text, three, p)).toContain(RULES.quantityNotGrounded);
  });
});

describe('a count in a list of items', () => {
  const three = order([
    { id: '1', title: 'Cereal bowl', quantity: 2, price: 1400 },
    { id: '2', title: 'Tea towels', quantity: 1, price: 1200 },
    { id: '3', title: 'Cork coasters', quantity: 1, price: 900 },
  ]);
  const quote = "That's two cereal bowls, the tea towels and the coasters.";
  const text = `Hi, order 2001 never arrived. ${quote} Can you refund all of it please?`;

  it('counts only the item it stands before: the towels and the coasters are one each', () => {
    const p = cite(
      three,
      [
        ['1', 2, quote, { itemWords: 'cereal bowls', countWords: 'two' }],
        ['2', 1, quote, { itemWords: 'the tea towels', countWords: null }],
        ['3', 1, quote, { itemWords: 'the coasters', countWords: null }],
      ],
      NOT_RECEIVED,
    );
    expect(rulesOf(text, three, p)).toEqual([]);
  });

  it('still holds one claimed of an item the count stands before', () => {
    const p = cite(three, [['1', 1, quote, { itemWords: 'cereal bowls', countWords: null }]], NOT_RECEIVED);
    expect(rulesOf(text, three, p)).toContain(RULES.quantityNotGrounded);
  });
});

describe('non-arrival of the whole order', () => {
  it('states the problem of each item the customer names only where the refund is asked for', () => {
    const text = 'My order 2001 was shipped twelve days ago and it still has not arrived. Please refund the order, the bowls and the spoon.';
    const p = cite(
      parcel,
      [
        ['1', 2, 'Please refund the order, the bowls and the spoon', { itemWords: 'the bowls', countWords: null }],
        ['2', 1, 'Please refund the order, the bowls and the spoon', { itemWords: 'the spoon', countWords: null }],
      ],
      { ...NOT_RECEIVED, reasonWords: 'it still has not arrived' },
    );
    expect(rulesOf(text, parcel, p)).not.toContain(RULES.lineProblemNotStated);
  });

  it.each([
    ['Order 2001 - two cereal bowls and an olive wood spoon - never showed up.', null],
    ['Hola, hice el pedido 2001 (dos cuencos y una cuchara) y nunca llegó.', null],
    ['I left a tip for the driver, but nothing was ever delivered. Order 2001.', 'nothing was ever delivered'],
  ])('holds a claim of fewer units than shipped: %s', (text, reasonWords) => {
    const p = cite(
      parcel,
      [
        ['1', 1, text, { countWords: null }],
        ['2', 1, text, { countWords: null }],
      ],
      { ...NOT_RECEIVED, reasonWords },
    );
    expect(rulesOf(text, parcel, p)).toContain(RULES.quantityUnderClaimed);
  });

  it('holds a claim that leaves out a line that shipped', () => {
    const text = 'My order 2001 never arrived. I want my money back.';
    const p = cite(parcel, [['1', 2, 'My order 2001 never arrived', { countWords: null }]], NOT_RECEIVED);
    expect(rulesOf(text, parcel, p)).toContain(RULES.unclaimedLineMentioned);
  });

  it('is not said of an order that came in part, nor of a reason other than non-arrival', () => {
    const part = 'My order 2001 came yesterday but only the two bowls were in the box. No spoon. Please refund the spoon.';
    const spoon = cite(parcel, [['2', 1, 'No spoon', { countWords: null }]], NOT_RECEIVED);
    expect(rulesOf(part, parcel, spoon)).not.toContain(RULES.unclaimedLineMentioned);
    const named = 'Spoon missing from parcel\nThe parcel for order 2001 arrived but the spoon was not in it. Please refund the spoon.';
    expect(rulesOf(named, parcel, spoon)).not.toContain(RULES.unclaimedLineMentioned);
    const broken = 'My order 2001 arrived broken. The spoon is cracked.';
    const damaged = cite(parcel, [['2', 1, 'The spoon is cracked', { countWords: null }]]);
    expect(rulesOf(broken, parcel, damaged)).not.toContain(RULES.unclaimedLineMentioned);
  });
});
