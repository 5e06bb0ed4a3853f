// Two classes from readings of reworded tickets (issue #35's): a damage or fault word the customer
// negates says nothing is wrong ("it's not faulty at all", "no está roto", "n'est pas cassé"), in six
// languages; and a quote is read with the customer's whole clauses it lies in, so a quote begun after
// "Aucun problème avec" claims an item the customer says is fine, whatever language its title is in.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/rules.js';
import { order, proposal, rulesOf } from './grounding-support.js';

const vase = order([
  { id: '1', title: 'Ceramic vase', quantity: 1, price: 3200 },
  { id: '2', title: 'Soy candle', quantity: 2, price: 1200 },
]);

describe('a damage word negated says nothing is wrong', () => {
  it.each([
    ["I want to send back the ceramic vase. It's not faulty at all, just larger than I thought.", 'the ceramic vase'],
    ['Quiero devolver el jarrón de cerámica, no está roto, solo es más grande de lo que pensaba.', 'el jarrón de cerámica'],
    ["Je voudrais renvoyer le vase : il n'est pas cassé, il est juste trop grand.", 'le vase'],
    ['Ich möchte die Vase zurückschicken, sie ist nicht kaputt, nur zu groß.', 'die Vase'],
    ['Vorrei restituire il vaso, non è rotto, è solo troppo grande.', 'il vaso'],
    ['Quero devolver o vaso, não está quebrado, só é grande demais.', 'o vaso'],
  ])('"%s"', (text, quote) => {
    const p = proposal(vase, [['1', 1, quote]], { reason: 'defective' });
    expect(rulesOf(text, vase, p)).toContain(RULES.reasonNotGrounded);
  });

  it('still grounds a fault the customer states', () => {
    const text = 'The ceramic vase is faulty: it leaks from the base. Please refund it.';
    const p = proposal(vase, [['1', 1, 'The ceramic vase is faulty: it leaks from the base']], { reason: 'defective' });
    expect(rulesOf(text, vase, p)).not.toContain(RULES.reasonNotGrounded);
  });
});

describe('a quote read with the clauses it lies in', () => {
  const grinder = order([
    { id: '1', title: 'Burr coffee grinder', quantity: 1, price: 12900 },
    { id: '2', title: 'Cork coasters (set of 6)', quantity: 1, price: 900 },
  ]);
  const text =
    'Bonjour, le moulin à café de ma commande 2001 ne marche plus. Aucun problème avec les dessous de verre. Pourriez-vous me rembourser le moulin ?';

  it('holds a claim quoted from after "Aucun problème avec": the customer says that item is fine', () => {
    const p = proposal(grinder, [['2', 1, 'les dessous de verre. Pourriez-vous me rembourser le moulin']], { reason: 'defective' });
    expect(rulesOf(text, grinder, p)).toContain(RULES.lineExcludedByCustomer);
  });

  it('grounds the item whose quote lies where the problem is said', () => {
    const p = proposal(grinder, [['1', 1, 'le moulin à café de ma commande 2001 ne marche plus']], { reason: 'defective' });
    expect(rulesOf(text, grinder, p)).not.toContain(RULES.lineExcludedByCustomer);
  });

  it('reads "the rest is fine" as about the rest, not the quoted item', () => {
    const text = 'Please refund the ceramic vase, the rest is fine.';
    const p = proposal(vase, [['1', 1, 'Please refund the ceramic vase, the rest is fine']], { reason: 'damaged' });
    expect(rulesOf(text, vase, p)).not.toContain(RULES.lineExcludedByCustomer);
  });
});
