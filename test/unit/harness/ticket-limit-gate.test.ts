// One ticket, several requests (docs/policy.md): each request is gated on its own, but the automatic
// limit holds for the ticket. The refunds the ticket's other runs made automatically count toward it,
// a lead's refund does not spend it, and every refund of the ticket counts in the customer's refund
// history, unless the store's history read for this run already holds that refund.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, RULES, decideGate } from '#harness/policy/index.js';
import type { GateDecision, TicketRefund } from '#harness/domain/types.js';
import { NOW, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

const LIMIT = DEFAULT_POLICY.document.autoRefundLimitMinor;
const MAX_RECENT = DEFAULT_POLICY.document.maxRefundsIn90Days;

const other = (amountMinor: number, decidedBy: TicketRefund['decidedBy'] = 'auto', orderNumber = '1004'): TicketRefund => ({
  runId: 'run-a-q2-x',
  orderNumber,
  amountMinor,
  currency: 'USD',
  at: NOW.toISOString(),
  decidedBy,
});

function gateWith(amountMinor: number, ticketRefunds: TicketRefund[] | undefined, recentRefunds: number = 0): GateDecision {
  const facts = makeFacts({}, makeOrder({ unitPriceMinor: amountMinor }));
  const history = Array.from({ length: recentRefunds }, (_, k) => ({
    refundId: `r-${k}`,
    orderNumber: '900',
    createdAt: new Date(NOW.getTime() - (k + 1) * 86_400_000).toISOString(),
    amountMinor: 100,
    currency: 'USD',
  }));
  return decideGate({
    ticketEmail: 'ana@example.com',
    customerText: ['Broken mug', 'The mug in order #1001 arrived cracked.'],
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage(),
    order: { ...facts, recentRefunds: history, refundsLast90Days: history.length },
    proposal: makeProposal(facts),
    policy: DEFAULT_POLICY,
    now: NOW,
    ...(ticketRefunds ? { ticketRefunds } : {}),
  });
}

describe("the ticket's automatic limit", () => {
  it("refunds automatically when this refund and the ticket's other automatic ones stay within the limit", () => {
    expect(gateWith(1800, [other(LIMIT - 1800)])).toMatchObject({ decision: 'auto', amountMinor: 1800 });
  });

  it('asks a person once the ticket together would pass the limit, though each alone is under it', () => {
    const decided = gateWith(4500, [other(4500)]);
    expect(decided.decision).toBe('approval');
    expect(decided.rules).toEqual([RULES.ticketOverAutoLimit]);
    expect(decided.reasons[0]).toContain('$90.00');
    // The same refund on a ticket of its own is automatic.
    expect(gateWith(4500, undefined)).toMatchObject({ decision: 'auto' });
  });

  it("does not spend the limit with a refund a lead approved on the ticket's other order", () => {
    expect(gateWith(4500, [other(4500, 'lead')])).toMatchObject({ decision: 'auto' });
  });
});

describe("the ticket's refunds in the customer's history", () => {
  it("counts another run's refund of the ticket toward the recent-refunds rule", () => {
    expect(gateWith(1800, undefined, MAX_RECENT - 1)).toMatchObject({ decision: 'auto' });
    const decided = gateWith(1800, [other(500, 'lead')], MAX_RECENT - 1);
    expect(decided.decision).toBe('approval');
    expect(decided.rules).toContain(RULES.tooManyRecentRefunds);
  });

  it('does not count it twice when the store history read for this run already holds it', () => {
    const facts = makeFacts({}, makeOrder({ unitPriceMinor: 1800 }));
    const made = { refundId: 'r-ticket', orderNumber: '1004', createdAt: NOW.toISOString(), amountMinor: 500, currency: 'USD' };
    const earlier = Array.from({ length: MAX_RECENT - 2 }, (_, k) => ({
      ...made,
      refundId: `r-${k}`,
      orderNumber: '900',
      createdAt: new Date(NOW.getTime() - 86_400_000).toISOString(),
    }));
    const decided = decideGate({
      ticketEmail: 'ana@example.com',
      customerText: ['Broken mug', 'The mug in order #1001 arrived cracked.'],
      ticketReceivedAt: NOW.toISOString(),
      triage: makeTriage(),
      order: { ...facts, recentRefunds: [...earlier, made], refundsLast90Days: earlier.length + 1 },
      proposal: makeProposal(facts),
      policy: DEFAULT_POLICY,
      now: NOW,
      ticketRefunds: [other(500, 'lead')],
    });
    expect(decided).toMatchObject({ decision: 'auto' });
  });
});
