// The golden set (eval/golden) and its label checker: every written label agrees with docs/policy.md
// recomputed over the shared fixture, the set is big and varied enough, its tickets are tied to the
// fixture and share no state; and the checker itself reads the policy's boundaries as written.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFixture } from '#local/sandbox/fixture.js';
import { checkGoldenSet, deriveLabel } from '../../../eval/checker/index.js';
import { readStore } from '../../../eval/checker/store.js';
import { CATEGORIES, DEFAULT_GOLDEN_POLICY, type Claim, type GoldenTicket } from '../../../eval/golden/schema.js';

const GOLDEN_DIR = new URL('../../../eval/golden/', import.meta.url).pathname;
const result = checkGoldenSet(GOLDEN_DIR);

describe('the golden set', () => {
  it('has no ticket whose label disagrees with the policy recomputed from its claim and the fixture', () => {
    expect(result.problems).toEqual([]);
  });

  it('has at least 200 tickets and at least 8 in every category', () => {
    expect(result.tickets.length).toBeGreaterThanOrEqual(200);
    for (const category of CATEGORIES) expect(result.summary.byCategory[category] ?? 0, category).toBeGreaterThanOrEqual(8);
  });

  it('runs under a policy that enables store credit, cancelling and returns, with at least 10 tickets per new capability', () => {
    expect(result.store.policy).toEqual({
      storeCredit: true,
      cancelUnfulfilled: true,
      returns: { enabled: true, feeMinor: 500, keepItBelowMinor: 2000, receiveWithinDays: 30 },
    });
    for (const category of ['store_credit', 'cancel_unfulfilled', 'markets_currency', 'split_payments'] as const) {
      expect(result.summary.byCategory[category] ?? 0, category).toBeGreaterThanOrEqual(10);
    }
    const of = (category: string) => result.tickets.filter((t) => t.category === category);
    expect(of('store_credit').filter((t) => t.label.remedy === 'store_credit' && t.label.outcome === 'auto_refund').length).toBeGreaterThanOrEqual(3);
    expect(of('cancel_unfulfilled').filter((t) => t.label.remedy === 'cancel').length).toBeGreaterThanOrEqual(5);
    expect(of('cancel_unfulfilled').filter((t) => t.label.escalation === 'order_not_cancellable').length).toBeGreaterThanOrEqual(2);
    // A return's money moves on receipt, so its label has no figure in the paid currency.
    const markets = of('markets_currency');
    expect(markets.filter((t) => !t.label.presentment).every((t) => t.label.remedy === 'return')).toBe(true);
    const paidIn = new Set(markets.flatMap((t) => (t.label.presentment ? [t.label.presentment.currency] : [])));
    expect([...paidIn].sort()).toEqual(['CAD', 'EUR', 'GBP']);
    const orders = (category: string) => of(category).map((t) => result.store.orders.get(t.label.boundOrder ?? t.claim.orderNumber ?? 0));
    expect(orders('split_payments').every((o) => (o?.payments ?? []).length >= 2)).toBe(true);
  });

  it('has tickets on orders with every kind of money term, not all automatic', () => {
    const money = ['discounted_orders', 'taxed_orders', 'shipping_and_duties'] as const;
    const tickets = result.tickets.filter((t) => (money as readonly string[]).includes(t.category));
    for (const category of money) expect(result.summary.byCategory[category] ?? 0, category).toBeGreaterThanOrEqual(14);
    expect(tickets.length).toBeGreaterThanOrEqual(42);
    const orderOf = (t: GoldenTicket) => result.store.orders.get(t.label.boundOrder ?? t.claim.orderNumber ?? 0)!;
    const orders = tickets.map(orderOf);
    const discounts = orders.flatMap((o) => o.discounts ?? []);
    const kinds = new Set(
      discounts.map((d) => (d.type === 'buy_x_get_y' ? d.type : `${d.type}:${typeof d.appliesTo === 'object' ? 'lines' : (d.appliesTo ?? 'order')}`)),
    );
    for (const kind of ['percentage:order', 'fixed_amount:order', 'percentage:lines', 'percentage:shipping', 'buy_x_get_y'])
      expect(kinds, kind).toContain(kind);
    expect(discounts.some((d) => d.code === undefined)).toBe(true);
    expect(orders.some((o) => o.taxesIncluded === true && (o.discounts ?? []).length > 0)).toBe(true);
    expect(orders.some((o) => o.taxesIncluded !== true && (o.taxLines ?? []).length === 1)).toBe(true);
    expect(orders.some((o) => (o.taxLines ?? []).length >= 2 && o.taxesIncluded !== true)).toBe(true);
    expect(orders.some((o) => o.lineItems.some((li) => li.dutyMinor !== undefined) && o.presentmentCurrency !== undefined)).toBe(true);
    expect(orders.some((o) => o.tipMinor !== undefined)).toBe(true);
    expect(orders.some((o) => o.lineItems.some((li) => li.giftCard === true) && (o.discounts ?? []).length > 0)).toBe(true);
    expect(orders.some((o) => (o.refunds ?? []).some((r) => r.lineItems !== undefined) && (o.discounts ?? []).length > 0)).toBe(true);
    const outcomes = new Set(tickets.map((t) => t.label.outcome));
    // Money terms on a question about an earlier refund (its tax) are answered from the record.
    expect([...outcomes].sort()).toEqual(['answered', 'approval', 'auto_refund', 'escalate']);
    for (const rule of ['amount_over_auto_limit', 'line_partly_refunded', 'too_many_recent_refunds'] as const) {
      expect(
        tickets.some((t) => t.label.approvalRules.includes(rule)),
        rule,
      ).toBe(true);
    }
    // A change of mind on such an order is a return: the units as paid (discounts, tax) less the fee, on receipt.
    expect(tickets.some((t) => t.claim.reason === 'changed_mind' && t.label.remedy === 'return' && (orderOf(t).discounts ?? []).length > 0)).toBe(true);
    expect(tickets.some((t) => t.claim.reason === 'changed_mind' && t.label.remedy === 'return' && (orderOf(t).taxLines ?? []).length > 0)).toBe(true);
  });

  it('has returns and exchanges of every kind the policy names, each decided three ways, in five languages besides English', () => {
    const of = (category: string) => result.tickets.filter((t) => t.category === category);
    const [returns, exchanges] = [of('returns'), of('exchanges')];
    expect(returns.length + exchanges.length).toBeGreaterThanOrEqual(34);
    for (const list of [returns, exchanges]) {
      expect(list.length).toBeGreaterThanOrEqual(17);
      expect(new Set(list.map((t) => t.label.outcome))).toEqual(new Set(['auto_refund', 'approval', 'escalate']));
    }
    const labels = [...returns, ...exchanges].map((t) => t.label);
    const returned = labels.filter((l) => l.remedy === 'return');
    expect(returned.every((l) => l.returnTerms?.feeMinor === 500)).toBe(true);
    for (const rule of ['fulfilled_too_long_ago', 'amount_over_auto_limit', 'too_many_recent_refunds', 'risk_flags', 'line_partly_refunded'] as const) {
      expect(
        returned.some((l) => l.approvalRules.includes(rule)),
        rule,
      ).toBe(true);
    }
    expect(returned.some((l) => l.outcome === 'auto_refund' && l.lines.some((line) => line.quantity === 1) && l.amountMinor === 3300)).toBe(true);
    const exchanged = labels.filter((l) => l.remedy === 'exchange');
    expect(exchanged.some((l) => l.returnTerms?.shipsAtOnce === true)).toBe(true);
    expect(exchanged.some((l) => l.outcome === 'auto_refund' && l.returnTerms?.shipsAtOnce === undefined && l.reason === 'damaged')).toBe(true);
    expect(exchanged.some((l) => l.outcome === 'auto_refund' && l.amountMinor > 0)).toBe(true);
    for (const escalation of ['exchange_out_of_stock', 'exchange_costs_more', 'exchange_other_product'] as const) {
      expect(
        labels.some((l) => l.escalation === escalation),
        escalation,
      ).toBe(true);
    }
    expect(of('returns').some((t) => t.claim.riskFlags?.includes('instructions_to_system'))).toBe(true);
    expect(of('exchanges').some((t) => t.claim.riskFlags?.includes('instructions_to_system'))).toBe(true);
    const languages = new Set([...returns, ...exchanges].map((t) => t.language));
    for (const language of ['es', 'de', 'fr', 'pt', 'nl']) expect(languages, language).toContain(language);
  });

  it('balances outcomes and helpdesks, and writes in five languages besides English', () => {
    const share = (n = 0) => n / result.tickets.length;
    for (const outcome of ['auto_refund', 'approval', 'escalate'] as const) expect(share(result.summary.byOutcome[outcome]), outcome).toBeGreaterThan(0.15);
    expect(share(result.summary.byOutcome.answered), 'answered').toBeGreaterThan(0.02);
    expect(share(result.summary.byHelpdesk.zendesk)).toBeGreaterThan(0.4);
    expect(share(result.summary.byHelpdesk.gorgias)).toBeGreaterThan(0.4);
    for (const language of ['es', 'pt', 'fr', 'de', 'it']) expect(result.summary.byLanguage[language] ?? 0, language).toBeGreaterThanOrEqual(2);
  });

  it('has unique ticket ids and helpdesk ticket ids', () => {
    expect(new Set(result.tickets.map((t) => t.id)).size).toBe(result.tickets.length);
    expect(new Set(result.tickets.map((t) => t.ticketId)).size).toBe(result.tickets.length);
  });

  it('ties every ticket to the fixture: its requester is a customer with a helpdesk user, its orders exist', () => {
    const { fixture } = result.store;
    for (const t of result.tickets) {
      const customer = result.store.customers.get(t.requester);
      expect(customer, t.id).toBeDefined();
      expect(
        fixture.helpdesk.users.some((u) => u.id === customer?.helpdeskUserId),
        t.id,
      ).toBe(true);
      expect(fixture.helpdesk.tickets.find((h) => h.id === t.ticketId)?.requesterId, t.id).toBe(customer?.helpdeskUserId);
      for (const n of [t.claim.orderNumber, ...(t.claim.orderNumbersMentioned ?? [])]) {
        if (n !== null) expect(result.store.orders.has(n), `${t.id} order ${n}`).toBe(true);
      }
    }
  });

  it('is a valid sandbox fixture that keeps gift cards, fulfilments, amount-only refunds and the time zone', () => {
    const raw = JSON.parse(readFileSync(join(GOLDEN_DIR, 'fixture.json'), 'utf8')) as unknown;
    const fixture = parseFixture(raw, 'eval/golden/fixture.json');
    expect(fixture.shop.timeZone).toBe('America/New_York');
    expect(fixture.orders.some((o) => o.lineItems.some((li) => li.giftCard === true))).toBe(true);
    expect(fixture.orders.some((o) => o.fulfillments !== undefined)).toBe(true);
    expect(fixture.orders.some((o) => o.refunds?.some((r) => r.lineItems === undefined && r.amountMinor !== undefined))).toBe(true);
    expect(fixture.orders.every((o) => o.number >= 2000)).toBe(true);
  });
});

