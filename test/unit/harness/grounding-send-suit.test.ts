// Three classes of wording the checks read: a request to send a claimed item (in any sentence, not
// only one that says it was missing), a verb of working turned down and followed by a word of suiting
// ("doesn't work in our living room" is a change of mind, not a fault), and an English word one letter
// from a problem word ("could" / "mould", "track" / "crack") that is not a typing slip.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/index.js';
import { clausesOf } from '#harness/policy/grounding/clauses.js';
import { NOT_SLIPS } from '#harness/policy/grounding/lexicon/near-misses.js';
import { PROBLEM_PREFIXES } from '#harness/policy/grounding/lexicon/problems.js';
import { nearlySame } from '#harness/policy/grounding/mentions.js';
import { order, proposal, rulesOf } from './grounding-support.js';

const parcel = order([
  { id: '1', title: 'Linen apron', quantity: 1, price: 3200 },
  { id: '2', title: 'Tea towels', quantity: 2, price: 900 },
]);
// Titles in the customer's language: other languages are not matched to English titles word for word.
const delantal = order([{ id: '1', title: 'Delantal de lino', quantity: 1, price: 3200 }]);
const schuerze = order([{ id: '1', title: 'Schürze aus Leinen', quantity: 1, price: 3200 }]);
const jarron = order([{ id: '1', title: 'Jarrón de cerámica', quantity: 1, price: 3200 }]);
const vase = order([
  { id: '1', title: 'Hand-thrown vase', quantity: 1, price: 3200 },
  { id: '2', title: 'Soy candle', quantity: 1, price: 1600 },
]);

describe('a request to send the claimed item', () => {
  it.each([
    ['My parcel came with the tea towels but no apron. Could you send the apron please?', parcel],
    ['No apron in the box. Please ship the apron as soon as you can.', parcel],
    ['La caja no traía el delantal. ¿Pueden enviar el delantal?', delantal],
    ['Die Schürze war nicht im Paket. Können Sie die Schürze schicken?', schuerze],
  ])('is no request for money back, whichever sentence says it is missing: %s', (text, facts) => {
    const p = proposal(facts, [['1', 1, text.split(/[.?]/)[0]!]], { reason: 'not_received' });
    expect(rulesOf(text, facts, p)).toContain(RULES.remedyContradicted);
  });

  it.each([
    ['There was no apron in the parcel. Can I send the apron back and get a refund?'],
    ['No apron in the box, please refund the apron.'],
    ['The apron never came. Could you send me a refund for it?'],
    ['Apron ruined in the post. Could I get a refund?'],
  ])('is not read where the customer sends it back or asks for money: %s', (text) => {
    const p = proposal(parcel, [['1', 1, text.split(/[.?,]/)[0]!]], { reason: 'not_received' });
    expect(rulesOf(text, parcel, p)).not.toContain(RULES.remedyContradicted);
  });
});

describe('a verb of working turned down, then a word of suiting', () => {
  const claim = (text: string, facts = vase) => proposal(facts, [['1', 1, text.split(/[.,]/)[0]!]], { reason: 'defective' });

  it.each([
    ["The vase arrived safely but it just doesn't work in our living room.", vase],
    ['The vase is not working for me, refund it please.', vase],
    ['El jarrón no funciona en nuestro salón, quiero un reembolso.', jarron],
  ])('says nothing is wrong with the item: %s', (text, facts) => {
    expect(rulesOf(text, facts, claim(text, facts))).toContain(RULES.lineProblemNotStated);
  });

  it.each([
    ['ne marche pas avec notre salon', 'marche'],
    ['funktioniert nicht in unserem Wohnzimmer', 'funktioniert'],
    ['non funziona nel nostro soggiorno', 'funziona'],
  ])('in French, German and Italian too, the negation before or after the verb: %s', (words) => {
    // Titles in those languages are not named word for word, so the clause is read on its own.
    expect(
      clausesOf(words)
        .flat()
        .some((c) => c.problem),
    ).toBe(false);
    expect(
      clausesOf(words.replace(/ (avec|in|nel) .*/, ''))
        .flat()
        .some((c) => c.problem),
    ).toBe(true);
  });

  it.each([
    ["The vase doesn't work at all, the pump is dead."],
    ['The vase worked for two days and then it leaked.'],
    ["The vase doesn't function, please refund it."],
  ])('still reads a fault: %s', (text) => {
    expect(rulesOf(text, vase, claim(text))).not.toContain(RULES.lineProblemNotStated);
  });
});

describe('English words near a problem word', () => {
  it('are whole words, not typing slips: "could" says nothing about mould, "track" nothing about a crack', () => {
    const text = "The vase is lovely. Could I get my money back for the vase? Here is the tracking: it's on track.";
    expect(rulesOf(text, vase, proposal(vase, [['1', 1, 'my money back for the vase']], { reason: 'damaged' }))).toContain(RULES.lineProblemNotStated);
  });

  it('leave real slips read as slips ("crakced", "brokne")', () => {
    for (const text of ['The vase arrived crakced.', 'The vase came brokne, refund please.']) {
      expect(rulesOf(text, vase, proposal(vase, [['1', 1, text.split(/[.,]/)[0]!]]))).not.toContain(RULES.lineProblemNotStated);
    }
  });

  it('list only beginnings one slip from a problem word that are not problem words themselves', () => {
    for (const start of NOT_SLIPS) {
      expect(
        PROBLEM_PREFIXES.some((p) => start.startsWith(p)),
        start,
      ).toBe(false);
      expect(
        PROBLEM_PREFIXES.some((p) => p.length === start.length && nearlySame(start, p)),
        start,
      ).toBe(true);
    }
  });
});
