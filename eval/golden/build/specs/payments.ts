// Specs: markets_currency, split_payments — refunds on orders as real stores take them. Markets:
// the USD shop sold in the customer's currency (EUR, GBP, CAD; `paid` is the line's price in it),
// so the limits compare the dollars and the customer gets back what they paid in their currency.
// Split payments: an order paid partly by gift card and partly by card (or PayPal), or captured in
// two parts; the refund is the lines' price whatever payments it goes back to.
import type { Spec } from '../dsl.js';

export const markets_currency: Spec[] = [
  {
    who: { name: 'Sophie Laurent' },
    orders: [{ paidIn: 'EUR', items: [['MUG-STONE', 1, { paid: 1660 }]], ful: 4 }],
    subject: 'Broken mug',
    body: 'Hello, I live in Belgium and ordered the stoneware mug (order {o1}). It arrived broken in two pieces. Could I have a refund please?',
    claim: { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]] },
    expect: { outcome: 'auto', amount: 1800, paid: 1660 },
  },
  {
    who: { name: 'Oliver Bramwell' },
    orders: [{ paidIn: 'GBP', items: [['BOARD-WALNUT', 1, { paid: 4270 }]], ful: 6 }],
    subject: 'Split chopping board',
    body: 'Hi, the walnut board from order #{o1} has split along the grain after one wash. I paid £42.70 for it, please refund me.',
    claim: { order: 'o1', reason: 'defective', lines: [['BOARD-WALNUT', 1]] },
    expect: { outcome: 'approval', amount: 5400, rules: ['amount_over_auto_limit'], paid: 4270 },
    note: 'under 50 in pounds, over the limit in the shop dollars',
  },
  {
    who: { name: 'Chloe Tremblay' },
    orders: [{ paidIn: 'CAD', items: [['KETTLE-STEEL', 1, { paid: 6160 }]], ful: 5 }],
    subject: 'Dented kettle',
    body: 'Hi from Montreal! The stovetop kettle in order {o1} came with a big dent in the side and the lid will not sit flat. It cost me C$61.60, can I get that refunded?',
    claim: { order: 'o1', reason: 'damaged', lines: [['KETTLE-STEEL', 1]] },
    expect: { outcome: 'auto', amount: 4500, paid: 6160 },
    note: 'over 50 in Canadian dollars, within the limit in the shop dollars',
  },
  {
    who: { name: 'Liam Gagnon' },
    orders: [
      {
        paidIn: 'CAD',
        items: [
          ['BOWL-SALAD', 1, { paid: 5750 }],
          ['SPOON-OLIVE', 1, { paid: 1230 }],
        ],
        ful: 3,
      },
    ],
    subject: 'Wrong bowl',
    body: 'Order {o1}: you sent a white ceramic bowl instead of the acacia salad bowl I ordered. The spoon was right. Refund for the bowl please.',
    claim: { order: 'o1', reason: 'wrong_item', lines: [['BOWL-SALAD', 1]] },
    expect: { outcome: 'auto', amount: 4200, paid: 5750 },
  },
  {
    who: { name: 'Anke de Vries' },
    orders: [{ paidIn: 'EUR', items: [['GLASS-HIGHBALL', 6, { paid: 830 }]], ful: 5 }],
    subject: 'Glasses broken',
    body: 'Hi, three of the six highball glasses from order #{o1} were broken when I opened the box. The other three are fine. Please refund the broken ones.',
    claim: { order: 'o1', reason: 'damaged', lines: [['GLASS-HIGHBALL', 3]] },
    expect: { outcome: 'auto', amount: 2700, paid: 2490 },
  },
  {
    who: { name: 'Fiona MacLeod' },
    orders: [{ paidIn: 'GBP', items: [['BOWL-CER', 4, { paid: 1190 }]], ful: 7 }],
    subject: 'bowls',
    body: 'Two of the four cereal bowls in order {o1} have cracks in the glaze, the other two look ok. Could I get a refund for those two? Cheers, Fiona',
    claim: { order: 'o1', reason: 'damaged', lines: [['BOWL-CER', 2]] },
    expect: { outcome: 'auto', amount: 3000, paid: 2380 },
  },
  {
    lang: 'fr',
    who: { name: 'Mathilde Rousseau' },
    orders: [{ paidIn: 'EUR', items: [['LAMP-DESK', 1, { paid: 7290 }]], ful: 9 }],
    subject: 'Lampe défectueuse',
    body: "Bonjour, la lampe de bureau en lin de la commande {o1} ne s'allume plus, l'interrupteur est cassé. Je voudrais être remboursée des 72,90 € s'il vous plaît.",
    claim: { order: 'o1', reason: 'defective', lines: [['LAMP-DESK', 1]] },
    expect: { outcome: 'approval', amount: 7900, rules: ['amount_over_auto_limit'], paid: 7290 },
  },
  {
    lang: 'de',
    who: { name: 'Felix Hartmann' },
    orders: [
      {
        paidIn: 'EUR',
        items: [
          ['VASE-CERAMIC', 1, { paid: 2950 }],
          ['CANDLE-SOY', 1, { paid: 1480 }],
        ],
        ful: 6,
      },
    ],
    subject: 'Rückgabe Vase',
    body: 'Hallo, die Keramikvase aus Bestellung {o1} passt leider farblich gar nicht zu unserem Wohnzimmer. Sie ist unbenutzt. Kann ich sie zurückgeben und das Geld zurückbekommen? Die Kerze behalte ich.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['VASE-CERAMIC', 1]] },
    // Returns are on (policy.json): a return, 3200 less the 500 fee on receipt. No figure in the paid currency: nothing is paid until then.
    expect: { outcome: 'auto', amount: 2700, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Noah Fraser' },
    orders: [{ paidIn: 'CAD', items: [['TEAPOT-CAST', 1, { paid: 5340 }]], ful: 10, delivered: null }],
    subject: 'Teapot never arrived',
    body: "Hi, my order {o1} (cast iron teapot) shipped ten days ago and it never showed up. Tracking hasn't moved in a week. I'd like a refund please.",
    claim: { order: 'o1', reason: 'not_received', lines: [['TEAPOT-CAST', 1]] },
    expect: { outcome: 'auto', amount: 3900, paid: 5340 },
  },
  {
    who: { name: 'Eleanor Price' },
    orders: [
      {
        paidIn: 'GBP',
        items: [
          ['MUG-STONE', 1, { paid: 1420 }],
          ['PLATE-DINNER', 2, { paid: 1260 }],
        ],
        ful: 4,
      },
    ],
    subject: 'Damaged in transit',
    body: 'Hello, order {o1} arrived yesterday. The mug has a crack and one of the two dinner plates is chipped on the edge. The other plate is perfect. Please can you refund the mug and the chipped plate.',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['MUG-STONE', 1],
        ['PLATE-DINNER', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 3400, paid: 2680 },
  },
  {
    lang: 'es',
    who: { name: 'Alejandro Torres' },
    orders: [
      {
        paidIn: 'EUR',
        items: [
          ['BOARD-MARBLE', 1, { paid: 3320 }],
          ['CARAFE-GLASS', 1, { paid: 2310 }],
        ],
        ful: 3,
      },
    ],
    subject: 'Pedido dañado',
    body: 'Hola, el pedido {o1} llegó con la caja aplastada: la tabla de mármol está partida y la jarra de cristal también está rota. Quisiera el reembolso de las dos cosas, por favor.',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['BOARD-MARBLE', 1],
        ['CARAFE-GLASS', 1],
      ],
    },
    expect: { outcome: 'approval', amount: 6100, rules: ['amount_over_auto_limit'], paid: 5630 },
  },
  {
    who: { name: 'Harriet Quinn' },
    orders: [{ paidIn: 'GBP', items: [['FRAME-OAK', 1, { paid: 2050 }]], ful: 35 }],
    subject: 'Frame glass cracked',
    body: "Hi, I'm only now hanging the oak frame from order #{o1} and the glass is cracked in the corner. I know it's been over a month, sorry! Could I get a refund?",
    claim: { order: 'o1', reason: 'damaged', lines: [['FRAME-OAK', 1]] },
    expect: { outcome: 'approval', amount: 2600, rules: ['fulfilled_too_long_ago'], paid: 2050 },
  },
  {
    who: { name: 'Ethan Bouchard' },
    orders: [{ paidIn: 'CAD', items: [['PLATE-SERVE', 1, { price: 5000, paid: 6850 }]], ful: 5 }],
    subject: 'Platter chipped',
    body: 'Hi, the serving platter (order {o1}) arrived with a chunk missing from the rim. I paid C$68.50, please refund it.',
    claim: { order: 'o1', reason: 'damaged', lines: [['PLATE-SERVE', 1]] },
    expect: { outcome: 'auto', amount: 5000, paid: 6850 },
    note: 'exactly the limit in the shop dollars, well over 50 in Canadian dollars',
  },
];

