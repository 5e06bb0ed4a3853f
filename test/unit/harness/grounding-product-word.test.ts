// A line is named by its own product word even where another title of the order holds that word as
// its material: "the glasses" of "Tumbler glasses (set of 4)" beside a "Glass carafe 1 L". The word
// still names nothing when two titles share it as their product word, and a quote that names
// another line is still that line's.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/index.js';
import { order, proposal, rulesOf } from './grounding-support.js';

const PARTY = order([
  { id: '1', title: 'Tumbler glasses (set of 4)', quantity: 1, price: 3400 },
  { id: '2', title: 'Glass carafe 1 L', quantity: 1, price: 2500 },
]);
const TWO_GLASSES = order([
  { id: '1', title: 'Tumbler glasses (set of 4)', quantity: 1, price: 3400 },
  { id: '2', title: 'Wine glasses (pair)', quantity: 1, price: 2800 },
]);
const text = 'Hi, the parcel came today and the glasses were smashed to pieces. Please refund them, thanks.';
const quote = 'the glasses were smashed to pieces';
const withItemWords = (facts: typeof PARTY, itemWords: string | null) => {
  const p = proposal(facts, [['1', 1, quote]]);
  return { ...p, lineItems: p.lineItems.map((l) => ({ ...l, itemWords, countWords: null })) };
};

describe('a product word another title holds as its material', () => {
  it.each([
    ['cited as the item words', 'the glasses'],
    ['in the quote alone', null],
  ])('names the line whose product word it is: %s', (_, itemWords) => {
    const rules = rulesOf(text, PARTY, withItemWords(PARTY, itemWords));
    expect(rules).not.toContain(RULES.quoteDoesNotNameLine);
    expect(rules).not.toContain(RULES.quoteNamesOtherLine);
  });

  it('names neither of two lines that both have it as their product word', () => {
    expect(rulesOf(text, TWO_GLASSES, withItemWords(TWO_GLASSES, 'the glasses'))).toContain(RULES.quoteDoesNotNameLine);
  });

  it('does not make words naming the other line this one’s', () => {
    const body = 'Hi, the glass carafe was smashed to pieces. Please refund it.';
    const p = proposal(PARTY, [['1', 1, 'the glass carafe was smashed to pieces']]);
    const claim = { ...p, lineItems: p.lineItems.map((l) => ({ ...l, itemWords: 'the glass carafe', countWords: null })) };
    expect(rulesOf(body, PARTY, claim)).toContain(RULES.quoteNamesOtherLine);
  });
});
