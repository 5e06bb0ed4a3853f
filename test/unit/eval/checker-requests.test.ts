// The checker's reading of docs/policy.md's "One ticket, several requests": each request labelled on
// its own order, the ticket's automatic refunds together within the limit and each counted in the
// refund history of the next, whichever run decides first; and the golden set's several_requests
// tickets cover what the category is for.
import { describe, expect, it } from 'vitest';
import { checkGoldenSet, deriveLabel, GoldenDataError } from '../../../eval/checker/index.js';
import { requestProblems } from '../../../eval/checker/requests.js';
import { readStore } from '../../../eval/checker/store.js';
import type { Claim, RequestClaim } from '../../../eval/golden/schema.js';

const GOLDEN_DIR = new URL('../../../eval/golden/', import.meta.url).pathname;

/** One customer with an order per price (3000, 3001, …), each a single item fulfilled 5 days ago; `history` earlier refunds on another order. */
function store(prices: number[], history: number[] = []) {
  const item = (i: number, price: number) => ({ title: `Item ${i}`, sku: `SKU-${i}`, quantity: 1, unitPriceMinor: price });
  const orders = prices.map((price, i) => ({ number: 3000 + i, customerId: '1', createdDaysAgo: 10, fulfilledDaysAgo: 5, lineItems: [item(i, price)] }));
  const old = {
    number: 3900,
    customerId: '1',
    createdDaysAgo: 100,
    fulfilledDaysAgo: 95,
    lineItems: [{ ...item(9, 1000), quantity: history.length || 1 }],
    refunds: history.map((daysAgo) => ({ daysAgo, lineItems: [{ sku: 'SKU-9', quantity: 1 }] })),
  };
  return readStore(
    {
      shop: { name: 'Test', currency: 'USD', timeZone: 'UTC' },
      customers: [{ id: '1', email: 'a@example.com', name: 'A', helpdeskUserId: 'u1' }],
      orders: [...orders, old],
      helpdesk: { users: [{ id: 'u1', email: 'a@example.com', name: 'A' }], tickets: [] },
    },
    'test',
  );
}

const refund = (k: number, over: Partial<RequestClaim> = {}): RequestClaim => ({
  orderNumber: 3000 + k,
  remedy: 'refund',
  reason: 'damaged',
  lines: [{ sku: `SKU-${k}`, quantity: 1 }],
  ...over,
});
const ticket = (requests: RequestClaim[]): Claim => ({
  ...requests[0]!,
  orderNumbersMentioned: requests.flatMap((r) => (r.orderNumber ? [r.orderNumber] : [])),
  requests,
});
const labels = (s: ReturnType<typeof store>, requests: RequestClaim[]) => deriveLabel({ id: 't', requester: '1', claim: ticket(requests) }, s).requests!;
const decisions = (s: ReturnType<typeof store>, requests: RequestClaim[]) => labels(s, requests).map((l) => [l.outcome, l.amountMinor, l.approvalRules]);

