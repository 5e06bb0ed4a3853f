// Wordings the checks once read wrongly (issue #37's blind tickets), fixed as classes of the number
// grammar: an order's reference in brackets beside an item is no clause of its own; "both a mug and
// the platter" joins two items and counts neither; "um dos pratos" is one of the plates; minutes,
// hours and years count no units; "two of the hems" counts an item's parts, not its units.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/index.js';
import { clausesHolding, clausesOf } from '#harness/policy/grounding/clauses.js';
import { parseCount } from '#harness/policy/grounding/counts.js';
import { order, rulesOf } from './grounding-support.js';

type ClaimSpec = { id: string; quantity: number; quote: string; itemWords: string | null; countWords: string | null };
const claim = (lines: ClaimSpec[]) =>
  ({
    remedy: 'refund',
    lineItems: lines.map((l) => ({
      lineItemId: `gid://shopify/LineItem/${l.id}`,
      quantity: l.quantity,
      quote: l.quote,
      itemWords: l.itemWords,
      countWords: l.countWords,
    })),
    currency: 'USD',
    reason: 'damaged',
    reasonWords: null,
    remedyWords: null,
    declinedRemedyWords: [],
    exchangeWords: null,
    exclusions: [],
    unclear: null,
    evidence: [],
  }) as const;

describe('an order reference in brackets beside an item', () => {
  it.each([
    ['en', '3 highball glasses (from order 4904) were smashed to bits', '3'],
    ['es', 'dos tazas (pedido n.º 4907) llegaron rotas', 'dos'],
    ['pt', 'duas canecas (encomenda #4909) chegaram partidas', 'duas'],
    ['fr', 'deux bols (commande n° 4910, reçue lundi) sont arrivés cassés', 'deux'],
    ['de', 'zwei Tassen (Bestellung 4911) kamen zerbrochen an', 'zwei'],
    ['it', 'due tazze (ordine n. 4913) sono arrivate rotte', 'due'],
  ])('leaves the count in the clause of its problem (%s)', (_, quote, count) => {
    expect(clausesHolding(quote, [count]).some((c) => c.problem)).toBe(true);
  });

  it('keeps brackets without an order number a clause boundary', () => {
    expect(clausesOf('two mugs (the blue ones) arrived broken')[0]!.map((c) => c.words.join(' '))).toEqual(['two mugs', 'the blue ones', 'arrived broken']);
  });

  it('draws no finding on a count the subject line does not repeat', () => {
    const facts = order([
      { id: '1', title: 'Ribbed highball glass', quantity: 6, price: 900 },
      { id: '2', title: 'Stoneware dinner plate', quantity: 4, price: 1600 },
    ]);
    const text =
      'broken glasses + a plate\nhey. 3 highball glasses (from order 4904) were smashed to bits and one of the dinner plates has a big chunk missing from the rim. the other 3 glasses and 3 plates are fine.';
    const p = claim([
      { id: '1', quantity: 3, quote: '3 highball glasses (from order 4904) were smashed to bits', itemWords: 'highball glasses', countWords: '3' },
      { id: '2', quantity: 1, quote: 'one of the dinner plates has a big chunk missing from the rim', itemWords: 'dinner plates', countWords: 'one' },
    ]);
    expect(rulesOf(text, facts, p as never)).toEqual([]);
  });
});

