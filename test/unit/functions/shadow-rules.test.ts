// Shadow mode's pure rules: the class of a ticket (reason × amount band × language), the mode a
// class runs in, whether a person's resolution agrees with the proposal, which independent sample a
// resolution counts in, and when a class may be promoted to auto (enough samples, from enough
// distinct customers and orders, agreeing enough).
import { describe, expect, it } from 'vitest';
import {
  AgentModeConfig,
  agrees,
  amountBand,
  anyNonAuto,
  classKeyOf,
  languageOf,
  modeFor,
  minimumsOf,
  promotionCheck,
  sampleOf,
  sampleWindowOf,
  ShadowClassKey,
} from '#functions/shared/domain/shadow.js';
import { proposedRun } from '../../support/steps.js';

const line = (id: string, quantity: number) => ({ lineItemId: `gid://shopify/LineItem/${id}`, quantity });

describe('class key', () => {
  it('bands amounts in the order currency major units: up to 50, up to 200, more', () => {
    // Prepare / Act / Assess in one table: minor units and currency → band.
    const cases: Array<[number, string, string]> = [
      [0, 'USD', '0-50'],
      [5000, 'USD', '0-50'],
      [5001, 'USD', '50-200'],
      [20000, 'USD', '50-200'],
      [20001, 'USD', '200+'],
      [50, 'JPY', '0-50'],
      [51, 'JPY', '50-200'],
      [201, 'JPY', '200+'],
    ];
    for (const [minor, currency, band] of cases) expect(amountBand(minor, currency), `${minor} ${currency}`).toBe(band);
  });

  it('reads the language as its primary subtag, and an unknown one as und', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('es-MX')).toBe('es');
    expect(languageOf('DE')).toBe('de');
    expect(languageOf('')).toBe('und');
    expect(languageOf(null)).toBe('und');
    expect(languageOf('unknown')).toBe('und');
  });

  it('is reason|band|language, and the key schema accepts exactly those', () => {
    const key = classKeyOf({ reason: 'damaged', amountMinor: 1800, currency: 'USD', language: 'en-US' });

    expect(key).toBe('damaged|0-50|en');
    expect(ShadowClassKey.safeParse(key).success).toBe(true);
    expect(ShadowClassKey.safeParse('wrong_item|200+|fr').success).toBe(true);
    expect(ShadowClassKey.safeParse('damaged|0-60|en').success).toBe(false);
    expect(ShadowClassKey.safeParse('bored|0-50|en').success).toBe(false);
  });
});

describe('mode of a class', () => {
  it('takes the class from the tenant file, else its default; a runtime promotion makes it auto', () => {
    const config = AgentModeConfig.parse({ default: 'shadow', classes: { 'damaged|200+|en': 'assist', 'other|0-50|en': 'auto' } });

    expect(modeFor(config, 'damaged|0-50|en', false)).toBe('shadow');
    expect(modeFor(config, 'damaged|200+|en', false)).toBe('assist');
    expect(modeFor(config, 'other|0-50|en', false)).toBe('auto');
    expect(modeFor(config, 'damaged|0-50|en', true)).toBe('auto');
    expect(modeFor(config, 'damaged|200+|en', true)).toBe('auto');
  });

  it('defaults to auto everywhere, 50 samples from 25 customers on 50 orders and 98%, and refuses a threshold under 98%', () => {
    const config = AgentModeConfig.parse({});

    expect(config).toEqual({ default: 'auto', classes: {}, minTickets: 50, agreement: 0.98 });
    expect(minimumsOf(config)).toEqual({ minTickets: 50, minCustomers: 25, minOrders: 50 });
    expect(anyNonAuto(config)).toBe(false);
    expect(anyNonAuto(AgentModeConfig.parse({ classes: { 'damaged|0-50|en': 'shadow' } }))).toBe(true);
    expect(AgentModeConfig.safeParse({ agreement: 0.9 }).success).toBe(false);
    expect(AgentModeConfig.safeParse({ agreement: 0.99 }).success).toBe(true);
    expect(AgentModeConfig.safeParse({ classes: { 'damaged|cheap|en': 'shadow' } }).success).toBe(false);
    expect(AgentModeConfig.safeParse({ minTickets: 0 }).success).toBe(false);
  });
});

