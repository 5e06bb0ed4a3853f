// The offline order agent's claim: several items in one ticket each with its own quote, exclusions
// ("everything except the espresso machine") claiming every other line in full, negations and items
// said to be fine left out, gift cards never claimed, follow-ups read after the ticket, and an
// honest "unclear" when several lines fit a word equally.
import { describe, expect, it } from 'vitest';
import { Proposal, type OrderFacts } from '#harness/domain/types.js';
import { proposeRefund } from '#harness/adapters/models/offline/order-agent.js';
import { triageTicket } from '#harness/adapters/models/offline/triage.js';

const line = (id: string, title: string, quantity: number, unitPriceMinor: number, extra: Partial<OrderFacts['lineItems'][number]> = {}) => ({
  id: `gid://shopify/LineItem/${id}`,
  title,
  quantity,
  refundableQuantity: quantity,
  unitPriceMinor,
  fulfilledAt: '2026-09-20T10:00:00Z',
  ...extra,
});

/** A home-goods order: kitchenware, a lamp, an espresso machine and a gift card. */
const ORDER: OrderFacts = {
  orderId: 'gid://shopify/Order/2001',
  orderNumber: '2001',
  currency: 'EUR',
  customerId: 'gid://shopify/Customer/9',
  customerEmail: null,
  lineItems: [
    line('mug', 'Stoneware mug', 2, 1800),
    line('spoon', 'Olive wood spoon', 1, 900),
    line('bowl', 'Ceramic bowl', 2, 2200),
    line('plate', 'Ceramic plate', 2, 2000),
    line('lamp', 'Linen table lamp', 1, 6500),
    line('machine', 'Espresso machine', 1, 24900),
    line('kettle', 'Enamel kettle', 1, 4900),
    line('gift', 'Gift card', 1, 5000, { giftCard: true }),
  ],
  maximumRefundableMinor: 70000,
  parentTransaction: null,
  refundsLast90Days: 0,
};

type Ticket = { subject?: string; body: string; followUps?: string[] };
function propose(ticket: Ticket, order: OrderFacts = ORDER) {
  const full = { subject: ticket.subject ?? '', body: ticket.body, followUps: ticket.followUps };
  const proposal = Proposal.parse(proposeRefund({ order, triage: triageTicket(full), ticket: full }));
  const texts = [full.subject, full.body, ...(full.followUps ?? [])];
  for (const claimed of proposal.lineItems) expect(texts.some((t) => t.includes(claimed.quote))).toBe(true);
  return proposal;
}
const lines = (p: Proposal) => p.lineItems.map((l) => [l.lineItemId.split('/').pop(), l.quantity, l.quote]);

describe('several items in one ticket', () => {
  const cases: Array<[string, Array<[string, number, string]>]> = [
    [
      'The mug and the wooden spoon arrived broken',
      [
        ['mug', 1, 'The mug'],
        ['spoon', 1, 'the wooden spoon'],
      ],
    ],
    [
      'Both mugs are chipped and the kettle is dented',
      [
        ['mug', 2, 'Both mugs'],
        ['kettle', 1, 'the kettle'],
      ],
    ],
    [
      'Both mugs are chipped, and the kettle is dented',
      [
        ['mug', 2, 'Both mugs are chipped'],
        ['kettle', 1, 'the kettle is dented'],
      ],
    ],
    [
      'La taza y la tetera llegaron rotas',
      [
        ['mug', 1, 'La taza'],
        ['kettle', 1, 'la tetera'],
      ],
    ],
    [
      'Please refund the mug, the spoon and the kettle, all arrived broken',
      [
        ['mug', 1, 'Please refund the mug'],
        ['spoon', 1, 'the spoon'],
        ['kettle', 1, 'the kettle'],
      ],
    ],
    ['I got the two mugs, but the kettle never came', [['kettle', 1, 'the kettle never came']]],
    ['The mug is lovely but it does not match my kitchen. Can I return it for a refund?', [['mug', 1, 'The mug is lovely']]],
    ['The lamp was refunded already, thanks, but now the kettle is dented too', [['kettle', 1, 'now the kettle is dented too']]],
  ];
  it.each(cases)('%s', (body, expected) => {
    expect(lines(propose({ body }))).toEqual(expected);
  });
});