describe('one "both" before two items', () => {
  const MUGS_AND_PLATTER = order([
    { id: '1', title: 'Stoneware mug', quantity: 2, price: 1800 },
    { id: '2', title: 'Glazed serving platter', quantity: 1, price: 4800 },
  ]);

  it.each([
    ['en', 'both a mug and the serving platter came chipped', 'a'],
    ['es', 'ambos, la taza y la fuente llegaron rotas', 'la'],
    ['pt', 'as duas, a caneca e a travessa, chegaram partidas', 'a'],
    ['fr', 'les deux, le bol et la tasse, sont arrivés cassés', 'le'],
    ['de', 'beide, die Tasse und die Platte kamen zerbrochen an', 'die'],
    ['it', 'entrambi, la tazza e il piatto sono arrivati rotti', 'la'],
  ])('counts neither item (%s)', (_, quote) => {
    for (const c of clausesOf(quote).flat())
      expect(parseCount(c.words, 2)?.kind === 'count' && parseCount(c.words, 2)).not.toEqual({ kind: 'count', count: 2 });
  });

  it('reads one mug and the platter', () => {
    const text = 'Hi, both a mug and the serving platter from order 2001 came chipped. The second mug is fine.';
    const quote = 'both a mug and the serving platter from order 2001 came chipped';
    const p = claim([
      { id: '1', quantity: 1, quote, itemWords: 'mug', countWords: 'a' },
      { id: '2', quantity: 1, quote, itemWords: 'serving platter', countWords: null },
    ]);
    expect(rulesOf(text, MUGS_AND_PLATTER, p as never)).not.toContain(RULES.quantityNotGrounded);
  });

  it('cited as the count of one item, claims one unit of it', () => {
    const text = 'Hi, both a mug and the serving platter from order 2001 came chipped. The second mug is fine.';
    const quote = 'both a mug and the serving platter from order 2001 came chipped';
    const p = (mugs: number) =>
      claim([
        { id: '1', quantity: mugs, quote, itemWords: 'mug', countWords: 'both' },
        { id: '2', quantity: 1, quote, itemWords: 'serving platter', countWords: 'both' },
      ]);
    expect(rulesOf(text, MUGS_AND_PLATTER, p(2) as never)).toContain(RULES.quantityNotGrounded);
    expect(rulesOf(text, MUGS_AND_PLATTER, p(1) as never)).not.toContain(RULES.quantityNotGrounded);
    const pt = 'Recebi a encomenda 2001 e ambos, a caneca de grés e a travessa, vieram partidos.';
    const mugsOnly = claim([
      { id: '1', quantity: 2, quote: 'ambos, a caneca de grés e a travessa, vieram partidos', itemWords: 'caneca de grés', countWords: 'ambos' },
    ]);
    expect(rulesOf(pt, MUGS_AND_PLATTER, mugsOnly as never)).toContain(RULES.quantityNotGrounded);
  });

  it('"the two things", naming a candle and a vase, claims one of each', () => {
    const facts = order([
      { id: '1', title: 'Soy candle', quantity: 3, price: 1600 },
      { id: '2', title: 'Glass bud vase', quantity: 1, price: 2400 },
    ]);
    const quote = 'the two things packed on top, a soy candle and the bud vase, both got broken';
    const p = (candles: number) =>
      claim([
        { id: '1', quantity: candles, quote, itemWords: 'a soy candle', countWords: 'the two things' },
        { id: '2', quantity: 1, quote, itemWords: 'the bud vase', countWords: null },
      ]);
    expect(rulesOf(`Order 2001: ${quote}.`, facts, p(2) as never)).toContain(RULES.quantityNotGrounded);
    expect(rulesOf(`Order 2001: ${quote}.`, facts, p(1) as never)).not.toContain(RULES.quantityNotGrounded);
    const candlesOnly = 'two items arrived broken: both soy candles';
    const two = claim([{ id: '1', quantity: 2, quote: candlesOnly, itemWords: 'soy candles', countWords: 'two items' }]);
    expect(rulesOf(candlesOnly, facts, two as never)).not.toContain(RULES.quantityNotGrounded);
  });

  it('leaves a mug named with the platter unclaimed only where the agent’s words say it is fine', () => {
    const text = 'Hi, both a mug and the serving platter from order 2001 came chipped. The second mug and the cereal bowl are fine.';
    const platter = claim([{ id: '2', quantity: 1, quote: 'the serving platter', itemWords: null, countWords: null }]);
    const leaving = (words: string) => ({ ...platter, exclusions: [{ lineItemId: 'gid://shopify/LineItem/1', words }] });
    expect(rulesOf(text, MUGS_AND_PLATTER, leaving('mug') as never)).toContain(RULES.unclaimedLineMentioned);
    expect(rulesOf('The serving platter came chipped, I will keep the mug.', MUGS_AND_PLATTER, leaving('I will keep the mug') as never)).not.toContain(
      RULES.unclaimedLineMentioned,
    );
  });

  it('still counts two where "both" is said of one item', () => {
    expect(clausesOf('both mugs are chipped and the platter is fine')[0]![0]!.words).toContain('both');
    expect(clausesOf('both the mugs are chipped and I want a refund')[0]![0]!.words).toContain('both');
  });
});

