// Specs: unfulfilled, change_of_mind, refund_vs_replacement (refund_status: refund-status.ts).
import type { Spec } from '../dsl.js';

export const unfulfilled: Spec[] = [
  {
    who: { name: 'Paula Jensen' },
    orders: [{ items: ['BOWL-SALAD', 'SPOON-OLIVE'], ful: null, created: 2 }],
    subject: 'Cancel my order',
    body: 'Hi, I placed order #{o1} two days ago but I need to cancel it, I ordered the wrong size bowl. Can you cancel before it ships? Thanks, Paula',
    claim: {
      order: 'o1',
      remedy: 'cancel',
      reason: 'changed_mind',
      lines: [
        ['BOWL-SALAD', 1],
        ['SPOON-OLIVE', 1],
      ],
    },
    // The set's policy enables cancelling (policy.json): the whole unshipped order, with a lead's approval.
    expect: { outcome: 'approval', amount: 5100, rules: ['cancel_needs_approval'], lines: [], remedy: 'cancel' },
  },
  {
    who: { name: 'Mark Ellison' },
    orders: [{ items: ['MUG-STONE'], ful: null, created: 12 }],
    subject: 'Never shipped - refund',
    body: "It's been 12 days since I ordered ({o1}) and it still says unfulfilled. I'm done waiting, just refund me please.",
    claim: { order: 'o1', reason: 'not_received', lines: [['MUG-STONE', 1]] },
    expect: { outcome: 'approval', amount: 1800, rules: ['not_fulfilled'] },
  },
  {
    who: { name: 'Yuki Tanaka' },
    orders: [{ items: ['BOWL-SALAD'], ful: null, created: 3 }],
    subject: 'Refund before shipping',
    body: 'Hello, I changed my mind about the salad bowl in order #{o1}. It has not shipped yet so could you refund it please? Sorry for the trouble.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['BOWL-SALAD', 1]] },
    expect: { outcome: 'approval', amount: 4200, rules: ['not_fulfilled', 'reason_not_damage_like'] },
  },
  {
    who: { name: 'Brian Costa' },
    orders: [{ items: ['LAMP-DESK'], ful: null, created: 16 }],
    subject: 'Where is the lamp? refund',
    body: 'Order {o1}, the lamp has not shipped in over two weeks and no one answers my emails. Please refund my money.',
    claim: { order: 'o1', reason: 'not_received', lines: [['LAMP-DESK', 1]] },
    expect: { outcome: 'approval', amount: 7900, rules: ['amount_over_auto_limit', 'not_fulfilled'] },
  },
  {
    who: { name: 'Heather Quinn' },
    orders: [{ items: ['KETTLE-GOOSE', ['MUG-STONE', 2]], fulfillments: [{ daysAgo: 5, deliveredDaysAgo: 2, lines: [['MUG-STONE', 2]] }] }],
    subject: 'Kettle never came',
    body: 'Hi, I got the two mugs from order #{o1} but the kettle never came and the tracking only shows the mugs. Please refund the kettle, I already bought one elsewhere.',
    claim: { order: 'o1', reason: 'not_received', lines: [['KETTLE-GOOSE', 1]] },
    expect: { outcome: 'approval', amount: 6900, rules: ['amount_over_auto_limit', 'not_fulfilled'] },
  },
  {
    who: { name: 'Luis Fernandez' },
    orders: [{ items: [['GLASS-HIGHBALL', 4]], fulfillments: [{ daysAgo: 6, deliveredDaysAgo: 3, lines: [['GLASS-HIGHBALL', 2]] }] }],
    subject: 'Only 2 glasses arrived',
    body: "Hi, order {o1} — I ordered 4 highball glasses and only got 2. The other two are still missing. Can you refund the two that didn't come?",
    claim: { order: 'o1', reason: 'not_received', lines: [['GLASS-HIGHBALL', 2]] },
    expect: { outcome: 'approval', amount: 1800, rules: ['not_fulfilled'] },
    note: 'partial fulfilment: the missing units are the unshipped ones',
  },
  {
    who: { name: 'Karen Holt' },
    orders: [{ items: ['FRAME-OAK', 'FRAME-BRASS'], fulfillments: [{ daysAgo: 4, deliveredDaysAgo: 1, lines: [['FRAME-OAK', 1]] }] }],
    subject: 'Oak frame cracked',
    body: "Hi, the oak frame from order #{o1} came yesterday (the brass one hasn't shipped yet, that's fine). The oak frame's glass is cracked. Please refund the oak frame.",
    claim: { order: 'o1', reason: 'damaged', lines: [['FRAME-OAK', 1]] },
    expect: { outcome: 'auto', amount: 2600 },
    note: 'partial fulfilment, but the claimed line shipped',
  },
  {
    who: { name: 'Dmitri Volkov' },
    orders: [{ items: ['TEAPOT-CAST', 'TOWEL-TEA'], ful: null, created: 5 }],
    subject: 'When will it ship?',
    body: 'Hello, can you tell me when order {o1} will ship? It has been 5 days. I need it for a birthday next weekend.',
    claim: { order: 'o1', remedy: 'other', reason: 'other' },
    expect: { outcome: 'escalate', esc: 'not_refund_request' },
  },
  {
    who: { name: 'Rebecca Lowe' },
    orders: [{ items: ['TEAPOT-CAST', 'CANDLE-SOY'], ful: null, created: 4 }],
    subject: 'Refund the teapot please',
    body: "Hi, I'd like a refund for the teapot in order #{o1}, which hasn't shipped yet. I found one at a local shop. Please still send the candle.",
    claim: { order: 'o1', reason: 'changed_mind', lines: [['TEAPOT-CAST', 1]] },
    expect: { outcome: 'approval', amount: 3900, rules: ['not_fulfilled', 'reason_not_damage_like'] },
  },
  {
    who: { name: 'Stefan Braun' },
    orders: [{ items: ['NAPKIN-LINEN', 'TOWEL-TEA'], ful: null, created: 21, currency: 'EUR' }],
    subject: 'Order not shipped after 3 weeks',
    body: 'Hello, my order {o1} (napkins and tea towels) has not shipped after three weeks. I need my money back for both items please.',
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['NAPKIN-LINEN', 1],
        ['TOWEL-TEA', 1],
      ],
    },
    expect: { outcome: 'approval', amount: 3500, rules: ['not_fulfilled'] },
  },
  {
    who: { name: 'Nina Castellano' },
    orders: [{ items: ['MUG-SET4', 'CARAFE-GLASS'], fulfillments: [{ daysAgo: 9, deliveredDaysAgo: 6, lines: [['MUG-SET4', 1]] }] }],
    subject: 'Cancel the carafe',
    body: "Hi, the mugs from order #{o1} arrived, thank you. The carafe still hasn't shipped — please just cancel it, I'll keep the mugs.",
    claim: { order: 'o1', remedy: 'cancel', reason: 'changed_mind', lines: [['CARAFE-GLASS', 1]] },
    // The mugs shipped, so the order is no longer one of which nothing has shipped.
    expect: { outcome: 'escalate', esc: 'order_not_cancellable' },
  },
];

