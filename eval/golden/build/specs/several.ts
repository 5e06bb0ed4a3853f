// Specs: several_requests — one ticket asking for things about several orders (docs/policy.md "One
// ticket, several requests"): each request is its own run on its own order, and the ticket's automatic
// refunds together stay within the limit. Written so that no label depends on which run decides first
// (the checker tries every order): at most one small refund beside others that need a lead on their
// own, or small refunds whose sum stays within the limit by a customer with no recent refunds. The
// last two stay one run: two requests on one order, a second order only mentioned.
import type { ExpectSpec, Ref, RequestSpec, Spec } from '../dsl.js';

type Several = Omit<Spec, 'claim' | 'expect'> & { mentioned?: Ref[]; requests: Array<RequestSpec & { expect: ExpectSpec }> };

/** A ticket with several requests: the claim's fields and the expectation are the first request's, with every request's listed. */
function several({ mentioned, requests, ...rest }: Several): Spec {
  const [first] = requests;
  if (!first || requests.length < 2) throw new Error(`${rest.subject}: several requests need at least two`);
  return {
    ...rest,
    claim: {
      order: first.order,
      ...(mentioned ? { mentioned } : {}),
      ...(first.remedy ? { remedy: first.remedy } : {}),
      reason: first.reason,
      ...(first.lines ? { lines: first.lines } : {}),
      ...(first.unclear ? { unclear: first.unclear } : {}),
      ...(first.flags ? { flags: first.flags } : {}),
      requests: requests.map(({ expect: _expect, ...request }) => request),
    },
    expect: { ...first.expect, requests: requests.map((r) => r.expect) },
  };
}

const CANCEL: Pick<ExpectSpec, 'rules' | 'lines' | 'remedy'> = { rules: ['cancel_needs_approval'], lines: [], remedy: 'cancel' };

