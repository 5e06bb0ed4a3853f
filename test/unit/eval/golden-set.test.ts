// The golden set (eval/golden) and its label checker: every written label agrees with docs/policy.md
// recomputed over the shared fixture, the set is big and varied enough, its tickets are tied to the
// fixture and share no state; and the checker names what it finds wrong (its reading of the policy's
// boundaries: checker-boundaries.test.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFixture } from '#local/sandbox/fixture.js';
import { checkGoldenSet } from '../../../eval/checker/index.js';
import { CATEGORIES, type GoldenTicket } from '../../../eval/golden/schema.js';

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
});