describe('agreement', () => {
  const proposal = { decision: 'auto' as const, amountMinor: 3000, lines: [line('1', 1), line('2', 2)] };

  it('agrees when the person refunds the same amount on the same lines and quantities, in any order', () => {
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [line('2', 1), line('1', 1), line('2', 1)] })).toBe(true);
    expect(agrees({ ...proposal, decision: 'approval' }, { by: 'store_refund', amountMinor: 3000, lines: [line('1', 1), line('2', 2)] })).toBe(true);
  });

  it('disagrees on another amount, another line or another quantity', () => {
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 2999, lines: proposal.lines })).toBe(false);
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [line('1', 1), line('3', 2)] })).toBe(false);
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [line('1', 1), line('2', 1)] })).toBe(false);
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [] })).toBe(false);
  });

  it('a ticket solved with no refund agrees only with a refusal, and any refund disagrees with one', () => {
    const refused = { decision: 'refuse' as const, amountMinor: 0, lines: [] };

    expect(agrees(refused, { by: 'helpdesk_solved', amountMinor: 0, lines: [] })).toBe(true);
    expect(agrees(proposal, { by: 'helpdesk_solved', amountMinor: 0, lines: [] })).toBe(false);
    expect(agrees(refused, { by: 'store_refund', amountMinor: 0, lines: [] })).toBe(false);
  });
});

