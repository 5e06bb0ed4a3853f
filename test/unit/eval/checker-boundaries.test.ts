// The golden set's label checker reads docs/policy.md's boundaries as written, on a one-customer
// store: the days and amounts at each limit, gift cards and what remains, refunded units, binding
// before the remedy, questions about an earlier refund, store credit, cancels, Markets currencies.
import { describe, expect, it } from 'vitest';
import { deriveLabel } from '../../../eval/checker/index.js';
import { readStore } from '../../../eval/checker/store.js';
import { DEFAULT_GOLDEN_POLICY, type Claim } from '../../../eval/golden/schema.js';

describe("the checker's reading of the policy", () => {
  // A one-customer store to read the policy's boundaries against.
  const store = (order: Record<string, unknown>, more: Record<string, unknown>[] = []) =>
    readStore(
      {
        shop: { name: 'Test', currency: 'USD', timeZone: 'UTC' },
        customers: [{ id: '1', email: 'a@example.com', name: 'A', helpdeskUserId: 'u1' }],
        orders: [
          { number: 3000, customerId: '1', createdDaysAgo: 120, ...order },
          ...more.map((o, i) => ({ number: 3001 + i, customerId: '1', createdDaysAgo: 120, ...o })),
        ],
        helpdesk: { users: [{ id: 'u1', email: 'a@example.com', name: 'A' }], tickets: [] },
      },
      'test',
    );
  const mug = (quantity = 1, extra: Record<string, unknown> = {}) => ({ title: 'Mug', sku: 'MUG', quantity, unitPriceMinor: 1800, ...extra });
  const claim = (over: Partial<Claim> = {}): Claim => ({
    orderNumber: 3000,
    remedy: 'refund',
    reason: 'damaged',
    lines: [{ sku: 'MUG', quantity: 1 }],
    ...over,
  });
  const label = (s: ReturnType<typeof store>, c: Claim = claim()) => deriveLabel({ id: 't', requester: '1', claim: c }, s);

  it('counts an item fulfilled 30 days ago as recent and 31 days ago as not', () => {
    expect(label(store({ lineItems: [mug()], fulfilledDaysAgo: 30 })).outcome).toBe('auto_refund');
    expect(label(store({ lineItems: [mug()], fulfilledDaysAgo: 31 })).approvalRules).toEqual(['fulfilled_too_long_ago']);
  });

  it('counts a refund 90 days ago in the window and one 91 days ago outside it', () => {
    const refunded = (daysAgo: number) => ({
      lineItems: [mug(2)],
      fulfilledDaysAgo: 100,
      refunds: [
        { daysAgo, lineItems: [{ sku: 'MUG', quantity: 1 }] },
        { daysAgo: 10, lineItems: [{ sku: 'MUG', quantity: 1 }] },
      ],
    });
    expect(label(store({ lineItems: [mug()], fulfilledDaysAgo: 5 }, [refunded(90)])).approvalRules).toEqual(['too_many_recent_refunds']);
    expect(label(store({ lineItems: [mug()], fulfilledDaysAgo: 5 }, [refunded(91)])).outcome).toBe('auto_refund');
  });

  it('auto-refunds exactly 5000 and asks for approval at 5001', () => {
    const priced = (unitPriceMinor: number) => store({ lineItems: [mug(1, { unitPriceMinor })], fulfilledDaysAgo: 5 });
    expect(label(priced(5000))).toMatchObject({ outcome: 'auto_refund', amountMinor: 5000 });
    expect(label(priced(5001))).toMatchObject({ outcome: 'approval', amountMinor: 5001, approvalRules: ['amount_over_auto_limit'] });
  });

  it('never refunds a gift-card line and caps the amount by what remains on the order', () => {
    const gift = { title: 'Gift card', sku: 'GIFT', quantity: 1, unitPriceMinor: 5000, giftCard: true };
    const both = claim({
      lines: [
        { sku: 'MUG', quantity: 1 },
        { sku: 'GIFT', quantity: 1 },
      ],
    });
    expect(label(store({ lineItems: [mug(), gift], fulfilledDaysAgo: 5 }), both)).toMatchObject({ amountMinor: 1800, lines: [{ sku: 'MUG', quantity: 1 }] });
    expect(label(store({ lineItems: [gift], fulfilledDaysAgo: 5 }), claim({ lines: [{ sku: 'GIFT', quantity: 1 }] })).escalation).toBe('nothing_refundable');
    expect(label(store({ lineItems: [mug()], fulfilledDaysAgo: 5, refunds: [{ daysAgo: 3, amountMinor: 1000 }] })).amountMinor).toBe(800);
  });

  it('escalates a claim on refunded units, and asks for approval on a partly refunded line, an earlier refund mentioned or not', () => {
    const partly = store({ lineItems: [mug(2)], fulfilledDaysAgo: 5, refunds: [{ daysAgo: 3, lineItems: [{ sku: 'MUG', quantity: 1 }] }] });
    expect(label(partly)).toMatchObject({ outcome: 'approval', amountMinor: 1800, approvalRules: ['line_partly_refunded'] });
    // "You refunded the first mug; the second has cracked too": the unit still refundable is claimed.
    expect(label(partly, claim({ riskFlags: ['mentions_earlier_refund'] }))).toMatchObject({ outcome: 'approval', amountMinor: 1800 });
    const all = store({ lineItems: [mug()], fulfilledDaysAgo: 5, refunds: [{ daysAgo: 3, lineItems: [{ sku: 'MUG', quantity: 1 }] }] });
    expect(label(all).escalation).toBe('nothing_refundable');
  });

  it('binds a ticket naming no order to the only order', () => {
    const one = store({ lineItems: [mug()], fulfilledDaysAgo: 5 });
    expect(label(one, claim({ orderNumber: null }))).toMatchObject({
      boundOrder: 3000,
      trajectory: ['find_customer_orders', 'get_order', 'get_refund_history', 'preview_refund', 'refund_create', 'post_draft'],
    });
  });

  it('binds the order before it reads the remedy: replacement, store credit and cancel escalate on the bound order', () => {
    const one = store({ lineItems: [mug()], fulfilledDaysAgo: 5 });
    const refused = { outcome: 'escalate', escalation: 'not_refund_request', amountMinor: 0, lines: [], approvalRules: [] };
    for (const remedy of ['replacement', 'store_credit', 'cancel'] as const) {
      expect(label(one, claim({ remedy })), remedy).toMatchObject({
        ...refused,
        boundOrder: 3000,
        currency: 'USD',
        trajectory: ['get_order', 'get_refund_history', 'post_draft'],
      });
      expect(label(one, claim({ remedy, orderNumber: null })), remedy).toMatchObject({
        ...refused,
        boundOrder: 3000,
        currency: 'USD',
        trajectory: ['find_customer_orders', 'get_order', 'get_refund_history', 'post_draft'],
      });
    }
    // The remedy is refused even when the claim would also be unclear or name no line.
    expect(label(one, claim({ remedy: 'replacement', lines: [], unclear: true }))).toMatchObject({ ...refused, boundOrder: 3000 });
  });

  it('answers a question about an earlier refund on the bound order from its refunds, and hands it to a person where the record has none', () => {
    const refunded = store({ lineItems: [mug(2)], fulfilledDaysAgo: 5, refunds: [{ daysAgo: 3, lineItems: [{ sku: 'MUG', quantity: 1 }] }] });
    const answered = { outcome: 'answered', escalation: null, amountMinor: 0, lines: [], approvalRules: [], boundOrder: 3000 };
    expect(label(refunded, claim({ remedy: 'refund_status', lines: [] }))).toMatchObject({
      ...answered,
      trajectory: ['get_order', 'get_refund_history', 'post_draft'],
    });
    expect(label(refunded, claim({ remedy: 'refund_status', lines: [{ sku: 'MUG', quantity: 1 }] }))).toMatchObject(answered);
    const none = store({ lineItems: [mug()], fulfilledDaysAgo: 5 });
    expect(label(none, claim({ remedy: 'refund_status', lines: [] }))).toMatchObject({
      outcome: 'escalate',
      escalation: 'no_refund_on_record',
      boundOrder: 3000,
    });
    // A promise by a person that names no item is a person's to answer; so is a claim the reading cannot tell.
    const promised = claim({ remedy: 'refund_status', lines: [], riskFlags: ['claims_prior_approval'] });
    expect(label(refunded, promised)).toMatchObject({ outcome: 'escalate', escalation: 'no_refund_on_record' });
    expect(label(refunded, claim({ remedy: 'refund_status', lines: [], unclear: true }))).toMatchObject({ outcome: 'escalate', escalation: 'unclear' });
  });

  it('escalates a non-refund remedy as binding does when the order cannot be bound', () => {
    const one = store({ lineItems: [mug()], fulfilledDaysAgo: 5 });
    const several = store({ lineItems: [mug()], fulfilledDaysAgo: 5 }, [{ lineItems: [mug()], fulfilledDaysAgo: 5 }]);
    const notTheirs = readStore(
      {
        shop: { name: 'Test', currency: 'USD', timeZone: 'UTC' },
        customers: [
          { id: '1', email: 'a@example.com', name: 'A', helpdeskUserId: 'u1' },
          { id: '2', email: 'b@example.com', name: 'B', helpdeskUserId: 'u2' },
        ],
        orders: [{ number: 3000, customerId: '2', createdDaysAgo: 10, lineItems: [mug()], fulfilledDaysAgo: 5 }],
        helpdesk: {
          users: [
            { id: 'u1', email: 'a@example.com', name: 'A' },
            { id: 'u2', email: 'b@example.com', name: 'B' },
          ],
          tickets: [],
        },
      },
      'test',
    );
    const unbound = { outcome: 'escalate', boundOrder: null, currency: null };
    expect(label(notTheirs, claim({ remedy: 'replacement' }))).toMatchObject({
      ...unbound,
      escalation: 'order_not_requesters',
      trajectory: ['get_order', 'post_draft'],
    });
    expect(label(several, claim({ remedy: 'cancel', orderNumber: null }))).toMatchObject({
      ...unbound,
      escalation: 'several_orders',
      trajectory: ['find_customer_orders', 'post_draft'],
    });
    expect(label(notTheirs, claim({ remedy: 'store_credit', orderNumber: null }))).toMatchObject({
      ...unbound,
      escalation: 'no_order_bound',
      trajectory: ['find_customer_orders', 'post_draft'],
    });
    expect(label(one, claim({ remedy: 'refund_status', orderNumber: null, orderNumbersMentioned: [3000, 3001] }))).toMatchObject({
      ...unbound,
      escalation: 'several_orders',
      trajectory: ['post_draft'],
    });
  });

  const enabled = (s: ReturnType<typeof store>) => ({ ...s, policy: { ...DEFAULT_GOLDEN_POLICY, storeCredit: true, cancelUnfulfilled: true } });

  it('gates store credit, where enabled, as a refund: the same amount and rules, with the remedy on the label', () => {
    const shipped = enabled(store({ lineItems: [mug()], fulfilledDaysAgo: 5 }));
    expect(label(shipped, claim({ remedy: 'store_credit' }))).toMatchObject({ outcome: 'auto_refund', amountMinor: 1800, remedy: 'store_credit' });
    expect(label(shipped, claim({ remedy: 'store_credit', reason: 'changed_mind' }))).toMatchObject({
      outcome: 'approval',
      approvalRules: ['reason_not_damage_like'],
      remedy: 'store_credit',
    });
    expect(label(shipped, claim({ remedy: 'refund' }))).not.toHaveProperty('remedy');
    const gone = enabled(store({ lineItems: [mug()], fulfilledDaysAgo: 5, refunds: [{ daysAgo: 3, lineItems: [{ sku: 'MUG', quantity: 1 }] }] }));
    expect(label(gone, claim({ remedy: 'store_credit' }))).toMatchObject({ outcome: 'escalate', escalation: 'nothing_refundable' });
    expect(label(gone, claim({ remedy: 'store_credit' }))).not.toHaveProperty('remedy');
  });

  it('proposes cancelling an unshipped order for what was paid less earlier refunds, always for approval, and refuses one that shipped in part', () => {
    const unshipped = enabled(store({ lineItems: [mug(2)], fulfilledDaysAgo: null, refunds: [{ daysAgo: 1, amountMinor: 500 }] }));
    expect(label(unshipped, claim({ remedy: 'cancel', reason: 'changed_mind', lines: [] }))).toEqual({
      outcome: 'approval',
      amountMinor: 3100,
      currency: 'USD',
      lines: [],
      reason: 'changed_mind',
      boundOrder: 3000,
      escalation: null,
      approvalRules: ['cancel_needs_approval'],
      trajectory: ['get_order', 'get_refund_history', 'post_draft'],
      remedy: 'cancel',
    });
    const partly = enabled(store({ lineItems: [mug(2)], fulfillments: [{ daysAgo: 2, lineItems: [{ sku: 'MUG', quantity: 1 }] }] }));
    expect(label(partly, claim({ remedy: 'cancel', lines: [] }))).toMatchObject({ outcome: 'escalate', escalation: 'order_not_cancellable', boundOrder: 3000 });
    const refunded = enabled(store({ lineItems: [mug()], fulfilledDaysAgo: null, refunds: [{ daysAgo: 1, lineItems: [{ sku: 'MUG', quantity: 1 }] }] }));
    expect(label(refunded, claim({ remedy: 'cancel', lines: [] })).escalation).toBe('nothing_refundable');
  });

  it("labels an order paid in another currency with the shop's amount for the limits and the customer's own figure", () => {
    const euros = store({ presentmentCurrency: 'EUR', lineItems: [mug(3, { unitPriceMinor: 1800, presentmentUnitPriceMinor: 1660 })], fulfilledDaysAgo: 5 });
    expect(label(euros, claim({ lines: [{ sku: 'MUG', quantity: 2 }] }))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 3600,
      currency: 'USD',
      presentment: { amountMinor: 3320, currency: 'EUR' },
    });
    const over = store({ presentmentCurrency: 'GBP', lineItems: [mug(1, { unitPriceMinor: 5400, presentmentUnitPriceMinor: 4270 })], fulfilledDaysAgo: 5 });
    expect(label(over)).toMatchObject({ outcome: 'approval', approvalRules: ['amount_over_auto_limit'], presentment: { amountMinor: 4270, currency: 'GBP' } });
  });

  it('escalates remedy "other" (not about an order problem) at Triage, before any order is read', () => {
    const one = store({ lineItems: [mug()], fulfilledDaysAgo: 5 });
    expect(label(one, claim({ remedy: 'other', reason: 'other', lines: [] }))).toMatchObject({
      outcome: 'escalate',
      escalation: 'not_refund_request',
      trajectory: ['post_draft'],
      boundOrder: null,
      currency: null,
    });
    expect(label(one, claim({ remedy: 'other', orderNumber: null, lines: [] }))).toMatchObject({
      escalation: 'not_refund_request',
      trajectory: ['post_draft'],
      boundOrder: null,
    });
  });
});
