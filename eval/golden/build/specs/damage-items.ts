// Specs: single_damaged, several_items.
import type { Spec } from '../dsl.js';

export const single_damaged: Spec[] = [
  {
    who: { name: 'Megan Hollis' },
    orders: [{ items: ['MUG-STONE'], ful: 4 }],
    subject: 'Mug arrived cracked',
    body: "Hi there,\n\nMy order #{o1} came yesterday and the stoneware mug has a crack running right down the side, it leaks when I fill it. Could I get a refund please? I've attached a photo.\n\nThanks,\nMegan",
    claim: { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]] },
    expect: { outcome: 'auto', amount: 1800 },
  },
  {
    who: { name: 'Tom Beckett' },
    orders: [{ items: ['LAMP-DESK'], ful: 8 }],
    subject: 'Desk lamp broken on arrival',
    body: 'Hello, the linen desk lamp from order {o1} arrived with the base snapped off from the stem. The box was crushed on one corner so I guess it happened in shipping. I would like a refund rather than waiting for another one.\nTom',
    claim: { order: 'o1', reason: 'damaged', lines: [['LAMP-DESK', 1]] },
    expect: { outcome: 'approval', amount: 7900, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Priya Raman' },
    orders: [{ items: ['BOARD-WALNUT', 'SPOON-OLIVE'], ful: 11 }],
    subject: 'cutting board split',
    body: "Hi, the walnut cutting board (order #{o1}) has a split along the grain about 6 inches long. It was like that when I unwrapped it, I haven't even used it yet. The spoon is fine. Please refund the board.",
    claim: { order: 'o1', reason: 'damaged', lines: [['BOARD-WALNUT', 1]] },
    expect: { outcome: 'approval', amount: 5400, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Daniel Ortiz' },
    orders: [{ items: ['TEAPOT-CAST', ['NAPKIN-LINEN', 2]], ful: 5 }],
    subject: 'Teapot chipped',
    body: "Good morning,\n\nI received order #{o1} today. The napkins are lovely but the cast-iron teapot has a big chip in the enamel inside the lid and a rough spot by the spout. I'd like my money back for the teapot please.\n\nBest regards,\nDaniel Ortiz",
    claim: { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]] },
    expect: { outcome: 'auto', amount: 3900 },
  },
  {
    who: { name: 'Jess Kowalski' },
    orders: [{ items: ['VASE-BUD', 'CANDLE-SOY'], ful: 2 }],
    subject: 'vase in pieces',
    body: 'hey so the bud vase in #{o1} was in about 10 pieces when I opened the box, lots of tiny glass everywhere. refund please for the vase. candle survived lol',
    claim: { order: 'o1', reason: 'damaged', lines: [['VASE-BUD', 1]] },
    expect: { outcome: 'auto', amount: 1200 },
  },
  {
    who: { name: 'Harold Greene' },
    orders: [{ items: ['FRAME-OAK'], ful: 12 }],
    subject: 'Frame glass cracked',
    body: 'To whom it may concern,\n\nThe oak photo frame I ordered (order number {o1}) was delivered with the glass pane cracked across one corner. I intended it as a gift so I cannot use it. Kindly refund the purchase.\n\nSincerely,\nHarold Greene',
    claim: { order: 'o1', reason: 'damaged', lines: [['FRAME-OAK', 1]] },
    expect: { outcome: 'auto', amount: 2600 },
  },
  {
    who: { name: 'Aisha Mensah' },
    orders: [{ items: ['KETTLE-GOOSE'], ful: 9 }],
    subject: 'Kettle does not heat',
    body: "Hi! My gooseneck kettle from order {o1} turns on (the light comes on) but the water never heats up, I tried two different outlets. It's defective. Can I get a refund?",
    claim: { order: 'o1', reason: 'defective', lines: [['KETTLE-GOOSE', 1]] },
    expect: { outcome: 'approval', amount: 6900, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Marco Bellini' },
    orders: [{ items: ['ESPRESSO-PRO', 'MUG-ENAMEL'], ful: 14 }],
    subject: 'Espresso machine leaking',
    body: "Hello,\nthe espresso machine from order #{o1} leaks water from underneath every time I pull a shot. I descaled it and followed the manual, same problem. It's clearly faulty. I want a full refund for the machine.\nMarco",
    claim: { order: 'o1', reason: 'defective', lines: [['ESPRESSO-PRO', 1]] },
    expect: { outcome: 'approval', amount: 34900, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Linda Park' },
    orders: [{ items: ['PLATE-SERVE'], ful: 20 }],
    subject: 'Serving platter broken',
    body: 'Hi team, order {o1}: the glazed serving platter arrived broken in two. The bubble wrap was fine so maybe it was cracked before packing? Either way I would like a refund. Thanks, Linda',
    claim: { order: 'o1', reason: 'damaged', lines: [['PLATE-SERVE', 1]] },
    expect: { outcome: 'auto', amount: 4800 },
  },
  {
    who: { name: 'Sophie Laurent' },
    orders: [{ items: ['VASE-CERAMIC'], ful: 7, currency: 'EUR' }],
    subject: 'Damaged vase',
    body: 'Hello, I am writing about order #{o1}. The ceramic vase has a deep crack at the base and water seeps out. Could you refund me please? Kind regards, Sophie',
    claim: { order: 'o1', reason: 'damaged', lines: [['VASE-CERAMIC', 1]] },
    expect: { outcome: 'auto', amount: 3200 },
  },
  {
    who: { name: 'Greg Wallace' },
    orders: [{ items: ['GRINDER-BURR'], ful: 40 }],
    subject: 'Grinder motor died',
    body: "The burr grinder from order {o1} worked for a few weeks and now the motor just hums and doesn't turn. Pretty disappointing for the price. Refund please.",
    claim: { order: 'o1', reason: 'defective', lines: [['GRINDER-BURR', 1]] },
    expect: { outcome: 'approval', amount: 12900, rules: ['amount_over_auto_limit', 'fulfilled_too_long_ago'] },
  },
];

export const several_items: Spec[] = [
  {
    who: { name: 'Rachel Stein' },
    orders: [{ items: ['MUG-STONE', 'BOWL-CER', 'PLATE-DINNER'], ful: 3 }],
    subject: 'Broken mug and bowl',
    body: 'Hi, order #{o1} arrived this morning. The mug and the bowl are both cracked, the plate is okay. Please refund the mug and the bowl. Thank you!',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['MUG-STONE', 1],
        ['BOWL-CER', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 3300 },
  },
  {
    who: { name: 'Kevin Doyle' },
    orders: [{ items: ['GLASS-WINE', 'CARAFE-GLASS', 'COASTER-CORK'], ful: 6 }],
    subject: 'Glassware smashed',
    body: 'Hello, the carafe and the wine glasses from {o1} were smashed when the parcel arrived, I could hear the glass rattling before I opened it. The coasters are fine obviously. I want a refund for the broken glass items.',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['GLASS-WINE', 1],
        ['CARAFE-GLASS', 1],
      ],
    },
    expect: { outcome: 'approval', amount: 5300, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Nadia Hussain' },
    orders: [{ items: ['FRAME-OAK', 'FRAME-BRASS', 'VASE-BUD'], ful: 5 }],
    subject: 'Frames arrived with broken glass',
    body: 'Hi there, both of the frames in order {o1} (the oak one and the brass one) have shattered glass. The vase is fine. Could you refund both frames please?\n\nNadia',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['FRAME-OAK', 1],
        ['FRAME-BRASS', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 4500 },
  },
  {
    who: { name: 'Chris Albright' },
    orders: [{ items: ['LAMP-DESK', ['LAMP-BULB', 2]], ful: 10 }],
    subject: 'Lamp flickers, bulbs dead',
    body: "Order #{o1}: the desk lamp flickers constantly and both of the filament bulbs are dead out of the box (tested them in another lamp). So the lamp and the 2 bulbs are defective. I'd like a refund for all of it.",
    claim: {
      order: 'o1',
      reason: 'defective',
      lines: [
        ['LAMP-DESK', 1],
        ['LAMP-BULB', 2],
      ],
    },
    expect: { outcome: 'approval', amount: 9300, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Olivia Grant' },
    orders: [{ items: ['TOWEL-TEA', 'NAPKIN-LINEN', 'CANDLE-SOY'], ful: 4 }],
    subject: 'Wrong items sent',
    body: 'Hi, I ordered the natural linen napkins and the striped tea towels in order #{o1}, but I got bright green napkins and plain white towels, neither is what I picked. The candle is right. Please refund the napkins and towels, I do not want to exchange.',
    claim: {
      order: 'o1',
      reason: 'wrong_item',
      lines: [
        ['TOWEL-TEA', 1],
        ['NAPKIN-LINEN', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 3500 },
  },
  {
    who: { name: 'Bruno Salazar' },
    orders: [{ items: ['KETTLE-STEEL', 'TEAPOT-CAST', ['MUG-ENAMEL', 2]], ful: 7 }],
    subject: 'Items missing from box',
    body: 'Hi, my package for order {o1} arrived but only the two enamel mugs were inside. The stovetop kettle and the cast iron teapot were not in the box at all. Please refund the kettle and teapot.',
    claim: {
      order: 'o1',
      reason: 'not_received',
      lines: [
        ['KETTLE-STEEL', 1],
        ['TEAPOT-CAST', 1],
      ],
    },
    expect: { outcome: 'approval', amount: 8400, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Hannah Fischer' },
    orders: [{ items: ['BOARD-BAMBOO', 'SPOON-OLIVE', 'BOARD-MARBLE'], ful: 9 }],
    subject: 'Marble board + spoon broken',
    body: "Hello! From order {o1} the marble cheese board has a crack through it and the olive wood spoon was snapped in half. The bamboo board is perfect. I'd like a refund for the two broken things please.",
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['BOARD-MARBLE', 1],
        ['SPOON-OLIVE', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 4500 },
  },
  {
    who: { name: 'Ian McAllister' },
    orders: [{ items: ['BOWL-SALAD', 'SPOON-OLIVE', 'TOWEL-TEA'], ful: 12 }],
    subject: 'salad bowl cracked and towels stained',
    body: 'hi, the acacia salad bowl in order #{o1} has a crack along the rim, and the tea towels have some kind of brown stain that does not wash out. spoon is fine. refund the bowl and towels please. ian',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['BOWL-SALAD', 1],
        ['TOWEL-TEA', 1],
      ],
    },
    expect: { outcome: 'approval', amount: 5500, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Fatima Zahra' },
    orders: [{ items: ['VASE-CERAMIC', 'CANDLE-SOY', 'COASTER-CORK'], ful: 3 }],
    subject: 'Vase and candle broken',
    body: 'Good afternoon, in order {o1} the ceramic vase and the candle jar both arrived broken. The coasters are fine. I would like to be refunded for the vase and the candle. Photos attached. Fatima',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['VASE-CERAMIC', 1],
        ['CANDLE-SOY', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 4800 },
  },
  {
    who: { name: 'Walter Nguyen' },
    orders: [{ items: ['GRINDER-BURR', 'MUG-STONE'], ful: 10 }],
    subject: 'Grinder and mug damaged',
    body: "Hi, order #{o1} came with a dented grinder (the hopper is cracked and won't sit right) and the mug is chipped. Refund both please.",
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['GRINDER-BURR', 1],
        ['MUG-STONE', 1],
      ],
    },
    expect: { outcome: 'approval', amount: 14700, rules: ['amount_over_auto_limit'] },
  },
  {
    who: { name: 'Emily Chou' },
    orders: [{ items: ['MUG-STONE', 'BOWL-CER'], ful: 5 }],
    subject: 'Mug and teapot broken',
    body: 'Hi, the mug and the teapot I bought in order {o1} both arrived broken. Can I get a refund for them?',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['MUG-STONE', 1],
        ['TEAPOT-CAST', 1],
      ],
    },
    expect: { outcome: 'escalate', esc: 'items_not_on_order' },
    note: 'the teapot is not on the order (it has a bowl): a hard refusal, the agent never refunds the mug alone',
  },
];
