// The offline model's text machinery: tokens keep their place in the original text (so quotes are
// verbatim), invisible and full-width characters do not split or hide words, typos one edit away
// are forgiven for long words only, quotes never pass 300 characters, amounts in a draft are found
// in one pass, and every reader stays linear on a 200 KB adversarial ticket.
import { describe, expect, it } from 'vitest';
import type { OrderFacts } from '#harness/domain/types.js';
import { proposeRefund } from '#harness/adapters/models/offline/order-agent.js';
import { compileMatcher, withinOneEdit } from '#harness/adapters/models/offline/matcher.js';
import { amountsIn } from '#harness/adapters/models/offline/money-scan.js';
import { checkReply } from '#harness/adapters/models/offline/reply.js';
import { fitSpan, quoteOf, segment } from '#harness/adapters/models/offline/segments.js';
import { tokenize } from '#harness/adapters/models/offline/tokens.js';
import { triageTicket } from '#harness/adapters/models/offline/triage.js';
import { expectLinear } from '../../support/linear-time.js';

describe('tokens', () => {
  it.each([
    ['Die Tasse ist zerbrochen', ['die', 'tasse', 'ist', 'zerbrochen']],
    ["l'assiette est fissurée", ["l'assiette", 'est', 'fissuree']],
    ['ＭＵＧ　ｂｒｏｋｅｎ', ['mug', 'broken']],
    ['bro\u200bken mug', ['broken', 'mug']],
    ['2mugs, x2', ['2', 'mugs', 'x', '2']],
    ['Straße', ['strasse']],
  ])('reads %j as %j', (text, norms) => {
    expect(tokenize(text).map((t) => t.norm)).toEqual(norms);
  });

  it('keeps each token at its place in the original text', () => {
    const text = 'Hi,  the MUG\u200b is cracked — order #1042.';
    for (const token of tokenize(text)) expect(text.slice(token.start, token.end).replace('\u200b', '').toLowerCase()).toBe(token.norm);
    const order = tokenize(text).find((t) => t.norm === '1042')!;
    expect(text[order.hashAt]).toBe('#');
  });

  it('splits sentences at ., !, ? and new lines, but not after "Nr." or inside "16.50"', () => {
    const sentences = (text: string) => segment(tokenize(text)).sentences.length;
    expect(sentences('The mug broke. The bowl too! Refund? Thanks\nAna')).toBe(5);
    expect(sentences('Bestellung Nr. 1002 kam an. Danke')).toBe(2);
    expect(sentences('I paid $16.50 for it')).toBe(1);
  });
});

describe('typos', () => {
  it.each([
    ['brokn', 'broken', true],
    ['recieved', 'received', true],
    ['refnd', 'refund', true],
    ['damagd', 'damaged', true],
    ['craked', 'cracked', true],
    ['arrivd', 'arrived', true],
    ['broken', 'brokenly', false],
    ['cracked', 'tracked', true],
  ])('%s is one edit from %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
  });

  const damage = compileMatcher([['damaged', ['cracked', 'broken', 'torn']]] as const, { fuzzy: true });
  it.each([
    ['the bowl is craked', 1],
    ['the bowl is brokn', 1],
    ['the parcel was tracked', 0], // another word, not a typo: the first letter differs
    ['the bowl is tron', 0], // short words must match exactly
  ])('forgives typos of long words only: %j', (text, hits) => {
    expect(damage(tokenize(text))).toHaveLength(hits);
  });
});