const giftAndCard = (gift: number, card: number) => [
  { gateway: 'gift_card' as const, amount: gift },
  { gateway: 'shopify_payments' as const, amount: card },
];
const twoCaptures = (first: number, second: number) => [
  { gateway: 'shopify_payments' as const, amount: first, kind: 'CAPTURE' as const },
  { gateway: 'shopify_payments' as const, amount: second, kind: 'CAPTURE' as const },
];

export const split_payments: Spec[] = [
  {
    who: { name: 'Gemma Holloway' },
    orders: [{ items: ['MUG-STONE', 'BOWL-SALAD'], payments: giftAndCard(2000, 4000), ful: 5 }],
    subject: 'Salad bowl cracked',
    body: 'Hi, the acacia salad bowl in order {o1} arrived with a crack along the side. I paid part with a gift card and the rest on my Visa, whatever is easiest for the refund. The mug is fine.',
    claim: { order: 'o1', reason: 'damaged', lines: [['BOWL-SALAD', 1]] },
    expect: { outcome: 'auto', amount: 4200 },
    note: 'more than the gift card paid: the refund goes back to both',
  },
  {
    who: { name: 'Patrick Doherty' },
    orders: [{ items: ['MUG-STONE', 'GLASS-WINE'], payments: giftAndCard(4000, 600), ful: 6 }],
    subject: 'Chipped mug',
    body: 'The stoneware mug from order #{o1} has a chip on the handle. Refund please.',
    claim: { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]] },
    expect: { outcome: 'auto', amount: 1800 },
  },
  {
    who: { name: 'Isla Bennett' },
    orders: [{ items: ['KETTLE-STEEL', 'SPOON-OLIVE'], payments: twoCaptures(3000, 2400), ful: 4 }],
    subject: 'Kettle whistle broken',
    body: "Hello, the whistle on the stovetop kettle (order {o1}) doesn't work and the handle is loose. I'd like a refund for the kettle.",
    claim: { order: 'o1', reason: 'defective', lines: [['KETTLE-STEEL', 1]] },
    expect: { outcome: 'auto', amount: 4500 },
    note: 'captured in two parts: the refund spans both captures',
  },
  {
    who: { name: 'Caleb Summers' },
    orders: [{ items: ['LAMP-DESK'], payments: giftAndCard(2500, 5400), ful: 5 }],
    subject: 'Lamp arrived broken',
    body: 'Order {o1}: the linen desk lamp arrived with the base snapped off. I used my $25 gift card on this plus my card. Please refund.',
    claim: { order: 'o1', reason: 'damaged', lines: [['LAMP-DESK', 1]] },
    expect: { outcome: 'approval', amount: 7900, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Rosa Delgado' },
    orders: [{ items: ['FRAME-OAK', 'BOARD-MARBLE'], payments: giftAndCard(1000, 5200), ful: 8, refunds: [{ daysAgo: 5, amount: 1000 }] }],
    subject: 'Frame glass broken',
    body: 'Hi again, thanks for the $10 credit for the late delivery of order {o1}. Now I have opened everything, the glass in the oak frame is shattered. Could I get a refund for the frame?',
    claim: { order: 'o1', reason: 'damaged', lines: [['FRAME-OAK', 1]] },
    expect: { outcome: 'auto', amount: 2600 },
    note: 'the earlier refund used up the gift card: this one goes to the card',
  },
  {
    who: { name: 'Stefan Kowalski' },
    orders: [{ items: [['GLASS-TUMBLER', 3]], payments: giftAndCard(5000, 5200), ful: 3 }],
    subject: 'one set shattered',
    body: 'Hi, I ordered three sets of tumbler glasses (#{o1}). One of the three sets arrived completely shattered, the other two are fine. Can you refund that one set?',
    claim: { order: 'o1', reason: 'damaged', lines: [['GLASS-TUMBLER', 1]] },
    expect: { outcome: 'auto', amount: 3400 },
  },
  {
    who: { name: 'Yasmin Haddad' },
    orders: [
      {
        items: ['CARAFE-GLASS', 'TRIVET-IRON', 'SPOON-OLIVE'],
        payments: [
          { gateway: 'gift_card', amount: 1500 },
          { gateway: 'paypal', amount: 3600 },
        ],
        ful: 6,
      },
    ],
    subject: 'Wrong carafe',
    body: 'Hi, in order {o1} I got a small 0.5 L carafe instead of the 1 litre one I paid for. Trivet and spoon are right. Please refund the carafe (I paid with a gift card and PayPal).',
    claim: { order: 'o1', reason: 'wrong_item', lines: [['CARAFE-GLASS', 1]] },
    expect: { outcome: 'auto', amount: 2500 },
  },
  {
    lang: 'it',
    who: { name: 'Chiara Esposito' },
    orders: [{ items: [['PLATE-DINNER', 4]], payments: giftAndCard(2500, 3900), ful: 4, currency: 'EUR' }],
    subject: 'Piatti rotti',
    body: "Buongiorno, nell'ordine {o1} due dei quattro piatti piani sono arrivati rotti. Ho pagato in parte con una carta regalo e in parte con la carta di credito. Vorrei il rimborso dei due piatti rotti. Grazie",
    claim: { order: 'o1', reason: 'damaged', lines: [['PLATE-DINNER', 2]] },
    expect: { outcome: 'auto', amount: 3200 },
  },
  {
    who: { name: 'Derek Lawson' },
    orders: [{ items: ['VASE-CERAMIC', 'COASTER-CORK'], payments: giftAndCard(2000, 2100), ful: 9 }],
    subject: 'Return vase',
    body: "Hi, I'd like to return the ceramic vase from order {o1}. It's fine, it just looks too big on the shelf. Refund to wherever it came from is fine, I used a gift card for part of it.",
    claim: { order: 'o1', reason: 'changed_mind', lines: [['VASE-CERAMIC', 1]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 3200 less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 2700, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Morgan Ellis' },
    orders: [
      {
        items: ['BOWL-NEST', 'TOWEL-TEA'],
        payments: twoCaptures(3000, 2100),
        fulfillments: [{ daysAgo: 5, deliveredDaysAgo: 3, lines: [['TOWEL-TEA', 1]] }],
      },
    ],
    subject: 'Where are my bowls?',
    body: "The tea towels from order #{o1} came but the nesting bowls never did. I was charged twice on my card for this order. Please refund the bowls, I don't want to wait any more.",
    claim: { order: 'o1', reason: 'not_received', lines: [['BOWL-NEST', 1]] },
    expect: { outcome: 'approval', amount: 3800, rules: ['not_fulfilled'] },
  },
  {
    who: { name: 'Tessa Rowland' },
    orders: [{ items: ['BOWL-NEST', 'VASE-BUD'], payments: twoCaptures(2500, 2500), ful: 4 }],
    subject: 'Everything broken',
    body: 'Hi, both items in order {o1}, the nesting bowls and the bud vase, arrived smashed. The box looked like it had been dropped. Please refund the whole order.',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['BOWL-NEST', 1],
        ['VASE-BUD', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 5000 },
    note: 'the whole order, exactly the limit, across two captures',
  },
  {
    who: { name: 'Gavin Price' },
    orders: [{ items: ['TEAPOT-CAST', 'NAPKIN-LINEN'], payments: giftAndCard(3000, 3100), ful: 5 }],
    subject: 'teapot crakced',
    body: 'hi, payed with a giftcard and my debit card for ordr {o1}, the teapot is crakced on the spout. napkins fine. refund for teapot pls',
    claim: { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]] },
    expect: { outcome: 'auto', amount: 3900 },
  },
];
