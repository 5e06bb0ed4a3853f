// The remedy the customer asks for, read by the offline order agent: a refund, a replacement, store
// credit, a cancellation, or news of a refund already made. A remedy the customer declines does not
// count, and asking for two at once is left to a person. Only a refund can ever move money.
import { describe, expect, it } from 'vitest';
import { Proposal, type OrderFacts, type Remedy } from '#harness/domain/types.js';
import { proposeRefund } from '#harness/adapters/models/offline/order-agent.js';
import { triageTicket } from '#harness/adapters/models/offline/triage.js';

const ORDER: OrderFacts = {
  orderId: 'gid://shopify/Order/3001',
  orderNumber: '3001',
  currency: 'USD',
  customerId: null,
  customerEmail: null,
  lineItems: [
    { id: 'gid://shopify/LineItem/mug', title: 'Stoneware mug', quantity: 2, refundableQuantity: 1, unitPriceMinor: 1600, fulfilledAt: '2026-09-01T00:00:00Z' },
    {
      id: 'gid://shopify/LineItem/kettle',
      title: 'Enamel kettle',
      quantity: 1,
      refundableQuantity: 1,
      unitPriceMinor: 4900,
      fulfilledAt: '2026-09-01T00:00:00Z',
    },
  ],
  maximumRefundableMinor: 6500,
  parentTransaction: null,
  refundsLast90Days: 1,
  refunds: [
    {
      refundId: 'gid://shopify/Refund/1',
      createdAt: '2026-09-10T00:00:00Z',
      amountMinor: 1600,
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/mug', quantity: 1 }],
    },
  ],
};

const propose = (body: string) => Proposal.parse(proposeRefund({ order: ORDER, triage: triageTicket({ subject: '', body }), ticket: { subject: '', body } }));

describe('the remedy asked for', () => {
  const cases: Array<[string, Remedy]> = [
    ['The kettle arrived dented, please refund it', 'refund'],
    ['The kettle arrived dented', 'refund'],
    ["I don't want a refund, please send a replacement for the kettle", 'replacement'],
    ['The kettle is dented, can you send me a new one?', 'replacement'],
    ['No quiero un reembolso, prefiero un reemplazo de la tetera', 'replacement'],
    ['A chaleira chegou amassada, quero uma substituição', 'replacement'],
    ['Quero a troca da chaleira amassada', 'replacement'],
    ['La bouilloire est cabossée, je voudrais un remplacement', 'replacement'],
    ['Der Wasserkocher ist verbeult, bitte schicken Sie Ersatz', 'replacement'],
    ['Il bollitore è ammaccato, vorrei la sostituzione', 'replacement'],
    ["I'd like store credit for the dented kettle", 'store_credit'],
    ['Please cancel my order', 'cancel'],
    ['Bitte stornieren Sie meine Bestellung', 'cancel'],
    ['Where is my refund?', 'refund_status'],
    ['You refunded me $16 but it never arrived', 'refund_status'],
    ["Dov'è il mio rimborso?", 'refund_status'],
    ['The kettle is dented: refund it or send a replacement', 'other'],
    ["The kettle arrived dented. Please replace it, and if you can't, then refund me.", 'replacement'],
    ["The kettle is dented. I'd rather have a replacement than a refund.", 'replacement'],
    ['The kettle stopped heating. Is it covered by warranty? Can you arrange a repair?', 'other'],
    ['You said you refunded the kettle ten days ago but my bank shows nothing', 'refund_status'],
    ['I returned the mug last month. Did you refund me yet?', 'refund_status'],
  ];
  it.each(cases)('%s → %s', (body, remedy) => {
    expect(propose(body).remedy).toBe(remedy);
  });
});

describe('what each remedy proposes', () => {
  it('claims the item for a replacement too, but the harness never refunds it', () => {
    expect(propose('Please send a replacement for the dented kettle')).toMatchObject({
      remedy: 'replacement',
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/kettle', quantity: 1 }],
      unclear: null,
    });
  });

  it('claims nothing for a refund already made, and flags it in the triage', () => {
    const body = 'You refunded me $16 but it never arrived';
    expect(propose(body)).toMatchObject({ remedy: 'refund_status', lineItems: [], unclear: null });
    expect(triageTicket({ subject: '', body }).riskFlags).toContain('mentions_earlier_refund');
    expect(propose(body).evidence.join(' ')).toContain('1 earlier refund(s) on order 3001');
  });

  it('asks which remedy when two are asked for', () => {
    expect(propose('The kettle is dented: refund it or send a replacement').unclear?.question).toBe(
      'Does the customer want a replacement or a refund? The ticket asks for more than one.',
    );
  });

  it('needs no item for a cancellation', () => {
    expect(propose('Please cancel my order')).toMatchObject({ remedy: 'cancel', lineItems: [], unclear: null });
  });
});