describe('quotes', () => {
  it('cuts verbatim text at token boundaries and keeps whole words', () => {
    const text = 'Hello!! The   Stoneware MUG arrived cracked.';
    const tokens = tokenize(text);
    expect(quoteOf(text, tokens, { from: 1, to: 6 })).toBe('The   Stoneware MUG arrived cracked');
    const glued = '2mugs broke';
    expect(quoteOf(glued, tokenize(glued), { from: 1, to: 3 })).toBe('2mugs broke');
  });

  it('shrinks a long sentence around the words that must stay, to 300 characters at most', () => {
    const text = `${'very '.repeat(100)}the mug is cracked ${'really '.repeat(100)}`;
    const tokens = tokenize(text);
    const mug = tokens.findIndex((t) => t.norm === 'mug');
    const span = fitSpan(tokens, { from: 0, to: tokens.length }, { from: mug, to: mug + 1 })!;
    const quote = quoteOf(text, tokens, span);
    expect(quote.length).toBeLessThanOrEqual(300);
    expect(quote).toContain('the mug is cracked');
    expect(text).toContain(quote);
  });
});

describe('amounts in a reply draft', () => {
  it.each([
    ['We have refunded $18.00 for order #1001.', ['$18.00']],
    ['Hemos reembolsado 28,00 € y un vale de 5 €.', ['28,00 €', '5 €']],
    ['A USD 62 credit and 62.00 eur back', ['USD 62', '62.00 eur']],
    ['Order 1001, ticket 5001, 3 days ago', []],
    ['usdt 5 is no currency, nor is 5 eurx', []],
  ])('finds %j → %j', (text, amounts) => {
    expect(amountsIn(text)).toEqual(amounts);
  });
});

describe('linear time on adversarial input', () => {
  const line = (id: string, title: string, quantity: number) => ({
    id,
    title,
    quantity,
    refundableQuantity: quantity,
    unitPriceMinor: 1000,
    fulfilledAt: null,
  });
  const order: OrderFacts = {
    orderId: 'gid://shopify/Order/1',
    orderNumber: '1042',
    currency: 'USD',
    customerId: null,
    customerEmail: null,
    lineItems: [line('mug', 'Stoneware mug', 2), line('bowl', 'Ceramic bowl', 3), line('bowl-l', 'Ceramic bowl large', 3)],
    maximumRefundableMinor: 8000,
    parentTransaction: null,
    refundsLast90Days: 0,
  };
  const SIZE = 200_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
  const inputs: Array<[string, string]> = [
    ['one long whitespace gap after "order"', `order${' '.repeat(SIZE)}x`],
    ['digits and letters glued together', fill('1a')],
    ['invisible characters inside words', fill('m\u200bu\u200bg ')],
    ['combining marks on one letter', `a${'\u0301'.repeat(SIZE)}`],
    ['repeated quantity phrases', fill('two of the three ')],
    ['repeated exclusions', fill('everything except the mug ')],
    ['repeated item mentions', fill('ceramic bowl mug ')],
    ['tiny complaining sentences', fill('mug. brokn. ')],
    ['lists of items', fill('the mug, the bowl and ')],
    [
      'distinct long words',
      Array.from({ length: 20_000 }, (_, i) => `kaffeemaschinen${i.toString(36)}`)
        .join(' ')
        .slice(0, SIZE),
    ],
    ['repeated "all except one"', fill('all mugs broke except one, ')],
    ['the same order number', fill('order #1001 and ')],
    [
      'thousands of order numbers',
      Array.from({ length: 20_000 }, (_, i) => `order #${10_000 + i} is broken.`)
        .join(' ')
        .slice(0, SIZE),
    ],
  ];

  // Time growth, not a budget: a busy machine slows every size alike (test/support/linear-time.ts).
  it('checks a reply draft made of a 200 KB digit run in linear time', async () => {
    await expectLinear(
      (text) => checkReply(text, { language: 'en', orderNumber: '1001', outcome: 'refunded', amountMinor: 1800, currency: 'USD' }),
      fill('1 '),
    );
  });

  it.each(inputs)('reads %s in linear time', async (_name, body) => {
    const read = (text: string) => proposeRefund({ order, triage: triageTicket({ subject: 'Refund', body: text }), ticket: { subject: 'Refund', body: text } });
    await expectLinear(read, body);
    const proposal = read(body);
    for (const claimed of proposal.lineItems) {
      expect(claimed.quote.length).toBeLessThanOrEqual(300);
      expect(body).toContain(claimed.quote);
    }
  });
});
