// The grounding rules on items the customer leaves out of a claim: excluded ("everything except the
// kettle"), said to be fine, kept ("the vase we're keeping"), or left out by "the rest is fine".
import { describe, expect, it } from 'vitest';
import { groundProposal, RULES } from '#harness/policy/index.js';
import { kitchen, line, order, proposal, rulesOf } from './grounding-support.js';

describe('items the customer excludes, calls fine or keeps are never claimed', () => {
  it('never selects the line the customer excludes', () => {
    const text = 'Everything except the espresso machine arrived broken.';
    const p = proposal(kitchen, [['1', 1, 'Everything except the espresso machine arrived broken']]);
    expect(rulesOf(text, kitchen, p)).toContain(RULES.lineExcludedByCustomer);
    const quotingTheName = proposal(kitchen, [['1', 1, 'the espresso machine']]);
    expect(rulesOf(text, kitchen, quotingTheName)).toContain(RULES.lineExcludedByCustomer);
  });

  it('never selects a line the customer says is fine', () => {
    const text = 'The kettle is fine, but the espresso machine is dented.';
    expect(rulesOf(text, kitchen, proposal(kitchen, [['2', 1, 'The kettle is fine']]))).toContain(RULES.lineExcludedByCustomer);
    expect(rulesOf(text, kitchen, proposal(kitchen, [['1', 1, 'the espresso machine is dented']]))).toEqual([]);
    const rightOne = 'The kettle is right, but the espresso machine is dented.';
    expect(rulesOf(rightOne, kitchen, proposal(kitchen, [['2', 1, 'The kettle is right']]))).toContain(RULES.lineExcludedByCustomer);
  });

  it('reads "right" as an intensifier after a problem, not as "it is fine"', () => {
    const trivets = order([{ id: '1', title: 'Cast-iron trivet', quantity: 3, price: 1700 }]);
    const text = 'I ordered three trivets. One trivet arrived cracked right through the middle. The others are fine. Refund for the cracked one please.';
    const p = proposal(trivets, [['1', 1, 'One trivet arrived cracked right through the middle']]);
    expect(rulesOf(text, trivets, p)).toEqual([]);
  });

  describe('never selects a line the customer says they keep', () => {
    const board = order([
      { id: '1', title: 'Marble cheese board', quantity: 1, price: 4200 },
      { id: '2', title: 'Tea towels (pair)', quantity: 1, price: 1800 },
    ]);
    const TEXT = 'Je souhaiterais retourner la planche à fromage en marbre. Elle est bien trop lourde. Je garde les torchons.';

    it.each([
      ['Je garde les torchons.', 'les torchons'],
      ['Les torchons, je les garde.', 'Les torchons'],
    ])('whose cited item words say it is kept, though the title is in another language: %s', (quote, itemWords) => {
      const text = `${TEXT} ${quote}`;
      const p = {
        ...proposal(
          board,
          [
            ['1', 1, 'retourner la planche à fromage en marbre'],
            ['2', 1, quote],
          ],
          { reason: 'changed_mind' },
        ),
      };
      p.lineItems[1] = { ...p.lineItems[1]!, itemWords };
      expect(groundProposal({ customerText: [text], proposal: p, order: board, triage: { riskFlags: [] } }).findings).toContainEqual(
        expect.objectContaining({ rule: RULES.lineExcludedByCustomer, lineItemId: line('2') }),
      );
    });

    it('takes cited item words that are claimed, not kept ("je renvoie les torchons")', () => {
      const text = 'Je renvoie les torchons, ils ne me plaisent pas.';
      const p = proposal(board, [['2', 1, 'Je renvoie les torchons']], { reason: 'changed_mind' });
      p.lineItems[0] = { ...p.lineItems[0]!, itemWords: 'les torchons' };
      expect(rulesOf(text, board, p)).not.toContain(RULES.lineExcludedByCustomer);
    });

    const hallway = order([
      { id: '1', title: 'Gallery frame set', quantity: 1, price: 8900 },
      { id: '2', title: 'Ceramic vase', quantity: 1, price: 3200 },
    ]);
    const withVase = (title: string) =>
      order([
        { id: '1', title: 'Gallery frame set', quantity: 1, price: 8900 },
        { id: '2', title, quantity: 1, price: 3200 },
      ]);
    const kept: Array<[string, string, string]> = [
      ['the vase we are keeping, it looks great on the shelf', 'the vase we are keeping', 'Ceramic vase'],
      ["I'd like to return the frames. I'm keeping the vase.", "I'm keeping the vase", 'Ceramic vase'],
      ['Return the frames please; we will keep the vase.', 'we will keep the vase', 'Ceramic vase'],
      ['Quiero devolver los marcos. Me quedo con el jarrón.', 'Me quedo con el jarrón', 'Jarrón de cerámica'],
      ['Je veux renvoyer les cadres. Je garde le vase.', 'Je garde le vase', 'Vase en céramique'],
      ['Ich möchte die Rahmen zurückgeben. Die Vase behalte ich.', 'Die Vase behalte ich', 'Vase aus Keramik'],
      ['Voglio restituire le cornici. Il vaso lo tengo.', 'Il vaso lo tengo', 'Vaso in ceramica'],
    ];
    it.each(kept)('"%s"', (said, quote, title) => {
      const facts = withVase(title);
      expect(rulesOf(said, facts, proposal(facts, [['2', 1, quote]]))).toContain(RULES.lineExcludedByCustomer);
    });

    it('even when the quote is where the order is listed, not where the item is kept', () => {
      const text = 'I ordered the gallery frame set and a vase for the hallway. The frames I want to return for a refund. The vase we are keeping.';
      const p = proposal(hallway, [
        ['1', 1, 'The frames I want to return for a refund'],
        ['2', 1, 'I ordered the gallery frame set and a vase'],
      ]);
      expect(rulesOf(text, hallway, p)).toContain(RULES.lineExcludedByCustomer);
    });

    it('but a keep turned down, or one unit kept and another claimed, still claims the item', () => {
      const cannot = "I can't keep the vase, it arrived cracked.";
      expect(rulesOf(cannot, hallway, proposal(hallway, [['2', 1, 'it arrived cracked']]))).not.toContain(RULES.lineExcludedByCustomer);
      const notKept = 'Die Vase behalte ich nicht, sie ist zerbrochen.';
      expect(rulesOf(notKept, hallway, proposal(hallway, [['2', 1, 'sie ist zerbrochen']]))).not.toContain(RULES.lineExcludedByCustomer);
      const oneOfTwo = 'I am keeping one mug, the other mug arrived cracked.';
      expect(rulesOf(oneOfTwo, kitchen, proposal(kitchen, [['3', 1, 'the other mug arrived cracked']]))).not.toContain(RULES.lineExcludedByCustomer);
    });
  });

  describe('"the rest is fine" leaves only the items named with it', () => {
    const kitchenware = order([
      { id: '1', title: 'Cast-iron teapot', quantity: 1, price: 3900 },
      { id: '2', title: 'Tea towels (pair)', quantity: 1, price: 1300 },
      { id: '3', title: 'Cork coasters (set of 6)', quantity: 1, price: 900 },
    ]);
    const text = [
      'The coasters and towels are lovely, my cat has claimed one of the towels as a bed, but there is a problem with one of the other things and I would like my money back for it.',
      'Sorry, I sent that too early! It is the teapot. The enamel inside is flaking off. Just the teapot, the rest is fine.',
    ];
    const rules = (claims: Array<[string, number, string]>) =>
      groundProposal({ customerText: text, proposal: proposal(kitchenware, claims), order: kitchenware, triage: { riskFlags: [] } }).findings;

    it('a towel the customer praises is not claimable once they say it is just the teapot', () => {
      const found = rules([['2', 1, 'my cat has claimed one of the towels as a bed']]);
      expect(found).toContainEqual(expect.objectContaining({ rule: RULES.lineExcludedByCustomer, lineItemId: line('2') }));
    });

    it('while the teapot named with it is grounded, even with "fine" in the same sentence', () => {
      expect(rules([['1', 1, 'Just the teapot, the rest is fine']])).toEqual([]);
    });

    it.each([
      ['La tetera llegó rota, lo demás está bien.', 'Tetera de hierro'],
      ['La théière est cassée, le reste va bien.', 'Théière en fonte'],
      ['Die Teekanne ist kaputt, der Rest ist in Ordnung.', 'Teekanne aus Gusseisen'],
    ])('%s', (said, title) => {
      const facts = order([
        { id: '1', title, quantity: 1, price: 3900 },
        { id: '2', title: 'Tea towels (pair)', quantity: 1, price: 1300 },
      ]);
      expect(rulesOf(said, facts, proposal(facts, [['1', 1, said.split(',')[0]!]]))).toEqual([]);
      expect(rulesOf(said, facts, proposal(facts, [['2', 1, said.split(',')[0]!]]))).toContain(RULES.lineExcludedByCustomer);
    });
  });
});

