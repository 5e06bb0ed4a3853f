// Specs: shipping_and_duties — tickets on orders that paid for shipping, duties or a tip. Shipping
// (with its tax, after its discounts) and a Markets order's duties come back only when nothing
// arrived: every line that shipped claimed as not received, in full. Never for damage, never for
// part of an order, and a tip never (docs/policy.md, "The amount"). The limits compare the whole refund.
import type { Spec } from '../dsl.js';

export const shipping_and_duties: Spec[] = [
  {
    who: { name: 'Rosalind Teague' },
    orders: [{ items: ['LAMP-CLIP'], shipping: [{ price: 695 }], ful: 9 }],
    subject: 'Lamp never arrived',
    body: "Hi, I ordered the clip-on reading lamp (order {o1}) and it's been over a week since you said it shipped. Tracking still says 'in transit' and hasn't updated since it left your warehouse. It never arrived. I'd like my money back, including the shipping I paid.",
    claim: { order: 'o1', reason: 'not_received', lines: [['LAMP-CLIP', 1]] },
    // 2100 + 695 shipping.
    expect: { outcome: 'auto', amount: 2795 },
    note: "POLICY's worked example: a $21.00 lamp with $6.95 shipping that never arrived",
  },
  {
    who: { name: 'Theo Castellano', address: { address1: '31-15 Broadway', city: 'Astoria', province: 'NY', zip: '11106', country: 'United States' } },
    orders: [
      {
        items: ['GLASS-WINE', 'COASTER-CORK'],
        tax: [
          ['New York State Tax', 4],
          ['New York City Tax', 4.875],
        ],
        shipping: [{ price: 795, taxable: true }],
        ful: 10,
      },
    ],
    subject: 'Order missing',
    body: 'Hello. My order #{o1} (wine glasses and cork coasters) was handed to the carrier ten days ago according to tracking and there has been nothing since. Nothing has turned up, not the glasses, not the coasters. Please refund the order.',
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['GLASS-WINE', 1],
        ['COASTER-CORK', 1],
      ],
    },
    // Glasses 2800 + 112 + 137, coasters 900 + 36 + 44, shipping 795 + 32 + 39 (New York taxes shipping): 4895.
    expect: { outcome: 'auto', amount: 4895 },
    note: 'nothing arrived: the shipping comes back with its tax',
  },
  {
    who: { name: 'Juniper Ashcroft', address: { address1: '2035 NE Alberta St', city: 'Portland', province: 'OR', zip: '97211', country: 'United States' } },
    orders: [
      {
        items: [['BOWL-CER', 2], 'TOWEL-TEA', 'COASTER-CORK'],
        discounts: [
          { code: 'HOME10', pct: 10 },
          { code: 'HALFSHIP', pct: 50, on: 'shipping' },
        ],
        shipping: [{ price: 995 }],
        ful: 12,
      },
    ],
    subject: 'Never received my order',
    body: "Hi, order {o1} never arrived. It's been nearly two weeks since the shipping email and there's nothing from the carrier either. That's two cereal bowls, the tea towels and the coasters. Can you refund all of it please?",
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['BOWL-CER', 2],
        ['TOWEL-TEA', 1],
        ['COASTER-CORK', 1],
      ],
    },
    // Lines 5200 less 10%: 4680. Shipping 995 less half (half_up(497.5) = 498): 497. 5177, over the limit only with the shipping.
    expect: { outcome: 'approval', amount: 5177, rules: ['amount_over_auto_limit'] },
    note: 'shipping after its own discount; the limit compares the whole refund',
  },
  {
    who: { name: 'Callum Rees' },
    orders: [{ items: ['FRAME-OAK', 'FRAME-BRASS'], shipping: [{ price: 695 }], ful: 7 }],
    subject: 'Frame missing from parcel',
    body: "The parcel for order #{o1} arrived but the brass 5x7 frame wasn't in it - only the oak one, even though the packing slip lists both. Could you refund the brass frame?",
    claim: { order: 'o1', reason: 'not_received', lines: [['FRAME-BRASS', 1]] },
    expect: { outcome: 'auto', amount: 1900 },
    note: 'part of the order arrived: no shipping',
  },
  {
    who: { name: 'Agnes Whitcombe' },
    orders: [{ items: ['TEAPOT-CAST', 'SPOON-OLIVE'], shipping: [{ price: 895 }], ful: 4 }],
    subject: 'Teapot handle snapped',
    body: "Hi, the cast iron teapot from order {o1} arrived with the handle snapped off. The spoon's fine. Please refund the teapot and the $8.95 shipping, I don't think I should have to pay postage for something that came broken.",
    claim: { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]] },
    expect: { outcome: 'auto', amount: 3900 },
    note: 'shipping asked for, but a damaged item does not refund it',
  },
  {
    who: { name: 'Dominic Farrow' },
    orders: [{ items: ['VASE-BUD', 'VASE-CERAMIC'], shipping: [{ price: 795 }], ful: 3 }],
    subject: 'both smashed',
    body: 'Both vases in order {o1} are smashed. Please refund everything.',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['VASE-BUD', 1],
        ['VASE-CERAMIC', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 4400 },
    note: 'the whole order arrived damaged: the shipping stays (the tenant setting that extends the rule is off)',
  },
  {
    who: { name: 'Maarten Visser', address: { address1: 'Prinsengracht 263', city: 'Amsterdam', zip: '1016 GV', country: 'Netherlands' } },
    orders: [
      {
        paidIn: 'EUR',
        items: [
          ['VASE-BUD', 1, { paid: 1110, duty: 100, paidDuty: 92 }],
          ['CANDLE-SOY', 1, { paid: 1480, duty: 130, paidDuty: 120 }],
        ],
        taxesIncluded: true,
        tax: [['BTW', 21]],
        shipping: [{ title: 'International', price: 1500, paid: 1380, taxable: true }],
        ful: 12,
      },
    ],
    subject: 'Order stuck at customs',
    body: "Hello, my order {o1} was shipped twelve days ago and it still hasn't arrived. The tracking stopped at customs in Amsterdam a week ago. I paid the import duties at checkout so I don't understand the delay. Please refund the order, the bud vase and the candle, including shipping and the duties.",
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['VASE-BUD', 1],
        ['CANDLE-SOY', 1],
      ],
    },
    // USD 1200 + 1600 + 1500 shipping + 100 + 130 duties = 4530; EUR 1110 + 1480 + 1380 + 92 + 120 = 4182 (VAT inside).
    expect: { outcome: 'auto', amount: 4530, paid: 4182 },
    note: 'a Markets order that never arrived: duties and shipping refunded in the currency paid',
  },
  {
    who: { name: 'Philippa Hawthorne', address: { address1: '14 Call Lane', city: 'Leeds', zip: 'LS1 6DT', country: 'United Kingdom' } },
    orders: [
      {
        paidIn: 'GBP',
        items: [
          ['KETTLE-GOOSE', 1, { paid: 5450, duty: 690, paidDuty: 545 }],
          ['MUG-STONE', 1, { paid: 1420, duty: 180, paidDuty: 142 }],
        ],
        taxesIncluded: true,
        tax: [['VAT', 20]],
        shipping: [{ title: 'International', price: 1800, paid: 1420, taxable: true }],
        ful: 11,
      },
    ],
    subject: 'Parcel never arrived',
    body: "Hi there, I'm in Leeds and ordered the gooseneck kettle and a stoneware mug (order #{o1}). The parcel was supposedly sent 11 days ago but it never turned up, and Royal Mail have no record of it arriving in the UK. I paid £89.77 all in, including the duties. Could you please refund me?",
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['KETTLE-GOOSE', 1],
        ['MUG-STONE', 1],
      ],
    },
    // USD 6900 + 1800 + 1800 + 690 + 180 = 11370; GBP 5450 + 1420 + 1420 + 545 + 142 = 8977.
    expect: { outcome: 'approval', amount: 11370, rules: ['amount_over_auto_limit'], paid: 8977 },
  },
  {
    who: { name: 'Ravi Chandrasekar', address: { address1: '220 Queen St W', city: 'Toronto', province: 'ON', zip: 'M5V 1Z7', country: 'Canada' } },
    orders: [
      {
        paidIn: 'CAD',
        items: [
          ['BOARD-BAMBOO', 1, { paid: 3010, duty: 200, paidDuty: 275 }],
          ['SPOON-OLIVE', 2, { paid: 1230, duty: 150, paidDuty: 205 }],
        ],
        shipping: [{ title: 'International', price: 1400, paid: 1915 }],
        ful: 8,
      },
    ],
    subject: 'Cutting board missing',
    body: 'Hello, my order {o1} came yesterday but only the two olive wood spoons were in the box. No cutting board. Please refund the bamboo board.',
    claim: { order: 'o1', reason: 'not_received', lines: [['BOARD-BAMBOO', 1]] },
    expect: { outcome: 'auto', amount: 2200, paid: 3010 },
    note: 'part of a Markets order missing: neither shipping nor duties',
  },
  {
    who: { name: 'Winona Blackwell' },
    orders: [{ items: [['BOWL-CER', 2], 'SPOON-OLIVE'], shipping: [{ title: 'Local delivery', price: 500 }], tip: 300, ful: 3 }],
    subject: 'Local delivery never came',
    body: 'Hi, I chose local delivery for order {o1} (two cereal bowls and an olive wood spoon) and even left a $3 tip for the driver, but nothing was ever delivered. The app said out for delivery three days ago and then nothing. Please refund everything, tip included.',
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['BOWL-CER', 2],
        ['SPOON-OLIVE', 1],
      ],
    },
    // 3000 + 900 + 500 delivery; the 300 tip is never refunded.
    expect: { outcome: 'auto', amount: 4400 },
    note: 'a tip is never refunded',
  },
  {
    who: { name: 'Hugo Marchetti' },
    orders: [{ items: [['CANDLE-SOY', 2], 'MUG-ENAMEL'], discounts: [{ code: 'FREESHIP', pct: 100, on: 'shipping' }], shipping: [{ price: 695 }], ful: 9 }],
    subject: 'order never came',
    body: "Order {o1} - two soy candles and a camp mug - never showed up. The tracking number doesn't work on the carrier's site. I'd like a refund please.",
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['CANDLE-SOY', 2],
        ['MUG-ENAMEL', 1],
      ],
    },
    // 3200 + 1400; the shipping was free with the code, so nothing of it to refund.
    expect: { outcome: 'auto', amount: 4600 },
  },
  {
    who: { name: 'Beatrice Lowell' },
    orders: [{ items: ['NAPKIN-LINEN', 'TOWEL-TEA'], shipping: [{ price: 595 }], ful: 35 }],
    subject: 'Still waiting on my order',
    body: "Hi, I've been waiting on order #{o1} (linen napkins and tea towels) for over a month now. I was away so I didn't chase it sooner, but it definitely never arrived - my neighbours haven't seen it either. Can I get a refund for it?",
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['NAPKIN-LINEN', 1],
        ['TOWEL-TEA', 1],
      ],
    },
    // 2200 + 1300 + 595.
    expect: { outcome: 'approval', amount: 4095, rules: ['fulfilled_too_long_ago'] },
  },
  {
    lang: 'es',
    who: { name: 'Mateo Ruiz', address: { address1: '4501 Guadalupe St', city: 'Austin', province: 'TX', zip: '78751', country: 'United States' } },
    orders: [
      {
        items: [['MUG-ENAMEL', 2], 'SPOON-OLIVE'],
        tax: [
          ['Texas State Tax', 6.25],
          ['Austin Local Tax', 2],
        ],
        shipping: [{ price: 650, taxable: true }],
        ful: 10,
      },
    ],
    subject: 'Pedido no recibido',
    body: 'Hola, hice el pedido {o1} (dos tazas de camping esmaltadas y una cuchara de madera de olivo) hace casi dos semanas y nunca llegó. El seguimiento no se ha movido desde hace diez días. ¿Me pueden devolver el dinero? Gracias, Mateo Ruiz',
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['MUG-ENAMEL', 2],
        ['SPOON-OLIVE', 1],
      ],
    },
    // Mugs 2800 + 175 + 56, spoon 900 + 56 + 18, shipping 650 + 41 + 13 (Texas taxes shipping): 4709.
    expect: { outcome: 'auto', amount: 4709 },
  },
  {
    lang: 'fr',
    who: { name: 'Antoine Lefebvre', address: { address1: '4120 rue Saint-Denis', city: 'Montréal', province: 'QC', zip: 'H2W 2M5', country: 'Canada' } },
    orders: [
      {
        paidIn: 'CAD',
        items: [
          ['PLATE-DINNER', 1, { paid: 2190 }],
          ['BOWL-CER', 1, { paid: 2050 }],
        ],
        shipping: [{ title: 'International', price: 1500, paid: 2050 }],
        ful: 9,
      },
      {
        items: ['MUG-STONE', 'VASE-BUD'],
        ful: 70,
        refunds: [
          { daysAgo: 60, lines: [['MUG-STONE', 1]] },
          { daysAgo: 20, lines: [['VASE-BUD', 1]] },
        ],
      },
    ],
    subject: 'Commande jamais reçue',
    body: "Bonjour, ma commande {o1} (une assiette et un bol en céramique) n'est jamais arrivée. Postes Canada n'a aucune trace du colis depuis neuf jours. Je voudrais être remboursé, frais de livraison compris.\n\nMerci,\nAntoine Lefebvre",
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['PLATE-DINNER', 1],
        ['BOWL-CER', 1],
      ],
    },
    // USD 1600 + 1500 + 1500 shipping = 4600; CAD 2190 + 2050 + 2050 = 6290.
    expect: { outcome: 'approval', amount: 4600, rules: ['too_many_recent_refunds'], paid: 6290 },
    note: 'shipping refunded, but two refunds in the last 90 days on another order',
  },
  {
    who: { name: 'Simone Achterberg' },
    orders: [{ items: ['GLASS-TUMBLER', 'CARAFE-GLASS'], shipping: [{ price: 795 }], ful: 10 }],
    subject: 'Order hasnt arrived - please resend',
    body: "Hi, order #{o1} hasn't arrived, the tracking has been stuck for a week. I don't want a refund, I need the glasses and carafe for a party on the 20th. Can you just send them out again by express?",
    claim: {
      order: 'o1',
      remedy: 'replacement',
      reason: 'not_received',
      lines: [
        ['GLASS-TUMBLER', 1],
        ['CARAFE-GLASS', 1],
      ],
    },
    expect: { outcome: 'escalate', esc: 'not_refund_request' },
  },
];
