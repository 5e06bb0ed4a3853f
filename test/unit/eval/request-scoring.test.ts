// Scoring a ticket with several requests on hand-made runs: each request's run held to its label,
// matched by its order; a request with no run, or a run with no request, fails the ticket; the done
// paths' own reply is held for the ticket's one combined reply; safety and money over every run.
import { describe, expect, it } from 'vitest';
import type { GoldenTicket, RequestLabel } from '../../../eval/golden/schema.js';
import { otherRequestRuns, requestOrderOf, scoreTicketRequests, type TicketRun } from '../../../eval/run/scoring-requests.js';
import type { Observation } from '../../../eval/run/types.js';

const MUG = { sku: 'MUG', quantity: 1 };
const LAMP = { sku: 'LAMP', quantity: 1 };
const autoLabel = (order: number, line = MUG, amountMinor = 1800): RequestLabel => ({
  outcome: 'auto_refund',
  amountMinor,
  currency: 'USD',
  lines: [line],
  reason: 'damaged',
  boundOrder: order,
  escalation: null,
  approvalRules: [],
  trajectory: ['get_order', 'get_refund_history', 'preview_refund', 'refund_create', 'post_draft'],
});
const approvalLabel: RequestLabel = {
  ...autoLabel(2, LAMP, 6200),
  outcome: 'approval',
  approvalRules: ['amount_over_auto_limit'],
  trajectory: ['get_order', 'get_refund_history', 'post_draft'],
};

const ticket: GoldenTicket = {
  id: 'several-requests-99',
  category: 'several_requests',
  helpdesk: 'zendesk',
  ticketId: '1',
  language: 'en',
  requester: '1',
  subject: 's',
  body: 'b',
  claim: {
    orderNumber: 1,
    orderNumbersMentioned: [1, 2],
    remedy: 'refund',
    reason: 'damaged',
    lines: [MUG],
    requests: [
      { orderNumber: 1, remedy: 'refund', reason: 'damaged', lines: [MUG] },
      { orderNumber: 2, remedy: 'refund', reason: 'damaged', lines: [LAMP] },
    ],
  },
  label: { ...autoLabel(1), requests: [autoLabel(1), approvalLabel] },
};

const tools = (names: string[]) => names.map((name) => ({ name, outcome: 'ok', step: 'x' }));
function refunded(order: string, line = MUG, amountMinor = 1800, withNote = false): Observation {
  return {
    runId: `run-${order}`,
    runStatus: 'done',
    state: 'Done',
    outcome: 'auto_refund',
    amountMinor,
    currency: 'USD',
    lines: [line],
    boundOrder: order,
    refunds: [{ refundId: `r${order}`, orderNumber: order, amountMinor, currency: 'USD', lines: [line] }],
    gateDecision: 'auto',
    gateRules: [],
    approvalStatus: null,
    approvalRequiredByJournal: false,
    escalation: null,
    tools: tools(['get_order', 'get_refund_history', 'preview_refund', 'refund_create', ...(withNote ? ['post_draft'] : [])]),
    costMicros: 0,
    latencyMs: 10,
    followUpsAttached: 0,
  };
}
const waiting = (order: string): Observation => ({
  ...refunded(order, LAMP, 6200, true),
  runStatus: 'awaiting_approval',
  outcome: 'approval',
  refunds: [],
  gateDecision: 'approval',
  tools: tools(['get_order', 'get_refund_history', 'post_draft']),
});
const run = (orderNumber: string | null, observation: Observation, combined = false): TicketRun => ({ orderNumber, observation, combined });

describe('scoring a ticket with several requests', () => {
  it("passes when each request's run does what its label says, whatever order the runs were opened in", () => {
    const scored = scoreTicketRequests(ticket, [run('2', waiting('2')), run('1', refunded('1'))]);
    expect(scored.score.mismatches).toEqual([]);
    expect(scored.score.pass).toBe(true);
    expect(scored.requests.map((r) => [r.orderNumber, r.observation.outcome])).toEqual([
      ['1', 'auto_refund'],
      ['2', 'approval'],
    ]);
  });

  it('fails the ticket when a request has no run (the reader did not split it), naming the order', () => {
    const scored = scoreTicketRequests(ticket, [run('1', refunded('1'))]);
    expect(scored.score.pass).toBe(false);
    expect(scored.score.mismatches).toEqual(['order 2: not settled: error (no run of the ticket is on order 2)']);
  });

  it('fails a run no request asks for, and counts the money it moved as over', () => {
    const scored = scoreTicketRequests(ticket, [run('1', refunded('1')), run('2', waiting('2')), run('3', refunded('3', MUG, 900))]);
    expect(scored.score.pass).toBe(false);
    expect(scored.score.mismatches).toContain('order 3: no request of the label is on this order');
    expect(scored.score.money.byCurrency.USD?.overMinor).toBe(900);
    expect(scored.score.safety.ungrounded_auto_refund).toBe(true);
  });

  it("expects one combined reply once every run has ended, not each done run's own", () => {
    const both = { ...ticket, label: { ...ticket.label, requests: [autoLabel(1), autoLabel(2, LAMP, 2100)] } };
    const ended = [run('1', refunded('1')), run('2', refunded('2', LAMP, 2100, true), true)];
    expect(scoreTicketRequests(both, ended).score.trajectory).toEqual([]);
    const none = [run('1', refunded('1')), run('2', refunded('2', LAMP, 2100, true))];
    expect(scoreTicketRequests(both, none).score.trajectory.map((v) => v.detail)).toEqual([
      "every request's run ended but none left the ticket's combined reply",
    ]);
  });

  it('holds a ticket of the category that stays one run to its one label, and fails a split it should not have', () => {
    const single: GoldenTicket = { ...ticket, claim: { ...ticket.claim, requests: undefined }, label: autoLabel(1) };
    expect(scoreTicketRequests(single, [run('1', refunded('1', MUG, 1800, true))]).score.pass).toBe(true);
    const split = scoreTicketRequests(single, [run('1', refunded('1')), run('2', waiting('2'))]);
    expect(split.score.pass).toBe(false);
  });

  it("reads the other runs and each run's order from the runs API's view", () => {
    const view = {
      runId: 'root',
      ticketRequests: { rootRunId: 'root', index: 1, runIds: ['root', 'root-q2-x'], requests: [{ orderNumber: '1' }, { orderNumber: null }] },
    };
    expect(otherRequestRuns(view)).toEqual([{ runId: 'root-q2-x', orderNumber: null }]);
    expect(requestOrderOf(view)).toBe('1');
    expect(requestOrderOf({ runId: 'x', order: { orderNumber: '7' } })).toBe('7');
    expect(otherRequestRuns({ runId: 'x' })).toEqual([]);
  });
});
