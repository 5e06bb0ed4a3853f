// The offline order agent reads quantities as the customer states them, in six languages: "two of
// the three", "both", "all four", "a pair", "3 of the 6 glasses", "one of the two photo frames".
// It never assumes the ordered quantity: one unit only when the customer clearly speaks of one,
// else "unclear" with the question to ask. Every quote is the customer's own text and states the
// quantity claimed.
import { describe, expect, it } from 'vitest';
import { Proposal, type OrderFacts } from '#harness/domain/types.js';
import { proposeRefund } from '#harness/adapters/models/offline/order-agent.js';
import { triageTicket } from '#harness/adapters/models/offline/triage.js';

const line = (id: string, title: string, quantity: number, unitPriceMinor: number) => ({
  id: `gid://shopify/LineItem/${id}`,
  title,
  quantity,
  refundableQuantity: quantity,
  unitPriceMinor,
  fulfilledAt: '2026-09-20T10:00:00Z',
});

/** A kitchenware order with several multi-unit lines. */
const ORDER: OrderFacts = {
  orderId: 'gid://shopify/Order/1042',
  orderNumber: '1042',
  currency: 'USD',
  customerId: 'gid://shopify/Customer/7',
  customerEmail: null,
  lineItems: [
    line('mug', 'Stoneware mug', 2, 1800),
    line('bowl', 'Ceramic bowl', 3, 2200),
    line('glass', 'Wine glass', 6, 1200),
    line('frame', 'Oak photo frame', 2, 2500),
    line('plate', 'Dinner plate', 4, 1500),
    line('kettle', 'Enamel kettle', 1, 4900),
  ],
  maximumRefundableMinor: 30000,
  parentTransaction: null,
  refundsLast90Days: 0,
};

function propose(body: string, order: OrderFacts = ORDER) {
  const proposal = Proposal.parse(proposeRefund({ order, triage: triageTicket({ subject: '', body }), ticket: { subject: '', body } }));
  for (const claimed of proposal.lineItems) expect(body).toContain(claimed.quote);
  return proposal;
}
const claimed = (p: Proposal) => p.lineItems.map((l) => [l.lineItemId.split('/').pop(), l.quantity]);

describe('quantities stated in words and digits', () => {
  const cases: Array<[string, string, number, string]> = [
    ['two of the three bowls arrived chipped', 'bowl', 2, 'two of the three bowls'],
    ['Three of the four plates are cracked', 'plate', 3, 'Three of the four plates'],
    ['Both mugs arrived broken', 'mug', 2, 'Both mugs'],
    ['all four plates are chipped', 'plate', 4, 'all four plates'],
    ['The glasses arrived, all of them shattered', 'glass', 6, 'all'],
    ['A pair of mugs arrived cracked', 'mug', 2, 'A pair of mugs'],
    ['one of the two photo frames is smashed', 'frame', 1, 'one of the two photo frames'],
    ['3 of the 6 glasses are cracked', 'glass', 3, '3 of the 6 glasses'],
    ['2 mugs arrived broken', 'mug', 2, '2 mugs'],
    ['The glasses: 3 of the 6 are cracked', 'glass', 3, '3 of the 6'],
    ['I ordered six wine glasses. Two of the six arrived cracked.', 'glass', 2, 'Two of the six'],
    ['One more of the bowls has cracked, right down the middle', 'bowl', 1, 'One more of the bowls'],
    ['I ordered 4 plates and only got 2. The other two are still missing.', 'plate', 2, 'The other two'],
    ['The wine glasses all arrived broken except for one', 'glass', 5, 'all arrived broken except for one'],
  ];
  it.each(cases)('%s → %s × %i', (body, id, quantity, stated) => {
    const proposal = propose(body);
    expect(claimed(proposal)).toEqual([[id, quantity]]);
    expect(proposal.lineItems[0]!.quote).toContain(stated);
    expect(proposal.unclear).toBeNull();
  });
});

