// Specs: taxed_orders — tickets on orders that carry tax: US stores whose prices exclude it, with one
// rate or several (state, county, city), and EU orders whose prices include VAT. Where prices
// exclude tax, each claimed unit comes back with its prorated share of its line's tax, rounded per
// line and per tax line; the limits compare that whole figure (docs/sandbox-money.md §2, §4).
import type { Spec } from '../dsl.js';

const NYS = ['New York State Tax', 4] as [string, number];

export const taxed_orders: Spec[] = [
  {
    who: { name: 'Dolores Whitaker', address: { address1: '2250 Paradise Rd', city: 'Las Vegas', province: 'NV', zip: '89104', country: 'United States' } },
    orders: [{ items: ['PLATE-SERVE', 'NAPKIN-LINEN'], tax: [['Nevada Sales Tax', 8.375]], shipping: [{ price: 895 }], ful: 5 }],
    subject: 'Platter chipped',
    body: 'Hi, the glazed serving platter in order {o1} arrived with a chunk missing from the rim. The napkins are fine. Please refund the platter.',
    claim: { order: 'o1', reason: 'damaged', lines: [['PLATE-SERVE', 1]] },
    // 4800 + 402 (8.375%): 5202, over the limit only with its tax.
    expect: { outcome: 'approval', amount: 5202, rules: ['amount_over_auto_limit'] },
    note: 'under 50.00 before tax, over it with tax',
  },
  {
    who: { name: 'Ruth Abernathy', address: { address1: '318 Atlantic Ave', city: 'Brooklyn', province: 'NY', zip: '11201', country: 'United States' } },
    orders: [
      {
        items: ['MUG-HANDMADE', ['BOWL-CER', 2]],
        discounts: [{ code: 'SPRING25', pct: 25 }],
        tax: [NYS, ['New York City Tax', 4.875]],
        shipping: [{ price: 695, taxable: true }],
        ful: 6,
      },
    ],
    subject: 'Mug seeping',
    body: "Hello, the handmade mug from order #{o1} has a crack in the glaze on the inside and it's seeping through. I paid with the SPRING25 code. The bowls are perfect. Could I have a refund for the mug?",
    claim: { order: 'o1', reason: 'damaged', lines: [['MUG-HANDMADE', 1]] },
    // 25% of 5000 = 1250, 500 on the mug: 1500; tax 60 + 73: 1633.
    expect: { outcome: 'auto', amount: 1633 },
    note: "POLICY's worked example: a $20.00 mug with a 25% code at 8.875%",
  },
  {
    lang: 'de',
    who: { name: 'Miriam Vogel', address: { address1: 'Bergmannstraße 41', city: 'Berlin', zip: '10961', country: 'Germany' } },
    orders: [
      {
        currency: 'EUR',
        items: ['TEAPOT-CAST', ['CANDLE-SOY', 2]],
        taxesIncluded: true,
        tax: [['MwSt', 19]],
        discounts: [{ code: 'WILLKOMMEN10', pct: 10 }],
        shipping: [{ price: 490, taxable: true }],
        ful: 5,
      },
    ],
    subject: 'Teekanne mit Sprung',
    body: 'Hallo, die gusseiserne Teekanne aus Bestellung {o1} kam mit einem Sprung im Deckel an. Die beiden Kerzen sind heil. Ich hatte den Code WILLKOMMEN10 benutzt. Können Sie mir die Teekanne erstatten?\n\nDanke und viele Grüße\nMiriam Vogel',
    claim: { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]] },
    // 10% of 7100 = 710, 390 on the teapot: 3510, the VAT inside it.
    expect: { outcome: 'auto', amount: 3510 },
    note: 'prices include VAT, an order code',
  },
  {
    lang: 'fr',
    who: { name: 'Camille Fabre', address: { address1: '12 rue Sainte-Catherine', city: 'Bordeaux', zip: '33000', country: 'France' } },
    orders: [
      {
        paidIn: 'EUR',
        items: [
          ['LAMP-DESK', 1, { paid: 7290 }],
          ['LAMP-BULB', 2, { paid: 650 }],
        ],
        taxesIncluded: true,
        tax: [['TVA', 20]],
        discounts: [{ code: 'BIENVENUE10', off: 1000, paidOff: 920 }],
        shipping: [{ price: 1500, paid: 1380, taxable: true }],
        ful: 7,
      },
    ],
    subject: 'Lampe qui clignote',
    body: "Bonjour, la lampe de bureau en lin de ma commande {o1} clignote sans arrêt puis s'éteint, même avec une ampoule neuve. J'avais utilisé le code BIENVENUE10 lors de l'achat. Je voudrais être remboursée pour la lampe.\n\nMerci,\nCamille Fabre",
    claim: { order: 'o1', reason: 'defective', lines: [['LAMP-DESK', 1]] },
    // USD: 1000 over 7900 / 1400 → 849 / 150 and a penny to the bulbs: 7051. EUR: 920 over 7290 / 1300 → 780 / 139
    // and a penny to the lamp: 7290 − 781 = 6509.
    expect: { outcome: 'approval', amount: 7051, rules: ['amount_over_auto_limit'], paid: 6509 },
    note: 'VAT included, a fixed code spread in each currency on its own',
  },
  {
    who: { name: 'Curtis Lindell', address: { address1: '1802 N Proctor St', city: 'Tacoma', province: 'WA', zip: '98406', country: 'United States' } },
    orders: [
      {
        items: ['KETTLE-STEEL', 'SPOON-OLIVE'],
        tax: [
          ['Washington State Tax', 6.5],
          ['Tacoma Local Tax', 3.8],
        ],
        shipping: [{ price: 795, taxable: true }],
        ful: 6,
      },
    ],
    subject: 'Dented kettle',
    body: "Hi, the stovetop kettle in order {o1} arrived dented on one side and the lid won't sit flat any more. The wooden spoon is fine. Could you refund the kettle? Thanks",
    claim: { order: 'o1', reason: 'damaged', lines: [['KETTLE-STEEL', 1]] },
    // 4500 + 293 (6.5%, 292.5 rounded up) + 171 (3.8%): 4964, just within the limit.
    expect: { outcome: 'auto', amount: 4964 },
  },
  {
    who: { name: 'Bethany Kruger', address: { address1: '88 E Broad St', city: 'Columbus', province: 'OH', zip: '43215', country: 'United States' } },
    orders: [
      {
        items: ['BOARD-MARBLE', 'VASE-BUD', 'TOWEL-TEA'],
        tax: [
          ['Ohio State Tax', 5.75],
          ['Franklin County Tax', 1.5],
        ],
        shipping: [{ price: 695 }],
        ful: 4,
      },
    ],
    subject: 'Crushed box',
    body: 'Hello, the box for order #{o1} was completely crushed when it got here. The marble cheese board is cracked in two and the bud vase is in pieces. The tea towels are fine of course. Please refund the board and the vase. (I make that $48 before tax.)',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['BOARD-MARBLE', 1],
        ['VASE-BUD', 1],
      ],
    },
    // Board 3600 + 207 + 54, vase 1200 + 69 + 18: 5148.
    expect: { outcome: 'approval', amount: 5148, rules: ['amount_over_auto_limit'] },
    note: 'two lines under 50.00 before tax, over it with state and county tax',
  },
  {
    who: { name: 'Franklin Osei', address: { address1: '40 Mamaroneck Ave', city: 'White Plains', province: 'NY', zip: '10601', country: 'United States' } },
    orders: [
      {
        items: [['GLASS-HIGHBALL', 4], 'COASTER-CORK'],
        discounts: [{ code: 'CHEERS20', pct: 20 }],
        tax: [NYS, ['Westchester County Tax', 4.375]],
        shipping: [{ price: 595, taxable: true }],
        ful: 12,
        refunds: [{ daysAgo: 6, lines: [['GLASS-HIGHBALL', 1]] }],
      },
    ],
    subject: 'Two more cracked glasses',
    body: 'Hi, I wrote last week about one of the ribbed highball glasses from order {o1} being broken and you refunded it, thank you. Turns out two more of them have hairline cracks near the base - I only noticed when I washed them. Can you refund those two as well? The fourth glass and the coasters are fine.',
    claim: { order: 'o1', reason: 'damaged', lines: [['GLASS-HIGHBALL', 2]], flags: ['mentions_earlier_refund'] },
    // Glasses 3600 − 720 (20% of 4500 spread) = 2880, tax 115 + 126. One refunded; two more: 2160 − 720 = 1440,
    // state half_up(115 × 3/4) − half_up(115 / 4) = 86 − 29 = 57, county 95 − 32 = 63: 1560.
    expect: { outcome: 'approval', amount: 1560, rules: ['line_partly_refunded'] },
    note: 'a discounted, taxed line partly refunded: each tax prorated with its pennies',
  },
  {
    who: { name: 'Owen Fairclough', address: { address1: '205 N Winooski Ave', city: 'Burlington', province: 'VT', zip: '05401', country: 'United States' } },
    orders: [
      {
        items: ['BOARD-WALNUT', 'SPOON-OLIVE'],
        discounts: [{ code: 'MAPLE20', pct: 20 }],
        tax: [
          ['Vermont Sales Tax', 6],
          ['Burlington Local Option Tax', 1],
        ],
        shipping: [{ price: 795 }],
        ful: 8,
      },
    ],
    subject: 'board split',
    body: 'the walnut cutting board from #{o1} has a split running along the end grain, showed up after the first time I oiled it. pretty disappointed, it was meant to be a gift. refund please. spoon is fine',
    claim: { order: 'o1', reason: 'defective', lines: [['BOARD-WALNUT', 1]] },
    // 20% of 6300 = 1260, 1080 on the board: 4320; tax 259 + 43: 4622. At list price with tax it would be 5778.
    expect: { outcome: 'auto', amount: 4622 },
    note: 'over the limit at list price, under it after the code, tax included',
  },
  {
    lang: 'es',
    who: { name: 'Lucía Herrera', address: { address1: '1509 E 6th St', city: 'Austin', province: 'TX', zip: '78702', country: 'United States' } },
    orders: [
      {
        items: ['CARAFE-GLASS', 'TEAPOT-CAST'],
        tax: [
          ['Texas State Tax', 6.25],
          ['Austin Local Tax', 2],
        ],
        shipping: [{ price: 695, taxable: true }],
        ful: 5,
      },
    ],
    subject: 'Jarra rota',
    body: 'Buenas tardes. La jarra de cristal de mi pedido {o1} llegó rota, con una grieta en el fondo y un trozo del borde suelto en la caja. La tetera está bien. Quisiera el reembolso de la jarra, por favor.\n\nSaludos,\nLucía Herrera',
    claim: { order: 'o1', reason: 'damaged', lines: [['CARAFE-GLASS', 1]] },
    // 2500 + 156 (6.25%) + 50 (2%): 2706.
    expect: { outcome: 'auto', amount: 2706 },
  },
  {
    who: { name: 'Shelby Hargrove', address: { address1: '62 Haywood St', city: 'Asheville', province: 'NC', zip: '28801', country: 'United States' } },
    orders: [
      {
        items: ['GIFT-25', ['MUG-STONE', 2]],
        tax: [
          ['North Carolina State Tax', 4.75],
          ['Buncombe County Tax', 2.25],
        ],
        shipping: [{ price: 595, taxable: true }],
        ful: 4,
      },
    ],
    subject: 'chipped mug',
    body: "Hi! Order {o1}: one of my two stoneware mugs has a chip on the rim. The other one's fine and the gift card got to my sister ok. Just a refund for the chipped mug please :)",
    claim: { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]] },
    // Mugs 3600, tax 171 + 81 (the gift card untaxed); one of two: 1800 + half_up(85.5) + half_up(40.5) = 1800 + 86 + 41.
    expect: { outcome: 'auto', amount: 1927 },
  },
  {
    who: { name: 'Leona Brandt', address: { address1: '115 King St', city: 'Madison', province: 'WI', zip: '53703', country: 'United States' } },
    orders: [
      {
        items: ['VASE-CERAMIC', 'COASTER-CORK'],
        tax: [
          ['Wisconsin State Tax', 5],
          ['Dane County Tax', 0.5],
        ],
        shipping: [{ price: 695, taxable: true }],
        ful: 11,
      },
    ],
    subject: 'Return the vase',
    body: "Hello, I'd like to send back the ceramic vase from order {o1} and get a refund. It's in perfect condition, I just don't like the colour in person, it's not what I pictured for the room. I'll keep the coasters.",
    claim: { order: 'o1', reason: 'changed_mind', lines: [['VASE-CERAMIC', 1]] },
    // 3200 + 160 + 16.
    // Returns are on (policy.json): a change of mind inside the window is a return; 3376 with its tax less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 2876, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Silas Montgomery', address: { address1: '1440 Pearl St', city: 'Boulder', province: 'CO', zip: '80302', country: 'United States' } },
    orders: [
      {
        items: ['TRIVET-IRON', 'BOARD-BAMBOO'],
        tax: [
          ['Colorado State Tax', 2.9],
          ['Boulder County Tax', 0.985],
          ['Boulder City Tax', 3.86],
        ],
        shipping: [{ price: 695 }],
        ful: 4,
      },
      {
        items: ['FRAME-BRASS', 'CANDLE-SOY'],
        ful: 50,
        refunds: [
          { daysAgo: 45, lines: [['FRAME-BRASS', 1]] },
          { daysAgo: 30, lines: [['CANDLE-SOY', 1]] },
        ],
      },
    ],
    subject: 'Cracked board',
    body: 'Order #{o1} - bamboo cutting board arrived cracked right through the middle. Trivet ok. Would like a refund for the board.',
    claim: { order: 'o1', reason: 'damaged', lines: [['BOARD-BAMBOO', 1]] },
    // 2200 + 64 (2.9%) + 22 (0.985%) + 85 (3.86%): 2371.
    expect: { outcome: 'approval', amount: 2371, rules: ['too_many_recent_refunds'] },
    note: 'three tax lines; two refunds in the last 90 days on another order',
  },
  {
    hd: 'gorgias',
    who: { name: 'Aoife Gallagher', address: { address1: '27 Camden St Lower', city: 'Dublin', zip: 'D02 XE80', country: 'Ireland' } },
    orders: [
      {
        currency: 'EUR',
        items: ['BOWL-NEST', ['TOWEL-TEA', 2]],
        taxesIncluded: true,
        tax: [['VAT', 23]],
        discounts: [{ title: 'Summer sale', pct: 15 }],
        shipping: [{ price: 595, taxable: true }],
        ful: 6,
      },
    ],
    subject: 'bowls',
    body: 'hi there, my nesting bowls (order {o1}) came with the smallest bowl smashed and a chip out of the big one, so the set is no good to me. tea towels grand. can i get a refund on the bowls, i got them in the summer sale. thanks, Aoife',
    claim: { order: 'o1', reason: 'damaged', lines: [['BOWL-NEST', 1]] },
    // 15% of 6400 = 960, 570 on the bowls: 3230, VAT inside.
    expect: { outcome: 'auto', amount: 3230 },
  },
  {
    who: { name: 'Marcus Delacroix', address: { address1: '19 Exchange St', city: 'Portland', province: 'ME', zip: '04101', country: 'United States' } },
    orders: [
      {
        items: [['MUG-ENAMEL', 2], ['BOWL-CER', 2], 'SPOON-OLIVE'],
        tax: [['Maine Sales Tax', 5.5]],
        shipping: [{ price: 695 }],
        ful: 3,
      },
    ],
    subject: 'Order arrived damaged',
    body: "Hi, order {o1} came today and it's a bit of a mess. Both enamel camp mugs are dented, and one of the two cereal bowls is cracked. The other bowl and the spoon are fine. Please refund the two mugs and the cracked bowl.",
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['MUG-ENAMEL', 2],
        ['BOWL-CER', 1],
      ],
    },
    // Mugs 2800 + 154; one bowl of two 1500 + half_up(165 / 2) = 83: 4537.
    expect: { outcome: 'auto', amount: 4537 },
  },
  {
    who: { name: 'Gwendolyn Price', address: { address1: '1100 Euclid Ave', city: 'Cleveland', province: 'OH', zip: '44115', country: 'United States' } },
    orders: [
      {
        items: ['BOWL-SALAD', 'SPOON-OLIVE'],
        tax: [
          ['Ohio State Tax', 5.75],
          ['Cuyahoga County Tax', 2.25],
        ],
        ful: 15,
        refunds: [{ daysAgo: 5, lines: [['BOWL-SALAD', 1]] }],
      },
    ],
    subject: 'Did my refund include the tax?',
    body: "Hi, you refunded the salad bowl from order {o1} last week. Can you confirm whether the refund included the sales tax I paid on it? I haven't seen it on my card statement yet and I'd like to know the amount before I chase my bank.",
    claim: { order: 'o1', remedy: 'refund_status', reason: 'other' },
    expect: { outcome: 'answered' },
  },
];