export const change_of_mind: Spec[] = [
  {
    who: { name: 'Abby Sutton' },
    orders: [{ items: ['MUG-STONE'], ful: 6 }],
    subject: 'Return / refund',
    body: "Hi, the mug from order {o1} is lovely but it doesn't match the rest of my kitchen at all. Can I return it for a refund?",
    claim: { order: 'o1', reason: 'changed_mind', lines: [['MUG-STONE', 1]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 1800 less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 1300, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Howard Lin' },
    orders: [{ items: ['LAMP-CERAMIC'], ful: 9 }],
    subject: 'Lamp too big',
    body: 'Hello, the ceramic table lamp (order #{o1}) is much bigger than I expected from the photos and it does not fit on my nightstand. I would like to return it and get a refund.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['LAMP-CERAMIC', 1]] },
    // Returns are on (policy.json): a return whose refund on receipt, 12500 less the 500 fee, is over the limit.
    expect: { outcome: 'approval', amount: 12000, rules: ['amount_over_auto_limit'], remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Tara Gill' },
    orders: [{ items: ['BOWL-SALAD'], ful: 3 }],
    subject: 'Found it cheaper',
    body: 'Hi, I found the same acacia salad bowl cheaper at another store. Could I send back order {o1} for a refund? It is unopened.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['BOWL-SALAD', 1]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 4200 less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 3700, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Owen Pritchard' },
    orders: [{ items: ['VASE-CERAMIC', 'CANDLE-SOY'], ful: 10 }],
    subject: 'Store credit instead',
    body: "Hi, I don't love the vase from order #{o1} now that I see it in person. Could I get store credit instead so I can pick something else?",
    claim: { order: 'o1', remedy: 'store_credit', reason: 'changed_mind', lines: [['VASE-CERAMIC', 1]] },
    // The set's policy enables store credit: gated as a refund would be (a change of mind needs a lead).
    expect: { outcome: 'approval', amount: 3200, rules: ['reason_not_damage_like'], remedy: 'store_credit' },
  },
  {
    who: { name: 'Diana Frost' },
    orders: [{ items: ['FRAME-GALLERY'], ful: 45 }],
    subject: 'Return gallery frames',
    body: "Hello, I bought the gallery wall frame set (order {o1}) for a wall we've now decided to paint instead. They're still in the box. Could I return them for a refund?",
    claim: { order: 'o1', reason: 'changed_mind', lines: [['FRAME-GALLERY', 1]] },
    expect: { outcome: 'approval', amount: 8900, rules: ['amount_over_auto_limit', 'fulfilled_too_long_ago', 'reason_not_damage_like'] },
  },
  {
    who: { name: 'Colin Murphy' },
    orders: [{ items: [['GLASS-WINE', 2]], ful: 5 }],
    subject: 'Ordered too many',
    body: 'Hi, I accidentally ordered two pairs of wine glasses in order #{o1}, I only need one pair. Can I get a refund for one pair?',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['GLASS-WINE', 1]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; one pair at 2800 less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 2300, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Isabel Romero' },
    orders: [{ items: ['MUG-ENAMEL', 'TOWEL-TEA'], ful: 4 }],
    subject: 'Exchange colour',
    body: 'Hi, I got the enamel mug in white (order {o1}) but I would prefer the blue one. Could you exchange it for the blue colour?',
    claim: { order: 'o1', remedy: 'replacement', reason: 'changed_mind', lines: [['MUG-ENAMEL', 1]] },
    // Returns are on (policy.json): an exchange for another colour; the order's line names no variant and the store lists no blue one: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
  },
  {
    who: { name: 'Patrick Nolan' },
    orders: [{ items: [['CANDLE-SOY', 3]], ful: 8 }],
    subject: 'Candles too strong',
    body: 'Hello, the scent of the soy candles from order #{o1} is way too strong for me, gives me a headache. I have not burned the other two. Could I get a refund for all three?',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['CANDLE-SOY', 3]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 3 × 1600 less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 4300, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Vanessa Reid' },
    orders: [{ items: ['KETTLE-STEEL'], ful: 7 }],
    subject: 'Duplicate gift',
    body: 'Hi, my partner bought me the exact same stovetop kettle so I have two now. Could I return the one from order {o1} for a refund? It is still sealed.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['KETTLE-STEEL', 1]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 4500 less the 500 fee, refunded on receipt.
    expect: { outcome: 'auto', amount: 4000, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Clara Wagner' },
    orders: [{ items: ['TEAPOT-CAST'], ful: 12, currency: 'EUR' }],
    subject: 'Return teapot',
    body: 'Hello, I no longer need the cast iron teapot from order #{o1}. I would like to send it back and get a refund. It has not been used.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['TEAPOT-CAST', 1]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 3900 less the 500 fee, refunded on receipt (EUR).
    expect: { outcome: 'auto', amount: 3400, remedy: 'return', terms: { fee: 500 } },
  },
  {
    who: { name: 'Neil Harper' },
    orders: [{ items: [['TOWEL-TEA', 2]], ful: 6 }],
    subject: 'Towels not like the photos',
    body: 'Hi, the tea towels in order {o1} look nothing like the photos, much thinner and the colour is duller. Not damaged, just not what I expected. I want a refund for both packs.',
    claim: { order: 'o1', reason: 'changed_mind', lines: [['TOWEL-TEA', 2]] },
    // Returns are on (policy.json): a change of mind inside the window is a return; 2 × 1300 less the 500 fee, refunded on receipt; "not what I expected" is a change of mind.
    expect: { outcome: 'auto', amount: 2100, remedy: 'return', terms: { fee: 500 } },
  },
];

export const refund_vs_replacement: Spec[] = [
  {
    who: { name: 'Gemma Lowry' },
    orders: [{ items: ['MUG-STONE'], ful: 3 }],
    subject: 'Broken mug - replacement please',
    body: "Hi, my mug from order #{o1} arrived broken. I don't want a refund, send a replacement please, it was a gift and I love the colour.",
    claim: { order: 'o1', remedy: 'replacement', reason: 'damaged', lines: [['MUG-STONE', 1]] },
    // Returns are on (policy.json), so a replacement is an exchange; the order's line names no variant to ship: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
  },
  {
    who: { name: 'Andre Dupont' },
    orders: [{ items: ['LAMP-DESK'], ful: 6 }],
    subject: 'Lamp shade torn',
    body: 'Hello, the linen shade on my desk lamp (order {o1}) arrived torn. Could you send me a new one?',
    claim: { order: 'o1', remedy: 'replacement', reason: 'damaged', lines: [['LAMP-DESK', 1]] },
    // Returns are on (policy.json), so a replacement is an exchange; the order's line names no variant to ship: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
  },
  {
    who: { name: 'Kirsten Holm' },
    orders: [{ items: ['BOWL-CER', 'PLATE-DINNER'], ful: 5 }],
    subject: 'Refund, not a replacement',
    body: "Hi, the bowl from order #{o1} is cracked. Please refund it, NOT a replacement — honestly I don't trust it to survive shipping a second time.",
    claim: { order: 'o1', reason: 'damaged', lines: [['BOWL-CER', 1]] },
    expect: { outcome: 'auto', amount: 1500 },
  },
  {
    who: { name: 'Rob Mitchell' },
    orders: [{ items: ['FRAME-BRASS'], ful: 8 }],
    subject: 'Frame bent',
    body: "Hi, the brass frame in order {o1} arrived bent at the corner. Please replace it, and if you can't, then refund me.",
    claim: { order: 'o1', remedy: 'replacement', reason: 'damaged', lines: [['FRAME-BRASS', 1]] },
    // Returns are on (policy.json), so a replacement is an exchange; the order's line names no variant to ship: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
    note: 'a replacement first: a person handles it',
  },
  {
    who: { name: 'Lena Hoffman' },
    orders: [{ items: ['TEAPOT-CAST', 'SPOON-OLIVE'], ful: 4 }],
    subject: 'Teapot lid cracked',
    body: "Hello, the teapot lid in order #{o1} is cracked. Just refund the teapot, I don't need a replacement. Thanks!",
    claim: { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]] },
    expect: { outcome: 'auto', amount: 3900 },
  },
  {
    who: { name: 'Zach Morgan' },
    orders: [{ items: ['KETTLE-STEEL', 'MUG-ENAMEL'], ful: 6 }],
    subject: 'Missing kettle',
    body: 'Hi, the kettle was missing from my order {o1}, only the mug came. Can you send the missing kettle please?',
    claim: { order: 'o1', remedy: 'replacement', reason: 'not_received', lines: [['KETTLE-STEEL', 1]] },
    expect: { outcome: 'escalate', esc: 'not_refund_request' },
  },
  {
    who: { name: 'Bianca Russo' },
    orders: [{ items: ['FRAME-OAK'], ful: 10 }],
    subject: 'Swap frame size',
    body: 'Hi, could I swap the oak frame from order #{o1} for the larger 11x14 size? I measured wrong.',
    claim: { order: 'o1', remedy: 'replacement', reason: 'changed_mind', lines: [['FRAME-OAK', 1]] },
    // Returns are on (policy.json): a swap for another size is an exchange; the order's line names no variant: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
  },
  {
    who: { name: 'Tyler Grant' },
    orders: [{ items: ['GLASS-TUMBLER'], ful: 2 }],
    subject: 'Refund to card please',
    body: 'hey the tumbler set from order {o1} came with 2 glasses smashed. refund to my card pls, not store credit, not a replacement.',
    claim: { order: 'o1', reason: 'damaged', lines: [['GLASS-TUMBLER', 1]] },
    expect: { outcome: 'auto', amount: 3400 },
    note: 'the set is one line item: two broken glasses make the set (quantity 1) damaged',
  },
  {
    who: { name: 'Maya Patel' },
    orders: [{ items: ['PLATE-SERVE'], ful: 7 }],
    subject: 'Platter chipped',
    body: "Hi, my serving platter (order #{o1}) has a chip on the edge. I'd rather have a replacement than a refund — maybe wrap the new one a bit better? Thanks.",
    claim: { order: 'o1', remedy: 'replacement', reason: 'damaged', lines: [['PLATE-SERVE', 1]] },
    // Returns are on (policy.json), so a replacement is an exchange; the order's line names no variant to ship: a person.
    expect: { outcome: 'escalate', esc: 'exchange_unknown_variant' },
  },
  {
    who: { name: 'Frank Delgado' },
    orders: [{ items: ['ESPRESSO-PRO'], ful: 20 }],
    subject: 'Espresso machine repair',
    body: 'Hello, the steam wand on my espresso machine (order {o1}) stopped working. Is it covered by warranty? Can you arrange a repair?',
    claim: { order: 'o1', remedy: 'other', reason: 'defective', lines: [['ESPRESSO-PRO', 1]] },
    expect: { outcome: 'escalate', esc: 'not_refund_request' },
  },
  {
    who: { name: 'Holly Bennett' },
    orders: [{ items: ['CARAFE-GLASS', 'COASTER-CORK'], ful: 5 }],
    subject: 'Carafe cracked - refund',
    body: "Hi, you offered a replacement on the phone but I've thought about it and I'd prefer a refund for the cracked carafe from order #{o1}. Thanks, Holly",
    claim: { order: 'o1', reason: 'damaged', lines: [['CARAFE-GLASS', 1]] },
    expect: { outcome: 'auto', amount: 2500 },
  },
];