describe('exclusions and negations', () => {
  const everyOtherLine = (except: string[]) =>
    ORDER.lineItems.filter((l) => !l.giftCard && !except.some((e) => l.id.endsWith(`/${e}`))).map((l) => [l.id.split('/').pop(), l.quantity]);
  const cases: Array<[string, string[], string]> = [
    ['Everything arrived damaged except the espresso machine', ['machine'], 'Everything arrived damaged except the espresso machine'],
    ['Please refund everything except the espresso machine.', ['machine'], 'everything except the espresso machine'],
    ['All but the kettle arrived broken', ['kettle'], 'All but the kettle'],
    ['Todo llegó roto excepto la cafetera', ['machine'], 'Todo llegó roto excepto la cafetera'],
    ['Todo llegó roto menos la tetera', ['kettle'], 'Todo llegó roto menos la tetera'],
    ['Tudo chegou partido, exceto a máquina', ['machine'], 'Tudo chegou partido, exceto a máquina'],
    ['Tout est cassé sauf la lampe', ['lamp'], 'Tout est cassé sauf la lampe'],
    ['Alles außer der Kaffeemaschine ist kaputt', ['machine'], 'Alles außer der Kaffeemaschine'],
    ['Tutto è arrivato rotto tranne la lampada', ['lamp'], 'Tutto è arrivato rotto tranne la lampada'],
  ];
  it.each(cases)('%s: every other line in full, never the excluded one', (body, excluded, quote) => {
    const proposal = propose({ body });
    expect(proposal.lineItems.map((l) => [l.lineItemId.split('/').pop(), l.quantity])).toEqual(everyOtherLine(excluded));
    expect(new Set(proposal.lineItems.map((l) => l.quote))).toEqual(new Set([quote]));
  });

  const named: Array<[string, Array<[string, number]>]> = [
    ['The bowl is fine, but the plate is chipped', [['plate', 1]]],
    ['The mug arrived cracked, not the lamp', [['mug', 1]]],
    [
      'The spoon is broken and the kettle is dented, but the lamp is ok',
      [
        ['spoon', 1],
        ['kettle', 1],
      ],
    ],
    [
      'Besides the kettle, the mug and the spoon arrived broken',
      [
        ['mug', 1],
        ['spoon', 1],
      ],
    ],
    ['The vase is fine. The kettle arrived dented', [['kettle', 1]]],
    // Kept, so not claimed, even where it was listed beside the claimed item.
    ['I ordered the kettle and the lamp and want to return them for a refund. The lamp we are keeping.', [['kettle', 1]]],
    ["The kettle arrived dented. I'm keeping the lamp.", [['kettle', 1]]],
    ['La tetera llegó abollada, la lámpara me la quedo.', [['kettle', 1]]],
    // Said fine in one place and complained of on its own in another: still claimed.
    ['One mug is fine. The other mug arrived cracked.', [['mug', 1]]],
  ];
  it.each(named)('%s', (body, expected) => {
    expect(propose({ body }).lineItems.map((l) => [l.lineItemId.split('/').pop(), l.quantity])).toEqual(expected);
  });

  it('never claims a gift card, even in "everything"', () => {
    const proposal = propose({ body: 'Everything arrived broken, refund all of it' });
    expect(proposal.lineItems.map((l) => l.lineItemId)).not.toContain('gid://shopify/LineItem/gift');
    expect(proposal.evidence.join(' ')).toContain('gift card "Gift card" is never refunded');
  });

  it('skips lines already refunded in full when claiming everything', () => {
    const order = { ...ORDER, lineItems: ORDER.lineItems.map((l) => (l.id.endsWith('/lamp') ? { ...l, refundableQuantity: 0 } : l)) };
    expect(propose({ body: 'Everything arrived broken' }, order).lineItems.map((l) => l.lineItemId)).not.toContain('gid://shopify/LineItem/lamp');
  });
});

describe('"just the kettle, the rest is fine" in a follow-up', () => {
  it('leaves only the kettle, whatever the first message named', () => {
    const body =
      "The mugs are lovely and I use them every day, my cat has already claimed the lamp as a bed, but there's a problem with one of the other things which I'm not happy about at all and I'd like my money back for it.";
    const followUps = ["Sorry, I sent that too early! It's the kettle. The enamel inside is flaking off in bits. Just the kettle, the rest is fine."];
    expect(lines(propose({ body, followUps })).map(([id]) => id)).toEqual(['kettle']);
  });
});

