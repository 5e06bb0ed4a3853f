// Specs: discounted_orders — tickets on orders bought with a discount: percentage and fixed codes,
// automatic discounts, buy 2 get 1, an offer on one line of several, a code beside a gift card.
// What the customer gets back is what they paid for the unit: its price after the discounts
// allocated to its line (docs/sandbox-money.md §1). Each amount's working is in its comment.
import type { Spec } from '../dsl.js';

export const discounted_orders: Spec[] = [
  {
    who: { name: 'Marisol Okafor' },
    orders: [
      {
        items: [
          ['MUG-STONE', 2],
          ['PLATE-DINNER', 2],
        ],
        discounts: [{ code: 'WELCOME15', pct: 15 }],
        shipping: [{ price: 595 }],
        ful: 4,
      },
    ],
    subject: 'Cracked mug',
    body: 'Hi, I used the WELCOME15 code on order {o1} (two stoneware mugs and two dinner plates). One of the mugs arrived with a hairline crack down the side and it leaks when I fill it. The other mug and the plates are fine. Could you refund the cracked one?',
    claim: { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]] },
    // 15% of 6800 = 1020, of which the mugs' share is 540: 3060 for two, 1530 for one.
    expect: { outcome: 'auto', amount: 1530 },
  },
  {
    who: { name: 'Graham Pettersen' },
    orders: [{ items: ['FRAME-OAK', 'CANDLE-SOY', 'TOWEL-TEA'], discounts: [{ code: 'TAKE10', off: 1000 }], shipping: [{ price: 495 }], ful: 5 }],
    subject: 'Frame glass cracked',
    body: "Hello - order #{o1} came today. The oak photo frame has cracked glass, the crack goes right across one corner. Candle and tea towels are fine. I had a $10 off code on the order, so I know it won't be the full $26, just refund whatever I actually paid for the frame please.",
    claim: { order: 'o1', reason: 'damaged', lines: [['FRAME-OAK', 1]] },
    // 1000 over 2600 / 1600 / 1300: 472 / 290 / 236 and two pennies left, to the candle and the frame: 473, so 2127.
    expect: { outcome: 'auto', amount: 2127 },
    note: "a fixed code's share, pennies to the largest remainders",
  },
  {
    who: { name: 'Kayleigh Brennan' },
    orders: [
      {
        items: [['CANDLE-SOY', 3], 'COASTER-CORK'],
        discounts: [{ title: 'Candles: buy 2, get 1 free', buy: 2, get: 1, sku: 'CANDLE-SOY' }],
        shipping: [{ price: 495 }],
        ful: 3,
      },
    ],
    subject: 'smashed candle',
    body: 'hiya, got the 3 candles from the buy 2 get 1 free deal (order {o1}) plus the coasters. one of the candles has the glass jar smashed, wax and glass all through the box. the other two are ok. can i get a refund for the broken one?',
    claim: { order: 'o1', reason: 'damaged', lines: [['CANDLE-SOY', 1]] },
    // Three candles 4800, one free: 3200 for the line, half_up(3200 / 3) = 1067 a candle.
    expect: { outcome: 'auto', amount: 1067 },
  },
  {
    who: { name: 'Desmond Achebe' },
    orders: [{ items: ['BOWL-SALAD', ['SPOON-OLIVE', 2]], discounts: [{ title: 'Spring sale 20% off', pct: 20 }], shipping: [{ price: 695 }], ful: 9 }],
    subject: 'Salad bowl split',
    body: "Hi! Bought the acacia salad bowl and two olive wood spoons in your spring sale, order {o1}. After the first wash the bowl split along the grain - and I oiled it exactly like the card said. Spoons are fine. I'd like my money back for the bowl please.",
    claim: { order: 'o1', reason: 'defective', lines: [['BOWL-SALAD', 1]] },
    // 20% of 6000 = 1200, 840 of it on the bowl: 3360.
    expect: { outcome: 'auto', amount: 3360 },
    note: 'an automatic discount (no code)',
  },
  {
    who: { name: 'Priya Raman' },
    orders: [{ items: ['KETTLE-GOOSE', ['MUG-STONE', 2]], discounts: [{ title: '30% off kettles', pct: 30, on: ['KETTLE-GOOSE'] }], ful: 4 }],
    subject: 'Kettle not heating',
    body: 'The gooseneck kettle from order #{o1} stopped heating after four days. The light comes on but the water stays cold. I bought it in your 30% off kettles promotion. The mugs are great. Please refund the kettle.',
    claim: { order: 'o1', reason: 'defective', lines: [['KETTLE-GOOSE', 1]] },
    // 6900 less 30% on its own line: 4830, within the limit although the list price is not.
    expect: { outcome: 'auto', amount: 4830 },
    note: 'an offer on one line of several; over the limit at list price, under it as paid',
  },
  {
    who: { name: 'Tobias Lindqvist' },
    orders: [{ items: ['LAMP-DESK', ['LAMP-BULB', 2]], discounts: [{ code: 'FRIENDS40', pct: 40 }], shipping: [{ price: 795 }], ful: 3 }],
    subject: 'Desk lamp broken in transit',
    body: "Hello,\n\nMy order {o1} arrived yesterday and the linen desk lamp's base has snapped clean off the stem - it looks like the box was crushed on the way. The two bulbs survived. I bought it with my friends-and-family code (40% off). Please refund the lamp.\n\nRegards,\nTobias",
    claim: { order: 'o1', reason: 'damaged', lines: [['LAMP-DESK', 1]] },
    // 40% of 9300 = 3720, 3160 of it on the lamp: 4740.
    expect: { outcome: 'auto', amount: 4740 },
    note: 'over the limit at list price, under it after the code',
  },
  {
    who: { name: 'Harriet Okonkwo' },
    orders: [
      {
        items: [['GLASS-WINE', 3], 'COASTER-CORK'],
        discounts: [{ code: 'SAVE7', off: 700 }],
        shipping: [{ price: 595 }],
        ful: 14,
        refunds: [{ daysAgo: 9, lines: [['GLASS-WINE', 1]] }],
      },
    ],
    subject: 'Another broken pair',
    body: "Hi again, you already refunded me for one pair of the wine glasses from order {o1} that came broken. I've now unpacked the rest properly and a second pair has a chipped rim. The third pair is fine. Could you refund this one as well?",
    claim: { order: 'o1', reason: 'damaged', lines: [['GLASS-WINE', 1]], flags: ['mentions_earlier_refund'] },
    // 700 over 8400 / 900: 632 / 67 and a penny to the coasters. The glasses' 7768: the first pair half_up(7768 / 3) = 2589,
    // this one half_up(7768 × 2 / 3) − 2589 = 5179 − 2589 = 2590.
    expect: { outcome: 'approval', amount: 2590, rules: ['line_partly_refunded'] },
    note: 'a discounted line partly refunded: the penny falls on the second refund',
  },
  {
    who: { name: 'Bernadette Shaw' },
    orders: [{ items: ['GIFT-50', 'TEAPOT-CAST'], discounts: [{ code: 'TEATIME10', pct: 10 }], shipping: [{ price: 595 }], ful: 5 }],
    subject: 'Teapot spout cracked',
    body: "Good morning, the cast-iron teapot in order #{o1} arrived with a crack through the spout. The $50 gift card I bought in the same order was for my nephew and that's fine. I'd like a refund for the teapot, please.",
    claim: { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]] },
    // The code takes nothing off the gift card: 10% of the teapot's 3900 = 390, so 3510.
    expect: { outcome: 'auto', amount: 3510 },
    note: 'a gift card beside a discounted line',
  },
  {
    who: { name: 'Lorenzo Whitfield' },
    orders: [{ items: ['VASE-CERAMIC', ['CANDLE-SOY', 2]], discounts: [{ code: 'HOME25', pct: 25 }], shipping: [{ price: 695 }], ful: 9 }],
    subject: 'Returning the vase',
    body: "Hi there, I'd like to return the ceramic vase from order {o1}. Nothing wrong with it, it's just much bigger than it looked in the photos and it doesn't suit the mantelpiece. I'll keep the candles. I know I used a 25% code so I expect the refund is less than the sticker price, that's fine.",
    claim: { order: 'o1', reason: 'changed_mind', lines: [['VASE-CERAMIC', 1]] },
    // 25% of 6400 = 1600, 800 on the vase: 2400.
    // Returns are on (policy.json): a change of mind inside the window is a return; 2400 as paid less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 1900, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Nadia Petrov' },
    orders: [
      { items: ['BOARD-BAMBOO', 'BOARD-MARBLE'], discounts: [{ code: 'CHEESE10', pct: 10 }], shipping: [{ price: 695 }], ful: 5 },
      {
        items: [['MUG-ENAMEL', 2], 'VASE-BUD'],
        ful: 60,
        refunds: [
          { daysAgo: 40, lines: [['MUG-ENAMEL', 1]] },
          { daysAgo: 25, lines: [['VASE-BUD', 1]] },
        ],
      },
    ],
    subject: 'Marble board cracked',
    body: 'Order {o1}: the marble cheese board came with a crack running across one corner. The bamboo board is fine. Refund for the marble one please.',
    claim: { order: 'o1', reason: 'damaged', lines: [['BOARD-MARBLE', 1]] },
    // 10% of 5800 = 580, 360 on the marble board: 3240.
    expect: { outcome: 'approval', amount: 3240, rules: ['too_many_recent_refunds'] },
    note: 'two refunds in the last 90 days on another order',
  },
  {
    lang: 'es',
    who: { name: 'Valentina Cruz' },
    orders: [
      {
        items: [
          ['PLATE-DINNER', 4],
          ['BOWL-CER', 4],
        ],
        discounts: [{ code: 'BIENVENIDA20', pct: 20 }],
        shipping: [{ price: 895 }],
        ful: 5,
      },
    ],
    subject: 'Platos rotos',
    body: 'Hola, recibí el pedido {o1} ayer. De los cuatro platos llanos, dos llegaron rotos (uno partido por la mitad y otro con el borde desportillado). Los cuencos están bien. Usé el código BIENVENIDA20. ¿Me podéis devolver el dinero de los dos platos rotos? Gracias.',
    claim: { order: 'o1', reason: 'damaged', lines: [['PLATE-DINNER', 2]] },
    // 20% of 12400 = 2480, 1280 on the plates: 5120 for four, 2560 for two.
    expect: { outcome: 'auto', amount: 2560 },
  },
  {
    lang: 'de',
    who: { name: 'Jonas Becker' },
    orders: [{ items: ['KETTLE-STEEL', 'TEAPOT-CAST', 'TRIVET-IRON'], discounts: [{ code: 'TEE15', off: 1500 }], shipping: [{ price: 995 }], ful: 7 }],
    subject: 'Teekanne undicht',
    body: 'Guten Tag, die gusseiserne Teekanne aus meiner Bestellung {o1} ist undicht – am Boden tropft es, sobald Wasser drin ist. Der Wasserkessel und der Untersetzer sind in Ordnung. Ich hatte einen Gutscheincode über 15 $ eingelöst. Bitte erstatten Sie mir den Betrag für die Teekanne.\n\nMit freundlichen Grüßen\nJonas Becker',
    claim: { order: 'o1', reason: 'defective', lines: [['TEAPOT-CAST', 1]] },
    // 1500 over 4500 / 3900 / 1700: 668 / 579 / 252 and a penny to the trivet; the teapot 3900 − 579 = 3321.
    expect: { outcome: 'auto', amount: 3321 },
  },
  {
    who: { name: 'Wyatt Calloway' },
    orders: [
      {
        items: [['MUG-ENAMEL', 3], 'NAPKIN-LINEN'],
        discounts: [
          { title: 'Camp mugs 3 for 2', buy: 2, get: 1, sku: 'MUG-ENAMEL' },
          { code: 'CAMP10', pct: 10 },
        ],
        shipping: [{ price: 595 }],
        ful: 6,
      },
    ],
    subject: 'dented mug + torn napkins',
    body: 'Hey, two problems with order #{o1}. One of the three enamel camp mugs showed up with a big dent and the enamel flaked off around it, and the linen napkins came with a rip along the hem of one of them. Other two mugs are fine. Can I get refunded for the dented mug and the napkins?',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['MUG-ENAMEL', 1],
        ['NAPKIN-LINEN', 1],
      ],
    },
    // Mugs 4200 less the free one: 2800; then 10% of 2800 + 2200 = 500, 280 / 220. One mug half_up(2520 / 3) = 840, napkins 1980.
    expect: { outcome: 'auto', amount: 2820 },
    note: 'a line offer before an order code',
  },
  {
    lang: 'fr',
    who: { name: 'Élise Marchand' },
    orders: [{ items: ['GRINDER-BURR', 'COASTER-CORK'], discounts: [{ code: 'CAFE15', pct: 15 }], ful: 8 }],
    subject: 'Moulin à café en panne',
    body: "Bonjour, le moulin à café de ma commande {o1} ne fonctionne plus : le moteur tourne mais les meules ne broient rien. J'avais utilisé le code CAFE15. Les dessous de verre vont bien. Je souhaiterais un remboursement pour le moulin.\n\nCordialement,\nÉlise Marchand",
    claim: { order: 'o1', reason: 'defective', lines: [['GRINDER-BURR', 1]] },
    // 15% of 13800 = 2070, 1935 on the grinder: 10965, still over the limit.
    expect: { outcome: 'approval', amount: 10965, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Imogen Hartley' },
    orders: [{ items: ['BOWL-NEST', 'SPOON-OLIVE'], discounts: [{ code: 'BAKE20', pct: 20 }], shipping: [{ price: 695 }], ful: 4 }],
    subject: 'Nesting bowls - replacement please',
    body: "Hi, the nesting bowls from order {o1} came with the smallest bowl cracked. I'd really rather have a replacement set than a refund - I got them with 20% off and won't find that price again. Can you send me a new set?",
    claim: { order: 'o1', remedy: 'replacement', reason: 'damaged', lines: [['BOWL-NEST', 1]] },
    // Returns are on (policy.json), so a replacement is an exchange; the order's line names no variant to ship: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
  },
];
