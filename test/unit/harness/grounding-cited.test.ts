// The checks on what a model cites: the item and count words inside each line's quote, parsed with
// one number grammar; the reason's words; turned-down remedies; the items it says are fine; and
// the under-claim check on the customer's own problem clauses. Written from the natural answers a
// capable model gives (cited spans), and from the wrong answers those checks must catch.
import { describe, expect, it } from 'vitest';
import type { ClaimedLine, Proposal } from '#harness/domain/types.js';
import { parseCount, titleNumbersOf } from '#harness/policy/grounding/counts.js';
import { RULES } from '#harness/policy/rules.js';
import { line, order, proposal, rulesOf } from './grounding-support.js';

type Cited = Partial<Pick<ClaimedLine, 'itemWords' | 'countWords'>>;
const cite = (facts: Parameters<typeof proposal>[0], claims: Array<[string, number, string, Cited]>, extra: Partial<Proposal> = {}) => {
  const p = proposal(
    facts,
    claims.map(([id, q, quote]) => [id, q, quote]),
    extra,
  );
  return { ...p, lineItems: p.lineItems.map((l, i) => ({ ...l, ...claims[i]![3] })) };
};
const GROUNDING_QUANTITY = [RULES.quantityNotGrounded, RULES.quantityNotStated, RULES.quantityUnderClaimed, RULES.citedWordsNotInQuote];

describe('the one number grammar', () => {
  it.each([
    ['two of them', 4, { kind: 'count', count: 2 }],
    ['both', 2, { kind: 'count', count: 2 }],
    ['all four', 4, { kind: 'count', count: 4 }],
    ['three of the four', 4, { kind: 'count', count: 3 }],
    ['out of the four, three', 4, { kind: 'count', count: 3 }],
    ['six of them came and three of them are', 6, { kind: 'count', count: 3 }],
    ['I bought four mugs and two came chipped', 4, { kind: 'count', count: 2 }],
    ['all but one', 4, { kind: 'allBut', except: 1 }],
    ['all of them', 4, { kind: 'all' }],
    ['a pair', 2, { kind: 'count', count: 2 }],
    ['a mug', 4, { kind: 'count', count: 1 }],
    ['dos de las cuatro', 4, { kind: 'count', count: 2 }],
    ['zwei von vier', 4, { kind: 'count', count: 2 }],
    ['deux', 3, { kind: 'count', count: 2 }],
    ['tutti e tre', 3, { kind: 'count', count: 3 }],
    ['ambas', 2, { kind: 'count', count: 2 }],
  ])('reads "%s" (of %i ordered) as %o', (words, ordered, expected) => {
    expect(parseCount(words, ordered)).toEqual(expected);
  });

  it.each([['split in two'], ['it broke into three pieces'], ['after 3 days'], ['I paid 18 dollars']])('finds no count in "%s"', (words) => {
    expect(parseCount(words, 4)).toBeNull();
  });

  it('never counts a number that is part of a product title', () => {
    const titles = titleNumbersOf(['Glass teapot 4-cup']);
    expect(parseCount('the 4-cup teapot', 1, titles)).toBeNull();
    expect(parseCount('my 4 cup teapot, both of them', 2, titles)).toEqual({ kind: 'count', count: 2 });
  });

  it('reads a group a title sells by as one unit: "the second pair" of "Wine glasses (pair)" is no count of two', () => {
    const titles = titleNumbersOf(['Wine glasses (pair)']);
    expect(parseCount('The second pair', 2, titles)).toBeNull();
    expect(parseCount('both pairs', 2, titles)).toEqual({ kind: 'count', count: 2 });
    expect(parseCount('a pair of mugs', 4)).toEqual({ kind: 'count', count: 2 });
  });
});