describe("the checker's reading of several requests in one ticket", () => {
  it('refunds two small requests automatically when together they stay within the limit', () => {
    expect(decisions(store([1800, 3200]), [refund(0), refund(1)])).toEqual([
      ['auto_refund', 1800, []],
      ['auto_refund', 3200, []],
    ]);
  });

  it('lets the small one refund automatically beside one over the limit alone, listing only the rules that hold in every order', () => {
    const [small, large] = labels(store([1800, 6200]), [refund(0), refund(1)]);
    expect([small!.outcome, large!.outcome, large!.approvalRules]).toEqual(['auto_refund', 'approval', ['amount_over_auto_limit']]);
    expect(large!.trajectory).toEqual(['get_order', 'get_refund_history', 'post_draft']);
  });

  it('refuses a ticket whose labels depend on which run decides first: two refunds over the limit only together', () => {
    expect(() => labels(store([3000, 2800]), [refund(0), refund(1)])).toThrow(GoldenDataError);
    expect(() => labels(store([3000, 2800]), [refund(0), refund(1)])).toThrow(/depends on which run decides first/);
  });

  it("counts each automatic refund of the ticket in the customer's refund history of the next", () => {
    // One refund in the window already: whichever small refund comes second would be the customer's third.
    expect(() => labels(store([1200, 900], [20]), [refund(0), refund(1)])).toThrow(/depends on which run decides first/);
    // Two already: every refund goes to a lead, whatever the order.
    expect(decisions(store([1200, 900], [20, 40]), [refund(0), refund(1)]).map(([outcome, , rules]) => [outcome, rules])).toEqual([
      ['approval', ['too_many_recent_refunds']],
      ['approval', ['too_many_recent_refunds']],
    ]);
  });

  it('sends a request the words tie to no order to a person before any order is read, beside the tied one', () => {
    const [tied, untied] = labels(store([1800, 2100]), [refund(0), refund(1, { orderNumber: null })]);
    expect(tied!.outcome).toBe('auto_refund');
    expect(untied).toMatchObject({ outcome: 'escalate', escalation: 'request_tied_to_no_order', boundOrder: null, currency: null, trajectory: ['post_draft'] });
  });

  it('never counts a cancel toward the ticket: always a lead’s, beside an automatic refund', () => {
    const unshipped = readStore(
      {
        ...store([4000]).fixture,
        orders: [
          ...store([4000]).fixture.orders,
          {
            number: 3001,
            customerId: '1',
            createdDaysAgo: 1,
            fulfilledDaysAgo: null,
            lineItems: [{ title: 'Kettle', sku: 'K', quantity: 1, unitPriceMinor: 4500 }],
          },
        ],
      },
      'test',
      { storeCredit: false, cancelUnfulfilled: true, returns: { enabled: false, feeMinor: 0, keepItBelowMinor: 2000, receiveWithinDays: 30 } },
    );
    expect(decisions(unshipped, [refund(0), refund(1, { remedy: 'cancel', reason: 'changed_mind', lines: [] })])).toEqual([
      ['auto_refund', 4000, []],
      ['approval', 4500, ['cancel_needs_approval']],
    ]);
  });

  it("gives the ticket's label as its first request's", () => {
    const s = store([1800, 6200]);
    const label = deriveLabel({ id: 't', requester: '1', claim: ticket([refund(0), refund(1)]) }, s);
    const { requests, ...first } = label;
    expect(first).toEqual(requests![0]);
  });
});

describe("the golden set's several_requests tickets", () => {
  const result = checkGoldenSet(GOLDEN_DIR);
  const tickets = result.tickets.filter((t) => t.category === 'several_requests');
  const requests = tickets.flatMap((t) => t.label.requests ?? []);

  it('are 15, most with several requests, some that stay one run', () => {
    expect(tickets).toHaveLength(15);
    expect(tickets.filter((t) => t.claim.requests).length).toBeGreaterThanOrEqual(12);
    expect(tickets.filter((t) => !t.claim.requests).length).toBeGreaterThanOrEqual(2);
    expect(tickets.some((t) => (t.claim.requests ?? []).length === 3)).toBe(true);
    expect(new Set(tickets.map((t) => t.language))).toEqual(new Set(['en', 'es', 'de', 'fr']));
  });

  it('ask for every kind of decision across their requests', () => {
    expect(new Set(requests.map((l) => l.outcome))).toEqual(new Set(['auto_refund', 'approval', 'escalate', 'answered']));
    expect(requests.some((l) => l.remedy === 'cancel')).toBe(true);
    expect(requests.some((l) => l.escalation === 'request_tied_to_no_order')).toBe(true);
    expect(requests.some((l) => l.escalation === 'order_not_requesters')).toBe(true);
  });

  it("keep each ticket's automatic refunds within the automatic limit together", () => {
    for (const t of tickets) {
      const auto = (t.label.requests ?? []).filter((l) => l.outcome === 'auto_refund').reduce((n, l) => n + l.amountMinor, 0);
      expect(auto, t.id).toBeLessThanOrEqual(5000);
    }
  });

  it('name a problem when the claim is not its first request, or two requests share an order', () => {
    const t = tickets.find((x) => x.claim.requests)!;
    expect(requestProblems(t)).toEqual([]);
    expect(requestProblems({ ...t, claim: { ...t.claim, reason: 'other' } })).toContain("claim.reason is not the first request's");
    const same = t.claim.requests!.map((r) => ({ ...r, orderNumber: t.claim.orderNumber }));
    expect(requestProblems({ ...t, claim: { ...t.claim, requests: same } })).toContain('two requests on one order: they are one request');
  });
});