describe('independent samples', () => {
  const run = (overrides: Parameters<typeof proposedRun>[0] = {}) => proposedRun({ runId: 'run-1', ...overrides });

  it('names the customer and the order by hashes, never by id or email, stable across runs', () => {
    const a = sampleOf(run({ runId: 'run-a' }));
    const b = sampleOf(run({ runId: 'run-b' }));

    expect(a).toEqual(b);
    expect(a.customer).toMatch(/^[0-9a-f]{24}$/);
    expect(a.order).toMatch(/^[0-9a-f]{24}$/);
    const facts = run().order!;
    for (const text of [facts.customerId, facts.customerEmail, facts.orderId, facts.orderNumber].filter((v): v is string => !!v)) {
      expect(JSON.stringify(a)).not.toContain(text);
    }
  });

  it("takes the order's customer, else the email, else the helpdesk requester; another tenant hashes apart", () => {
    const base = run();
    const byId = sampleOf(base);
    const guest = { ...base.order!, customerId: null };
    const byEmail = sampleOf(run({ order: guest }));
    const sameEmailOtherCase = sampleOf(run({ order: { ...guest, customerEmail: guest.customerEmail!.toUpperCase() } }));
    const noOrder = sampleOf(run({ order: null, ticket: { ...base.ticket, requesterEmail: null, requesterId: '9001' } }));

    expect(byEmail.customer).not.toBe(byId.customer);
    expect(sameEmailOtherCase.customer).toBe(byEmail.customer);
    expect(noOrder).toMatchObject({ order: null, customer: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(sampleOf(run({ tenant: 'other' })).customer).not.toBe(byId.customer);
  });

  it('puts tickets in fixed 7-day windows (UTC) by when they arrived', () => {
    expect(sampleWindowOf('2026-11-26T00:00:00.000Z')).toBe('2026-11-26');
    expect(sampleWindowOf('2026-12-02T23:59:59.999Z')).toBe('2026-11-26');
    expect(sampleWindowOf('2026-12-03T00:00:00.000Z')).toBe('2026-12-03');
    expect(sampleOf(run({ createdAt: '2026-12-01T10:00:00.000Z' })).window).toBe('2026-11-26');
  });
});

describe('promotion', () => {
  const config = AgentModeConfig.parse({});
  /** Figures where every sample is its own customer and order. */
  const independent = (samples: number, agreeing: number) => ({
    resolved: samples,
    agreed: agreeing,
    samples,
    agreeingSamples: agreeing,
    customers: samples,
    orders: samples,
  });

  it('derives the minimum customers and orders from the minimum samples, and takes more but never less', () => {
    expect(minimumsOf(config)).toEqual({ minTickets: 50, minCustomers: 25, minOrders: 50 });
    expect(minimumsOf(AgentModeConfig.parse({ minTickets: 7 }))).toEqual({ minTickets: 7, minCustomers: 4, minOrders: 7 });
    expect(minimumsOf(AgentModeConfig.parse({ minTickets: 10, minCustomers: 10, minOrders: 30 }))).toEqual({ minTickets: 10, minCustomers: 10, minOrders: 30 });
    expect(AgentModeConfig.safeParse({ minTickets: 10, minCustomers: 4 }).success).toBe(false);
    expect(AgentModeConfig.safeParse({ minTickets: 10, minOrders: 9 }).success).toBe(false);
    expect(AgentModeConfig.safeParse({ minCustomers: 0 }).success).toBe(false);
    // What the tenant stack passes to the functions parses again to the same.
    const asked = AgentModeConfig.parse({ minTickets: 10, minOrders: 12 });
    expect(AgentModeConfig.parse(JSON.parse(JSON.stringify(asked)))).toEqual(asked);
    expect(minimumsOf(asked)).toEqual({ minTickets: 10, minCustomers: 5, minOrders: 12 });
  });

  it('is allowed at 49 of 50 samples (98%) and not at 48 of 50, nor under the minimum samples', () => {
    expect(promotionCheck(independent(50, 49), config)).toEqual({ eligible: true, agreement: 0.98, reasons: [] });
    expect(promotionCheck(independent(50, 48), config)).toMatchObject({ eligible: false, agreement: 0.96 });
    expect(promotionCheck(independent(49, 49), config)).toMatchObject({
      eligible: false,
      agreement: 1,
      reasons: [
        '49 independent resolved ticket(s) (one per order, and per customer in 7 days), at least 50 needed',
        '49 distinct order(s), at least 50 needed',
      ],
    });
    expect(promotionCheck(independent(100, 98), config).eligible).toBe(true);
  });

  it('reads agreement from the samples, not from the resolutions', () => {
    // 60 resolutions all agreeing, in 50 samples of which 2 hold a disagreement elsewhere: 96%.
    expect(promotionCheck({ ...independent(50, 48), resolved: 60, agreed: 60 }, config)).toMatchObject({ eligible: false, agreement: 0.96 });
  });

  it('refuses 50 resolutions of one customer on one order, naming the customers and orders behind the figure', () => {
    const oneCustomer = { resolved: 50, agreed: 50, samples: 1, agreeingSamples: 1, customers: 1, orders: 1 };

    expect(promotionCheck(oneCustomer, config)).toEqual({
      eligible: false,
      agreement: 1,
      reasons: [
        '1 independent resolved ticket(s) (one per order, and per customer in 7 days), at least 50 needed',
        '1 distinct customer(s), at least 25 needed',
        '1 distinct order(s), at least 50 needed',
      ],
    });
  });

  it('refuses enough samples from too few customers, or on too few orders', () => {
    // 50 weekly samples of 20 regulars (a customer's windows are samples of their own).
    expect(promotionCheck({ ...independent(50, 50), customers: 24 }, config)).toMatchObject({
      eligible: false,
      reasons: ['24 distinct customer(s), at least 25 needed'],
    });
    expect(promotionCheck({ ...independent(50, 50), customers: 25 }, config).eligible).toBe(true);
    expect(promotionCheck({ ...independent(50, 50), orders: 49 }, AgentModeConfig.parse({ minOrders: 60 }))).toMatchObject({
      eligible: false,
      reasons: ['49 distinct order(s), at least 60 needed'],
    });
  });

  it('is not allowed before any resolution, whatever the minimum', () => {
    expect(promotionCheck(independent(0, 0), AgentModeConfig.parse({ minTickets: 1 }))).toMatchObject({ eligible: false, agreement: null });
  });
});
