// docs/policy.md's day boundaries with an injected clock, counted as calendar days in the store's time
// zone back from the day the ticket arrived: fulfilled 30 days ago is in, 31 out; a refund 90 days
// ago counts, 91 does not — whatever the hour of day on either side.
import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, createPolicy, decideGate, RULES, type GateInput } from '#harness/policy/index.js';
import type { OrderFacts } from '#harness/domain/types.js';
import { makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

const DAY = 86_400_000;
/** The ticket arrives at 00:30 in New York (05:30 UTC), early in the store's day. */
const ARRIVED = new Date('2026-11-20T05:30:00Z');
const NEW_YORK = createPolicy({ timeZone: 'America/New_York' });
const at = (daysBefore: number, hourUtc: number) => new Date(Date.parse('2026-11-20T00:00:00Z') - daysBefore * DAY + hourUtc * 3_600_000).toISOString();

function gate(order: OrderFacts): ReturnType<typeof decideGate> {
  const input: GateInput = {
    ticketEmail: 'ana@example.com',
    customerText: ['The mug in order #1001 arrived cracked.'],
    ticketReceivedAt: ARRIVED.toISOString(),
    triage: makeTriage(),
    order,
    proposal: makeProposal(order),
    policy: NEW_YORK,
    now: ARRIVED,
  };
  return decideGate(input);
}

const base = makeFacts({}, makeOrder());
const fulfilled = (iso: string): OrderFacts => ({ ...base, lineItems: [{ ...base.lineItems[0]!, fulfilledAt: iso }] });
const refunds = (...isos: string[]): OrderFacts => ({
  ...base,
  refundsLast90Days: 0,
  recentRefunds: isos.map((createdAt, i) => ({ refundId: `r${i}`, orderNumber: '900', createdAt, amountMinor: 100, currency: 'USD' })),
});

describe("calendar days in the store's time zone", () => {
  it("counts days by the store's calendar, not by 24-hour periods", () => {
    // 23:00 New York on the 19th is 04:00 UTC on the 20th: one day before a ticket at 00:30 on the 20th.
    expect(calendarDaysBetween('2026-11-20T04:00:00Z', ARRIVED.toISOString(), 'America/New_York')).toBe(1);
    expect(calendarDaysBetween('2026-11-20T04:00:00Z', ARRIVED.toISOString(), 'UTC')).toBe(0);
  });
});

describe('fulfilled within 30 days', () => {
  // Day 30 in New York: from 2026-10-21T04:00Z to 2026-10-22T04:00Z.
  it.each([
    ['30 days ago, late in that day', at(29, 3), true],
    ['30 days ago, early in that day', at(30, 4.5), true],
    ['31 days ago, late in that day', at(30, 3), false],
    ['31 days ago, early in that day', at(31, 5), false],
  ])('an item fulfilled %s: auto %s', (_name, iso, auto) => {
    const decision = gate(fulfilled(iso));
    expect(decision.rules.includes(RULES.fulfilledTooLongAgo)).toBe(!auto);
  });
});

describe('fewer than 2 refunds in 90 days', () => {
  const recent = at(5, 12);
  it.each([
    ['90 days ago (late that day)', at(89, 3), true],
    ['90 days ago (early that day)', at(90, 5), true],
    ['91 days ago (late that day)', at(90, 3), false],
    ['91 days ago', at(91, 12), false],
  ])('a refund %s counts: %s', (_name, iso, counts) => {
    const decision = gate(refunds(recent, iso));
    expect(decision.rules.includes(RULES.tooManyRecentRefunds)).toBe(counts);
  });

  it("counts a refund made after the ticket arrived (a concurrent run's)", () => {
    expect(gate(refunds(recent, new Date(ARRIVED.getTime() + 60_000).toISOString())).rules).toContain(RULES.tooManyRecentRefunds);
  });
});