describe('number words that count no units', () => {
  it.each([
    ['um dos pratos', 1],
    ['uma das canecas', 1],
    ['duas das quatro canecas', 2],
    ['dos tazas', 2],
  ])('"%s" counts %i', (words, n) => {
    expect(parseCount(words, 4)).toEqual({ kind: 'count', count: n });
  });

  it.each([
    'after ten minutes',
    'dopo dieci minuti',
    'después de diez minutos',
    'depois de dez minutos',
    'après dix minutes',
    'nach zehn Minuten',
    'seit zwei Jahren',
    'hace dos horas',
  ])('"%s" is a time, not a count', (words) => {
    expect(parseCount(words, 1)).toBeNull();
  });
});

describe('a count of an item’s parts', () => {
  const LINENS = order([
    { id: '1', title: 'Linen napkins (set of 4)', quantity: 1, price: 2200 },
    { id: '2', title: 'Stoneware mug', quantity: 4, price: 1800 },
  ]);
  const one = (quote: string, id = '1', quantity = 1) => claim([{ id, quantity, quote, itemWords: null, countWords: null }]);

  it('is no count of the item: "the napkins came torn along two of the hems"', () => {
    const quote = 'the linen napkins came torn along two of the hems';
    expect(rulesOf(quote, LINENS, one(quote) as never)).not.toContain(RULES.quantityNotGrounded);
  });

  it('leaves counts of the item, of a whole and of "them" as they were', () => {
    for (const quote of [
      'the mugs: two of the four are chipped',
      'the mugs arrived, two of them chipped',
      'the mugs arrived and two of the mugs are chipped',
    ]) {
      expect(rulesOf(quote, LINENS, one(quote, '2', 1) as never)).toContain(RULES.quantityNotGrounded);
    }
  });
});

describe('an item said to be fine like the one before it', () => {
  const NAPKINS_AND_SPOON = order([
    { id: '1', title: 'Linen napkins (set of 4)', quantity: 2, price: 2200 },
    { id: '2', title: 'Olive wood spoon', quantity: 1, price: 900 },
  ]);
  const text =
    "I ordered two sets of linen napkins, and in one of the sets there's a napkin with a large hole. The other set is fine, as is the spoon. Could you refund the damaged set only?";

  it('is not claimed: "the other set is fine, as is the spoon"', () => {
    const p = claim([
      { id: '1', quantity: 1, quote: "in one of the sets there's a napkin with a large hole", itemWords: null, countWords: null },
      { id: '2', quantity: 1, quote: 'the spoon. Could you refund the damaged set only', itemWords: null, countWords: null },
    ]);
    expect(rulesOf(text, NAPKINS_AND_SPOON, p as never)).toContain(RULES.lineExcludedByCustomer);
  });

  it('takes a damage said before it too: "the bowl arrived broken, as is the spoon"', () => {
    const broken = 'The napkins arrived torn, as is the spoon. Please refund both.';
    const p = claim([
      { id: '1', quantity: 1, quote: 'The napkins arrived torn', itemWords: null, countWords: null },
      { id: '2', quantity: 1, quote: 'as is the spoon', itemWords: null, countWords: null },
    ]);
    expect(rulesOf(broken, NAPKINS_AND_SPOON, p as never)).not.toContain(RULES.lineExcludedByCustomer);
  });
});