export const several_requests: Spec[] = [
  several({
    who: { name: 'Rosalind Achebe' },
    orders: [
      { items: ['MUG-STONE'], ful: 4 },
      { items: ['CANDLE-SOY', 'NAPKIN-LINEN'], ful: null, created: 1 },
    ],
    subject: 'Cracked mug + cancel an order',
    body: "Hello! Two things. Order #{o1}: the stoneware mug arrived with a crack down the side, please refund it. Also, could you cancel order #{o2}? It hasn't shipped yet and I ordered the candle and napkins twice by mistake.",
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]], expect: { outcome: 'auto', amount: 1800 } },
      { order: 'o2', remedy: 'cancel', reason: 'changed_mind', lines: [], expect: { outcome: 'approval', amount: 3800, ...CANCEL } },
    ],
    note: 'a refund and a cancel on two orders: two runs, the refund automatic, the cancel a lead’s',
  }),
  several({
    who: { name: 'Tobias Lindqvist' },
    orders: [
      { items: ['FRAME-BRASS'], ful: 5 },
      { items: ['BOWL-CER', 'PLATE-DINNER'], ful: 7 },
    ],
    subject: 'Two damaged deliveries',
    body: 'Hi there, I am having bad luck with deliveries. In order {o1} the glass of the brass frame was smashed when I opened the box. And in order {o2} the cereal bowl has a big chip on the rim (the plate is fine). Could I get refunds for the frame and the bowl please?',
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['FRAME-BRASS', 1]], expect: { outcome: 'auto', amount: 1900 } },
      { order: 'o2', reason: 'damaged', lines: [['BOWL-CER', 1]], expect: { outcome: 'auto', amount: 1500 } },
    ],
    note: 'two refunds on two orders, $19 + $15 within the automatic limit together: both automatic',
  }),
  several({
    who: { name: 'Marisol Quintero' },
    orders: [
      { items: ['MUG-HANDMADE'], ful: 6 },
      { items: ['BOARD-WALNUT'], ful: 9 },
    ],
    subject: 'Refunds for two orders',
    body: 'Good morning. The handmade mug from order {o1} came broken in two pieces, I would like a refund. The walnut cutting board from order {o2} split along the grain after the first wash, so please refund that one too.',
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['MUG-HANDMADE', 1]], expect: { outcome: 'auto', amount: 2000 } },
      { order: 'o2', reason: 'defective', lines: [['BOARD-WALNUT', 1]], expect: { outcome: 'approval', amount: 5400, rules: ['amount_over_auto_limit'] } },
    ],
    note: '$20 + $54 is over the limit only with both; the $54 is over it alone, so the $20 is automatic whichever run decides first',
  }),
  several({
    who: { name: 'Desmond Okafor' },
    orders: [
      { items: ['TEAPOT-CAST'], ful: 5 },
      { items: ['FRAME-OAK', 'VASE-BUD'], ful: 24, refunds: [{ daysAgo: 9, lines: [['VASE-BUD', 1]] }] },
    ],
    subject: 'Teapot lid + where is my refund',
    body: "Hi, the cast-iron teapot from order #{o1} arrived with the lid cracked, can you refund it? Also, you told me last week that the bud vase on order #{o2} was refunded, but I still don't see it on my card. Where is that refund?",
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['TEAPOT-CAST', 1]], expect: { outcome: 'auto', amount: 3900 } },
      { order: 'o2', remedy: 'refund_status', reason: 'other', lines: [['VASE-BUD', 1]], expect: { outcome: 'answered' } },
    ],
    note: 'a refund beside a question about an earlier refund on another order: refunded, and answered from the record',
  }),
  several({
    who: { name: 'Priya Raman' },
    orders: [
      { items: ['CANDLE-SOY'], ful: 6 },
      { items: ['LAMP-CLIP'], ful: 26 },
    ],
    subject: 'Candle and lamp',
    body: 'Hello, the soy candle from order {o1} arrived with the jar smashed, please refund it. Separately, the clip-on reading lamp I bought from you a few weeks ago stopped working after a week. Could I get my money back for it as well?',
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['CANDLE-SOY', 1]], expect: { outcome: 'auto', amount: 1600 } },
      { order: null, reason: 'defective', lines: [['LAMP-CLIP', 1]], expect: { outcome: 'escalate', esc: 'request_tied_to_no_order' } },
    ],
    note: 'the lamp is asked about with no order number (the customer has two orders): that request goes to a person, the candle is refunded',
  }),
  several({
    lang: 'es',
    who: { name: 'Lucía Serrano' },
    orders: [
      { items: ['VASE-CERAMIC'], ful: 4 },
      { items: [['TOWEL-TEA', 2]], ful: null, created: 2 },
    ],
    subject: 'Jarrón roto y cancelar pedido',
    body: 'Hola, el jarrón de cerámica del pedido {o1} llegó roto, quiero el reembolso por favor. Y por favor cancelen el pedido {o2}, todavía no lo han enviado y ya no lo necesito. Gracias.',
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['VASE-CERAMIC', 1]], expect: { outcome: 'auto', amount: 3200 } },
      { order: 'o2', remedy: 'cancel', reason: 'changed_mind', lines: [], expect: { outcome: 'approval', amount: 2600, ...CANCEL } },
    ],
    note: 'Spanish: a refund and a cancel of an unshipped order',
  }),
  several({
    lang: 'de',
    who: { name: 'Jonas Weber' },
    orders: [
      { items: ['SPOON-OLIVE'], ful: 5 },
      { items: ['TRIVET-IRON'], ful: 12, delivered: null },
    ],
    subject: 'Zwei Bestellungen',
    body: 'Guten Tag, der Olivenholzlöffel aus Bestellung {o1} ist beim Auspacken zerbrochen, bitte erstatten Sie ihn. Außerdem ist die Bestellung {o2} mit dem Untersetzer aus Gusseisen nie bei mir angekommen. Bitte auch dafür das Geld zurück. Danke!',
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['SPOON-OLIVE', 1]], expect: { outcome: 'auto', amount: 900 } },
      { order: 'o2', reason: 'not_received', lines: [['TRIVET-IRON', 1]], expect: { outcome: 'auto', amount: 1700 } },
    ],
    note: 'German: a broken item and a parcel that never came, $9 + $17 within the limit together: both automatic',
  }),
  several({
    lang: 'fr',
    who: { name: 'Camille Dubois' },
    orders: [
      { items: ['KETTLE-GOOSE'], ful: 8 },
      { items: ['LAMP-BULB', 'LAMP-CLIP'], ful: 8 },
    ],
    subject: 'Bouilloire et ampoule',
    body: "Bonjour, la bouilloire électrique de la commande {o1} ne chauffe plus du tout depuis trois jours, je souhaite un remboursement. Pour la commande {o2}, l'ampoule à filament ne s'allume pas (la lampe à pince marche bien). Merci de me rembourser aussi l'ampoule.",
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'defective', lines: [['KETTLE-GOOSE', 1]], expect: { outcome: 'approval', amount: 6900, rules: ['amount_over_auto_limit'] } },
      { order: 'o2', reason: 'defective', lines: [['LAMP-BULB', 1]], expect: { outcome: 'auto', amount: 700 } },
    ],
    note: 'French: a $69 kettle over the limit alone beside a $7 bulb, automatic whichever run decides first',
  }),
  several({
    who: { name: 'Harriet Stone' },
    orders: [
      { items: ['MUG-ENAMEL'], ful: 3 },
      { items: ['GLASS-TUMBLER'], ful: null, created: 1 },
      { items: ['BOWL-SALAD', 'SPOON-OLIVE'], ful: 30, refunds: [{ daysAgo: 12, lines: [['SPOON-OLIVE', 1]] }] },
    ],
    subject: 'A few things on my orders',
    body: 'Hi team, a few things. 1) Order {o1}: the enamel camp mug came with a big dent and the enamel chipped, please refund. 2) Please cancel order {o2}, nothing has shipped and I found the tumblers locally. 3) On order {o3} you refunded the olive wood spoon, when will that money reach my account?',
    mentioned: ['o1', 'o2', 'o3'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['MUG-ENAMEL', 1]], expect: { outcome: 'auto', amount: 1400 } },
      { order: 'o2', remedy: 'cancel', reason: 'changed_mind', lines: [], expect: { outcome: 'approval', amount: 3400, ...CANCEL } },
      { order: 'o3', remedy: 'refund_status', reason: 'other', lines: [['SPOON-OLIVE', 1]], expect: { outcome: 'answered' } },
    ],
    note: 'three orders: a refund, a cancel and a question about an earlier refund, three runs',
  }),
  several({
    who: { name: 'Gareth Pryce' },
    orders: [
      { items: ['VASE-BUD'], ful: 6 },
      { items: ['COASTER-CORK'], ful: 6 },
      { items: ['LAMP-DESK'], ful: 10 },
    ],
    subject: 'Three orders, three problems',
    body: "Hello. Order {o1}: the glass bud vase arrived cracked. Order {o2}: the cork coasters came crumbled into bits. Order {o3}: the linen desk lamp doesn't turn on at all. I'd like refunds on all three please.",
    mentioned: ['o1', 'o2', 'o3'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['VASE-BUD', 1]], expect: { outcome: 'auto', amount: 1200 } },
      { order: 'o2', reason: 'damaged', lines: [['COASTER-CORK', 1]], expect: { outcome: 'auto', amount: 900 } },
      { order: 'o3', reason: 'defective', lines: [['LAMP-DESK', 1]], expect: { outcome: 'approval', amount: 7900, rules: ['amount_over_auto_limit'] } },
    ],
    note: 'three refunds: $12 + $9 automatic together, the $79 lamp over the limit alone goes to a lead',
  }),
  several({
    who: { name: 'Ines Carvalho' },
    orders: [
      { items: ['PLATE-DINNER'], ful: 4 },
      { items: ['CARAFE-GLASS'], ful: 7 },
    ],
    subject: 'Broken plate and carafe',
    body: 'Hi, the dinner plate in order {o1} arrived in pieces, please refund it to my card. The glass carafe from order {o2} is cracked at the spout; for that one store credit is fine, I will order something else.',
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['PLATE-DINNER', 1]], expect: { outcome: 'auto', amount: 1600 } },
      {
        order: 'o2',
        remedy: 'store_credit',
        reason: 'damaged',
        lines: [['CARAFE-GLASS', 1]],
        expect: { outcome: 'auto', amount: 2500, remedy: 'store_credit' },
      },
    ],
    note: 'a refund to the card and store credit on two orders, $16 + $25 within the limit: both automatic',
  }),
  several({
    who: { name: 'Wendell Harper' },
    orders: [
      { items: ['MUG-ENAMEL'], ful: 5 },
      { items: ['FRAME-BRASS'], ful: 5 },
      {
        items: ['BOWL-CER', 'PLATE-DINNER'],
        ful: 60,
        refunds: [
          { daysAgo: 40, lines: [['BOWL-CER', 1]] },
          { daysAgo: 20, lines: [['PLATE-DINNER', 1]] },
        ],
      },
    ],
    subject: 'More breakage',
    body: 'Sorry to write again. The camp mug from order {o1} is dented badly and the brass frame from order {o2} has a cracked glass. Can you refund both?',
    mentioned: ['o1', 'o2'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['MUG-ENAMEL', 1]], expect: { outcome: 'approval', amount: 1400, rules: ['too_many_recent_refunds'] } },
      { order: 'o2', reason: 'damaged', lines: [['FRAME-BRASS', 1]], expect: { outcome: 'approval', amount: 1900, rules: ['too_many_recent_refunds'] } },
    ],
    note: 'the customer had two refunds in the last 90 days: both small refunds go to a lead',
  }),
  several({
    who: { name: 'Oscar Lindgren' },
    orders: [{ items: ['MUG-STONE'], ful: 3 }],
    other: { name: 'Freya Lindgren', orders: [{ items: ['FRAME-OAK'], ful: 4 }] },
    subject: 'Our two orders',
    body: "Hi, my mug from order {o1} arrived cracked, please refund me. My wife's order {x1} also had a problem: the oak frame's glass was shattered. Can you refund that to me too?",
    mentioned: ['o1', 'x1'],
    requests: [
      { order: 'o1', reason: 'damaged', lines: [['MUG-STONE', 1]], expect: { outcome: 'auto', amount: 1800 } },
      { order: 'x1', reason: 'damaged', lines: [['FRAME-OAK', 1]], expect: { outcome: 'escalate', esc: 'order_not_requesters' } },
    ],
    note: "the second request is on another customer's order: it goes to a person, the requester's own is refunded",
  }),
  {
    who: { name: 'Nadia Petrova' },
    orders: [
      { items: ['MUG-STONE', 'PLATE-DINNER'], ful: 5 },
      { items: ['TOWEL-TEA'], ful: 20 },
    ],
    subject: 'Order {o1} - mug and plate',
    body: 'Hello, on order {o1} the stoneware mug came chipped, please refund it. And on that same order {o1}, one of the dinner plates is cracked right through, please refund it as well.',
    claim: {
      order: 'o1',
      reason: 'damaged',
      lines: [
        ['MUG-STONE', 1],
        ['PLATE-DINNER', 1],
      ],
    },
    expect: { outcome: 'auto', amount: 3400 },
    note: 'two requests on the same order are one request: one run refunds both lines',
  },
  {
    who: { name: 'Callum Reid' },
    orders: [
      { items: ['TEAPOT-CAST'], ful: 12 },
      { items: ['BOARD-BAMBOO'], ful: 4 },
    ],
    subject: 'Cutting board split',
    body: 'Hi! The teapot from order {o1} is lovely, thanks. But the bamboo cutting board from order {o2} arrived split down the middle, a refund please.',
    claim: { order: 'o2', mentioned: ['o1', 'o2'], reason: 'damaged', lines: [['BOARD-BAMBOO', 1]] },
    expect: { outcome: 'auto', amount: 2200 },
    note: 'two orders named, one asked about: not several requests, one run on the board’s order',
  },
];