describe('the checker', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'golden-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('names the ticket and the field when a written label disagrees', () => {
    cpSync(GOLDEN_DIR, scratch, { recursive: true });
    const file = join(scratch, 'tickets', 'single_damaged.json');
    const tickets = JSON.parse(readFileSync(file, 'utf8')) as GoldenTicket[];
    const first = tickets[0]!;
    first.label.amountMinor += 100;
    writeFileSync(file, JSON.stringify(tickets));
    expect(checkGoldenSet(scratch).problems).toEqual([
      `${first.id}: label.amountMinor is ${first.label.amountMinor}, the policy gives ${first.label.amountMinor - 100}`,
    ]);
  });

  it("names a variant whose stock the set's exchanges could empty for each other", () => {
    cpSync(GOLDEN_DIR, scratch, { recursive: true });
    const file = join(scratch, 'fixture.json');
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { catalogue: { variants: { sku: string; available: number }[] }[] };
    const variant = fixture.catalogue.flatMap((p) => p.variants).find((v) => v.sku === 'MUG-SPECKLE-CLAY')!;
    variant.available = 1;
    writeFileSync(file, JSON.stringify(fixture));
    expect(checkGoldenSet(scratch).problems).toContain(
      "the set's exchanges ship 2 × MUG-SPECKLE-CLAY, more than its stock: tickets would empty it for each other",
    );
  });

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