describe('cited spans on a claimed line', () => {
  const mugs = order([{ id: '1', title: 'Stoneware mug', quantity: 4, price: 1800 }]);
  const teapot = order([{ id: '1', title: 'Glass teapot 4-cup', quantity: 1, price: 3200 }]);
  const setting = order([
    { id: '1', title: 'Cast iron pan', quantity: 1, price: 3900 },
    { id: '2', title: 'Linen napkins', quantity: 1, price: 1600 },
    { id: '3', title: 'Stoneware mug', quantity: 2, price: 1800 },
  ]);

  it.each([
    ['I bought four mugs and two came chipped.', 2, 'I bought four mugs and two came chipped', { itemWords: 'mugs', countWords: 'two' }],
    [
      'Out of the four mugs, three arrived cracked.',
      3,
      'Out of the four mugs, three arrived cracked',
      { itemWords: 'mugs', countWords: 'Out of the four mugs, three' },
    ],
    ['Six of them? No, four mugs: three are broken.', 3, 'four mugs: three are broken', { itemWords: 'mugs', countWords: 'three' }],
    ['All four mugs arrived smashed.', 4, 'All four mugs arrived smashed', { itemWords: 'mugs', countWords: 'All four' }],
  ])('grounds a correct reading of "%s"', (text, quantity, quote, cited) => {
    const rules = rulesOf(text, mugs, cite(mugs, [['1', quantity, quote, cited]]));
    expect(rules.filter((r) => GROUNDING_QUANTITY.includes(r as never))).toEqual([]);
  });

  it('reads no count from the number in a product title or an idiom', () => {
    const text = 'The 4-cup teapot split in two when I poured hot water. Refund please.';
    const rules = rulesOf(text, teapot, cite(teapot, [['1', 1, 'The 4-cup teapot split in two', { itemWords: 'teapot', countWords: null }]]));
    expect(rules).toEqual([]);
  });

  it('lets an item the customer calls fine stay out when the agent lists it', () => {
    const text = 'Two of the mugs arrived chipped. The pan and the napkins are perfect.';
    const p = cite(setting, [['3', 2, 'Two of the mugs arrived chipped', { itemWords: 'mugs', countWords: 'Two of the mugs' }]], {
      exclusions: [
        { lineItemId: line('1'), words: 'The pan and the napkins are perfect' },
        { lineItemId: line('2'), words: 'The pan and the napkins are perfect' },
      ],
    });
    expect(rulesOf(text, setting, p)).toEqual([]);
  });

  it('does not count a shared list quote as naming another line', () => {
    const text = 'The pan and both mugs arrived broken.';
    const p = cite(setting, [
      ['1', 1, 'The pan and both mugs arrived broken', { itemWords: 'pan', countWords: null }],
      ['3', 2, 'The pan and both mugs arrived broken', { itemWords: 'mugs', countWords: 'both' }],
    ]);
    expect(rulesOf(text, setting, p)).not.toContain(RULES.quoteNamesOtherLine);
  });

  it('catches a count that does not say the claimed quantity, or counts units said to be fine', () => {
    const text = 'Only one of the mugs arrived intact, the rest were broken.';
    const wrong = cite(mugs, [['1', 1, 'Only one of the mugs arrived intact', { itemWords: 'mugs', countWords: 'one' }]]);
    expect(rulesOf(text, mugs, wrong)).toEqual(expect.arrayContaining([RULES.quantityNotGrounded, RULES.quantityUnderClaimed]));
    const up = cite(mugs, [['1', 3, 'I bought four mugs and two came chipped', { itemWords: 'mugs', countWords: 'two' }]]);
    expect(rulesOf('I bought four mugs and two came chipped.', mugs, up)).toContain(RULES.quantityNotGrounded);
  });

  it('asks a person when the customer states more broken units than the claim (an under-claim)', () => {
    const text = 'Three of the mugs arrived broken.';
    const under = cite(mugs, [['1', 1, 'the mugs arrived broken', { itemWords: 'mugs', countWords: 'the mugs' }]]);
    expect(rulesOf(text, mugs, under)).toContain(RULES.quantityUnderClaimed);
    expect(rulesOf('Both of my mugs broke in the post.', order([{ id: '1', title: 'Stoneware mug', quantity: 3, price: 1800 }]), under)).toContain(
      RULES.quantityUnderClaimed,
    );
  });

  it('asks a person when the cited words are not in the quote, or name another item', () => {
    const text = 'The mug arrived cracked, the pan is fine.';
    const notIn = cite(setting, [['3', 1, 'The mug arrived cracked', { itemWords: 'kettle', countWords: null }]]);
    expect(rulesOf(text, setting, notIn)).toContain(RULES.citedWordsNotInQuote);
    const other = cite(setting, [['1', 1, 'The mug arrived cracked', { itemWords: 'mug', countWords: null }]]);
    expect(rulesOf(text, setting, other)).toContain(RULES.quoteNamesOtherLine);
  });
});