describe('quantities in Spanish, Portuguese, French, German and Italian', () => {
  const cases: Array<[string, string, number]> = [
    ['Dos de los tres cuencos llegaron rotos', 'bowl', 2],
    ['Las dos tazas llegaron rotas', 'mug', 2],
    ['Ambas tazas llegaron rotas', 'mug', 2],
    ['Todos los platos llegaron rotos', 'plate', 4],
    ['Duas das três tigelas chegaram rachadas', 'bowl', 2],
    ['Ambas as canecas chegaram partidas', 'mug', 2],
    ['Deux des trois bols sont cassés', 'bowl', 2],
    ['Les deux tasses sont cassées', 'mug', 2],
    ['Tous les verres sont cassés', 'glass', 6],
    ['Zwei der drei Schüsseln sind zerbrochen', 'bowl', 2],
    ['Zwei von drei Schüsseln sind zerbrochen', 'bowl', 2],
    ['Beide Tassen sind kaputt', 'mug', 2],
    ['Alle Gläser sind kaputt', 'glass', 6],
    ['Due dei tre piatti sono rotti', 'plate', 2],
    ['Due delle tre ciotole sono arrivate rotte', 'bowl', 2],
    ['Entrambe le tazze sono rotte', 'mug', 2],
    ['Tutti e due i piatti sono rotti', 'plate', 2],
    ['Tutti i bicchieri sono rotti', 'glass', 6],
  ];
  it.each(cases)('%s → %s × %i', (body, id, quantity) => {
    expect(claimed(propose(body))).toEqual([[id, quantity]]);
  });
});

describe('nothing stated: one unit when the customer speaks of one, else a question', () => {
  const cases: Array<[string, Array<[string, number]>, RegExp | null]> = [
    ['The mug is cracked', [['mug', 1]], null],
    ['La taza llegó rota', [['mug', 1]], null],
    ['Die Tasse ist kaputt', [['mug', 1]], null],
    ['The enamel kettle arrived dented', [['kettle', 1]], null],
    ['The mugs are cracked', [], /How many of the 2 "Stoneware mug"/],
    ['Die Teller sind kaputt', [], /How many of the 4 "Dinner plate"/],
    ['I got 3 mugs broken', [], /mention 3 of "Stoneware mug", and the order has 2/],
  ];
  it.each(cases)('%s', (body, lines, question) => {
    const proposal = propose(body);
    expect(claimed(proposal)).toEqual(lines);
    if (question) expect(proposal.unclear?.question).toMatch(question);
    else expect(proposal.unclear).toBeNull();
  });

  it('reads "all the plates and bowls … except one bowl" as every plate and all bowls but one', () => {
    expect(claimed(propose('All the plates and bowls are broken except one bowl'))).toEqual([
      ['bowl', 2],
      ['plate', 4],
    ]);
  });

  it('counts pairs for a line sold by the pair, and a set as one unit', () => {
    const order = { ...ORDER, lineItems: [line('pair', 'Wine glasses (pair)', 2, 3400), line('set', 'Tumbler glasses (set of 4)', 1, 2800)] };
    expect(claimed(propose('I accidentally ordered two pairs of wine glasses, I only need one pair. Can I get a refund for one pair?', order))).toEqual([
      ['pair', 1],
    ]);
    expect(claimed(propose('Both packs of wine glasses arrived broken', order))).toEqual([['pair', 2]]);
    expect(claimed(propose('The tumbler set came with 2 glasses smashed', order))).toEqual([['set', 1]]);
  });

  it('does not take the ordered count for the claim ("I ordered 3 mugs")', () => {
    const order = { ...ORDER, lineItems: [line('mug', 'Stoneware mug', 3, 1800)] };
    expect(propose('I ordered 3 mugs and they arrived cracked', order).unclear?.question).toMatch(/How many of the 3/);
  });

  it('asks when one text states two different quantities for a line', () => {
    expect(propose('2 mugs arrived broken, the 2 mugs are cracked').unclear).toBeNull();
    expect(propose('Two of the mugs broke, and one of the mugs is cracked').unclear?.question).toMatch(/different quantities/);
  });
});

describe('the amount', () => {
  it("is never the model's: the offline order agent claims lines and quantities and gives no figure (the gate computes it)", () => {
    const proposal = propose('two of the three bowls and both mugs arrived broken');
    expect(claimed(proposal)).toEqual([
      ['mug', 2],
      ['bowl', 2],
    ]);
    expect(proposal).not.toHaveProperty('amountMinor');
  });

  it('claims what the customer states even beyond what is still refundable (the gate refuses that, not the reader)', () => {
    const order = { ...ORDER, lineItems: [{ ...line('mug', 'Stoneware mug', 2, 1800), refundableQuantity: 1 }] };
    expect(claimed(propose('Both mugs arrived broken', order))).toEqual([['mug', 2]]);
  });
});
