// A damage said as the state an item arrived in (issue #37's participles: shrunk, torn, dented,
// split, warped, faded…) states a problem with that item in each of the six languages, so a line
// claimed by such words draws no "no words say what is wrong" finding; an item named only with
// words of praise still does.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/index.js';
import { order, rulesOf } from './grounding-support.js';

/** An order of a mug and a bowl, titled in the customer's language (a line is checked where the customer names it). */
const twoIn = (mug: string, bowl: string) =>
  order([
    { id: '1', title: mug, quantity: 1, price: 1800 },
    { id: '2', title: bowl, quantity: 1, price: 1500 },
  ]);
const TWO = twoIn('Stoneware mug', 'Ceramic bowl');
const claim = (quote1: string, item1: string, quote2: string, item2: string, reasonWords: string) =>
  ({
    remedy: 'refund',
    lineItems: [
      { lineItemId: 'gid://shopify/LineItem/1', quantity: 1, quote: quote1, itemWords: item1, countWords: null },
      { lineItemId: 'gid://shopify/LineItem/2', quantity: 1, quote: quote2, itemWords: item2, countWords: null },
    ],
    currency: 'USD',
    reason: 'damaged',
    reasonWords,
    remedyWords: null,
    declinedRemedyWords: [],
    exchangeWords: null,
    exclusions: [],
    unclear: null,
    evidence: [],
  }) as const;

describe('damage said as the state an item arrived in', () => {
  it.each([
    ['en', 'Stoneware mug', 'Ceramic bowl', 'The mug arrived shrunk and warped', 'mug', 'The bowl is cracked', 'bowl'],
    ['es', 'Taza de gres', 'Bol de cerámica', 'La taza llegó abollada y desteñida', 'taza', 'El bol está roto', 'bol'],
    ['pt', 'Caneca de grés', 'Tigela de cerâmica', 'A caneca chegou empenada e desbotada', 'caneca', 'A tigela está partida', 'tigela'],
    ['fr', 'Tasse en grès', 'Bol en céramique', 'La tasse est arrivée tordue et délavée', 'tasse', 'Le bol est cassé', 'bol'],
    [
      'de',
      'Steinguttasse',
      'Keramikschüssel',
      'Die Steinguttasse kam verbeult und verzogen an',
      'Steinguttasse',
      'Die Keramikschüssel ist kaputt',
      'Keramikschüssel',
    ],
    ['it', 'Tazza in gres', 'Ciotola in ceramica', 'La tazza è arrivata spaccata e sbiadita', 'tazza', 'La ciotola è rotta', 'ciotola'],
  ])('in %s, states what is wrong with each item', (_language, mug, bowl, quote1, item1, quote2, item2) => {
    const text = `${quote1}. ${quote2}.`;
    const rules = rulesOf(text, twoIn(mug, bowl), claim(quote1, item1, quote2, item2, quote2) as never);
    expect(rules).not.toContain(RULES.lineProblemNotStated);
    expect(rules).not.toContain(RULES.reasonNotGrounded);
  });

  it('still finds no problem stated for an item named only with praise', () => {
    const text = 'The mug is lovely. The bowl arrived shrunk.';
    const rules = rulesOf(text, TWO, claim('The mug is lovely', 'mug', 'The bowl arrived shrunk', 'bowl', 'The bowl arrived shrunk') as never);
    expect(rules).toContain(RULES.lineProblemNotStated);
  });
});