describe('the reason and the remedy, as cited', () => {
  const vase = order([{ id: '1', title: 'Glass bud vase', quantity: 1, price: 1800 }]);
  const claim: Array<[string, number, string, Cited]> = [['1', 1, 'the vase', { itemWords: 'vase', countWords: null }]];

  it('asks a person when a damage-like reason rests on words saying nothing is wrong', () => {
    const text = "There's no defect, I just don't like the vase. Refund please.";
    expect(rulesOf(text, vase, cite(vase, claim, { reason: 'wrong_item', reasonWords: "I just don't like the vase" }))).toContain(RULES.reasonNotGrounded);
    expect(rulesOf(text, vase, cite(vase, claim, { reason: 'wrong_item' }))).toContain(RULES.reasonNotGrounded);
  });

  it('grounds a damage-like reason on cited words about a problem, typos and other languages included', () => {
    expect(rulesOf('the vase arrived crakced, refund pls', vase, cite(vase, claim, { reasonWords: 'arrived crakced' }))).toEqual([]);
    expect(rulesOf('Die Vase ist undicht.', vase, cite(vase, [['1', 1, 'Die Vase', {}]], { reason: 'defective', reasonWords: 'ist undicht' }))).toEqual([]);
  });

  it('sets aside a replacement the customer turned down in the cited words, however far apart', () => {
    const text = "The vase arrived cracked. No rush on a replacement; honestly I'd prefer the money back.";
    const declined = cite(vase, claim, { declinedRemedyWords: ['No rush on a replacement'], reasonWords: 'arrived cracked' });
    expect(rulesOf(text, vase, declined)).toEqual([]);
  });

  it('does not let cited words without a turning-down set a requested replacement aside', () => {
    const text = 'The vase arrived cracked. Please send a replacement.';
    const swapped = cite(vase, claim, { declinedRemedyWords: ['send a replacement'], reasonWords: 'arrived cracked' });
    expect(rulesOf(text, vase, swapped)).toContain(RULES.remedyContradicted);
  });
});

describe('the amount is computed from the order, never from the model', () => {
  it('takes an amount-only refund off what remains, gift cards counting for nothing (docs/policy.md example: $8)', async () => {
    const { computeProposalAmount } = await import('#harness/policy/amount.js');
    const facts = order(
      [
        { id: '1', title: 'Gift card', quantity: 1, price: 10000, giftCard: true },
        { id: '2', title: 'Stoneware mug', quantity: 1, price: 1800 },
      ],
      { maximumRefundableMinor: 10800, refunds: [{ refundId: 'r1', createdAt: '2026-11-20T10:00:00Z', amountMinor: 1000, lineItems: [] }] },
    );
    expect(computeProposalAmount(facts, [{ lineItemId: line('2'), quantity: 1 }])).toBe(800);
    expect(computeProposalAmount(facts, [{ lineItemId: line('1'), quantity: 1 }])).toBe(0);
  });
});