describe('a complaint taken back', () => {
  const mug = order([{ id: '1', title: 'Stoneware mug', quantity: 1, price: 1800 }]);

  it.each([
    ['The mug arrived cracked. Just kidding, the mug is fine. Refund please.', 'The mug arrived cracked'],
    ['The mug is fine. The mug is cracked. Refund please.', 'The mug is cracked'],
  ])('holds a claim on an item the customer also calls fine: %s', (text, quote) => {
    expect(rulesOf(text, mug, proposal(mug, [['1', 1, quote]]))).toContain(RULES.lineExcludedByCustomer);
  });

  it('still takes a complaint where the fine words are about other units of the same item', () => {
    const mugs = order([{ id: '1', title: 'Stoneware mug', quantity: 4, price: 1800 }]);
    const text = 'Two of the four mugs arrived cracked, the other two mugs are fine. Please refund the two cracked mugs.';
    expect(rulesOf(text, mugs, proposal(mugs, [['1', 2, 'Two of the four mugs arrived cracked']]))).not.toContain(RULES.lineExcludedByCustomer);
  });

  it('still takes "the mug is not fine"', () => {
    const text = 'The mug is not fine, it arrived cracked. Refund please.';
    expect(rulesOf(text, mug, proposal(mug, [['1', 1, 'it arrived cracked']]))).not.toContain(RULES.lineExcludedByCustomer);
  });
});