describe('"both" after two different things', () => {
  it('claims the one refundable line once, not two of it ("the lamp … and the gift card … Please refund both")', () => {
    const proposal = propose({ body: 'The lamp was not in the box, and the gift card email never arrived either. Please refund both.' });
    expect(lines(proposal).map(([id, quantity]) => [id, quantity])).toEqual([['lamp', 1]]);
    expect(proposal.unclear).toBeNull();
  });

  it('while "both" after a line of two units is both of them', () => {
    expect(lines(propose({ body: 'The mugs arrived cracked. Please refund both.' })).map(([id, quantity]) => [id, quantity])).toEqual([['mug', 2]]);
  });
});

describe('asking to be refunded is not news of a refund made', () => {
  it.each(['Could I be refunded for the kettle please? It arrived dented.', 'The kettle arrived dented and I would like to be refunded for it.'])(
    '%s',
    (body) => {
      const proposal = propose({ body });
      expect(proposal.remedy).toBe('refund');
      expect(lines(proposal).map(([id]) => id)).toEqual(['kettle']);
    },
  );

  it('while "you refunded me for" still tells of an earlier refund, whose item is not claimed again', () => {
    expect(lines(propose({ body: 'You refunded me for the lamp last week, thanks. Now the kettle arrived dented.' })).map(([id]) => id)).toEqual(['kettle']);
  });
});

describe('which line, or "unclear"', () => {
  it('asks which line when a word fits several equally', () => {
    const proposal = propose({ body: 'The ceramic one arrived cracked' });
    expect(proposal.lineItems).toEqual([]);
    expect(proposal.unclear?.question).toBe('Which item is affected: "Ceramic bowl" or "Ceramic plate"?');
  });

  it('gives one unit to each of two one-unit lines a word fits, quoting the words naming each', () => {
    const order = {
      ...ORDER,
      lineItems: [line('oak', 'Oak photo frame 8x10', 1, 2400), line('brass', 'Brass photo frame 5x7', 1, 2200), line('vase', 'Glass bud vase', 1, 1900)],
    };
    const body = 'Both of the frames (the oak one and the brass one) have shattered glass. The vase is fine.';
    expect(lines(propose({ body }, order))).toEqual([
      ['oak', 1, 'the oak'],
      ['brass', 1, 'the brass'],
    ]);
  });

  it('takes the line a more precise word names', () => {
    expect(lines(propose({ body: 'The ceramic bowl arrived cracked' }))).toEqual([['bowl', 1, 'The ceramic bowl arrived cracked']]);
  });

  it('asks which item when the ticket names none and the order has several', () => {
    const proposal = propose({ body: 'It arrived broken, refund please' });
    expect(proposal).toMatchObject({ lineItems: [], unclear: { question: expect.stringContaining('Which item of order #2001') } });
  });

  it('claims the only line of a single-line order, quoting the complaint', () => {
    const order = { ...ORDER, lineItems: [line('apron', 'Cotton apron', 1, 2800)], maximumRefundableMinor: 2800 };
    const proposal = propose({ body: 'Hola, el delantal del pedido 1005 llegó dañado. Quiero un reembolso, por favor.' }, order);
    expect(lines(proposal)).toEqual([['apron', 1, 'el delantal del pedido 1005 llegó dañado']]);
    const unnamed = propose({ body: 'Es kam kaputt an. Bitte um Erstattung.' }, order);
    expect(lines(unnamed)).toEqual([['apron', 1, 'Es kam kaputt an']]);
  });

  it('leans on the line the sentence before named', () => {
    expect(lines(propose({ body: 'I bought the enamel kettle last week. It arrived dented.' }))).toEqual([
      ['kettle', 1, 'the enamel kettle last week. It arrived dented'],
    ]);
  });
});

describe('subject, body and follow-ups', () => {
  it("reads the subject as the customer's words too", () => {
    expect(lines(propose({ subject: 'Broken kettle', body: 'Hello, please refund me.' }))).toEqual([['kettle', 1, 'Broken kettle']]);
  });

  it('lets a follow-up state the quantity the ticket left open', () => {
    const open = propose({ body: 'The mugs arrived cracked' });
    expect(open.unclear?.question).toMatch(/How many of the 2 "Stoneware mug"/);
    const answered = propose({ body: 'The mugs arrived cracked', followUps: ['Sorry: both mugs are cracked.'] });
    expect(lines(answered)).toEqual([['mug', 2, 'both mugs are cracked']]);
    expect(answered.unclear).toBeNull();
  });

  it('accepts a ticket without follow-ups and one without any text', () => {
    const empty = Proposal.parse(proposeRefund({ order: ORDER, triage: triageTicket({ subject: '', body: '' }) }));
    expect(empty).toMatchObject({ lineItems: [], unclear: { question: expect.stringContaining('no text') } });
  });
});