describe('classes found on the blind rewording', () => {
  it('asks a person when every word about money back is turned down, typed contractions included', () => {
    const teapot = order([{ id: '1', title: 'Cast iron teapot', quantity: 1, price: 3900 }]);
    const text = 'hello the teapot from my order has a chip. i dont want a refnd, pls just send me a new teapot';
    expect(rulesOf(text, teapot, proposal(teapot, [['1', 1, 'the teapot from my order has a chip']]))).toContain(RULES.remedyNotGrounded);
    expect(rulesOf('the teapot has a chip, refund please', teapot, proposal(teapot, [['1', 1, 'the teapot has a chip']]))).not.toContain(
      RULES.remedyNotGrounded,
    );
  });

  it('reads an item that "made it in one piece" as fine, not claimed', () => {
    const box = order([
      { id: '1', title: 'Glass bud vase', quantity: 1, price: 1200 },
      { id: '2', title: 'Soy candle', quantity: 1, price: 1600 },
    ]);
    const text = 'the bud vase was in like 10 bits. can i get a refund for the vase. the candle made it in one piece haha';
    const p = proposal(box, [
      ['1', 1, 'the bud vase was in like 10 bits'],
      ['2', 1, 'the candle made it in one piece'],
    ]);
    expect(rulesOf(text, box, p)).toContain(RULES.lineExcludedByCustomer);
  });

  it('hears "every other plate and bowl is broken" as all the plates, so one plate is an under-claim', () => {
    const set = order([
      { id: '1', title: 'Stoneware dinner plate', quantity: 4, price: 1600 },
      { id: '2', title: 'Ceramic cereal bowl', quantity: 4, price: 1500 },
    ]);
    const text = 'Just one bowl came through in one piece — every other plate and bowl is broken. I want a refund for all the broken pieces.';
    const under = proposal(set, [
      ['1', 1, 'every other plate and bowl is broken'],
      ['2', 1, 'every other plate and bowl is broken'],
    ]);
    expect(rulesOf(text, set, under)).toContain(RULES.quantityUnderClaimed);
  });
});

describe('an item the order does not have', () => {
  it('is never taken for the only line of the order, cited or not', () => {
    const frame = order([{ id: '1', title: 'Oak photo frame', quantity: 1, price: 2600 }]);
    const text = 'Hi, the kettle I ordered from you is broken and it does not switch on. Please refund.';
    const cited = cite(frame, [['1', 1, 'the kettle I ordered from you is broken', { itemWords: 'the kettle', countWords: null }]]);
    expect(rulesOf(text, frame, cited)).toContain(RULES.quoteDoesNotNameLine);
  });

  it('reads a clause that says both broken and survived as a problem, not as fine', () => {
    const set = order([{ id: '1', title: 'Ceramic cereal bowl', quantity: 4, price: 1500 }]);
    const text = 'All the bowls are broken except one bowl that survived. Refund please.';
    const p = cite(set, [
      ['1', 3, 'All the bowls are broken except one bowl that survived', { itemWords: 'bowls', countWords: 'All the bowls are broken except one' }],
    ]);
    expect(rulesOf(text, set, p)).toEqual([]);
  });
});

describe('a damage-like claim on an item the customer says nothing wrong about', () => {
  const box = order([
    { id: '1', title: 'Soy candle', quantity: 1, price: 1600 },
    { id: '2', title: 'Glass bud vase', quantity: 1, price: 1200 },
  ]);

  it('goes to a person: "refund pls, the vase is rite" says nothing wrong with the vase', () => {
    const text = 'i ordred the unscented candel but got a lavendar one, im alergic. refund pls, the vase is rite';
    const p = proposal(box, [['2', 1, 'refund pls, the vase is rite']], { reason: 'wrong_item', reasonWords: 'got a lavendar one' });
    expect(rulesOf(text, box, p)).toContain(RULES.lineProblemNotStated);
  });

  it('is grounded when the problem is in the next sentence about no other item, or said as "instead of"', () => {
    const teapot = order([
      { id: '1', title: 'Cast-iron teapot', quantity: 1, price: 3900 },
      { id: '2', title: 'Linen tea towel', quantity: 1, price: 1000 },
    ]);
    expect(rulesOf('It is the teapot. The enamel inside is flaking off.', teapot, proposal(teapot, [['1', 1, 'It is the teapot']]))).not.toContain(
      RULES.lineProblemNotStated,
    );
    const swapped = 'I got a clear vase instead of the smoked one I picked. Refund please.';
    expect(rulesOf(swapped, box, proposal(box, [['2', 1, 'I got a clear vase instead of the smoked one']], { reason: 'wrong_item' }))).not.toContain(
      RULES.lineProblemNotStated,
    );
  });
});
