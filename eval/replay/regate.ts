// Decisions of a recorded run, side by side: the gate decision the run journaled then, and the
// decision today's gate code (harness/policy decideGateWithGrounding, what the Gate step runs) takes
// under today's policy on the same recorded triage, proposal and order facts. A difference between
// the two is a policy or gate change; nothing here asks a model or calls a store.
import type { JournalRow, OrderFacts, Proposal, Triage } from '#harness/domain/types.js';
import { computeProposalAmount, decideGateWithGrounding, type Policy } from '#harness/policy/index.js';
import type { RunFacts } from './load.js';

export interface Reading {
  decision: 'auto' | 'approval' | 'refuse' | 'answer' | 'none';
  amountMinor: number;
  lines: Array<{ lineItemId: string; quantity: number }>;
  rules: string[];
  remedy: string | null;
}

/** The ticket as the order agent was asked about it (contact data redacted in the journal). */
export interface RecordedTicket {
  subject?: string;
  body?: string;
  followUps?: string[];
}

export interface RecordedAnswers {
  ticket: RecordedTicket;
  triage: Triage;
  order: OrderFacts;
  proposal: Proposal;
  /** When the ticket arrived: the policy's days count back from it. */
  receivedAt: string;
}

const linesOf = (proposal: Proposal) => proposal.lineItems.map(({ lineItemId, quantity }) => ({ lineItemId, quantity }));

/** Today's gate on these answers, under `policy`. */
export function gateReading(answers: RecordedAnswers, policy: Policy): Reading {
  const { ticket, order, triage, proposal, receivedAt } = answers;
  // Ownership was checked when the run bound the order; the recorded facts carry no email.
  const owner = 'requester@replay.invalid';
  const { decision } = decideGateWithGrounding({
    ticketEmail: owner,
    customerText: [ticket.subject ?? '', ticket.body ?? '', ...(ticket.followUps ?? [])].filter(Boolean),
    ticketReceivedAt: receivedAt,
    triage,
    order: { ...order, customerEmail: owner },
    proposal,
    policy,
    now: new Date(receivedAt),
  });
  return { decision: decision.decision, amountMinor: decision.amountMinor, lines: linesOf(proposal), rules: decision.rules, remedy: proposal.remedy };
}

const GATE_DECISIONS = new Set(['auto', 'approval', 'refuse', 'answer']);

/**
 * The gate decision the run journaled (its last Gate 'decision' row), on the recorded proposal; the
 * amount as the run view recorded it, else as the proposal's lines give it on the recorded order.
 * Null when the run never reached the gate (an earlier step handed it to a person).
 */
export function journaledReading(rows: readonly JournalRow[], facts: RunFacts, answers: Pick<RecordedAnswers, 'order' | 'proposal'>): Reading | null {
  const row = rows.filter((r) => r.kind === 'decision' && r.name === 'gate' && r.decision && GATE_DECISIONS.has(r.decision)).at(-1);
  if (!row) return null;
  return {
    decision: row.decision as Reading['decision'],
    amountMinor: facts.gate?.amountMinor ?? computeProposalAmount(answers.order, answers.proposal.lineItems),
    lines: linesOf(answers.proposal),
    rules: (row.rule ?? '').split(',').filter(Boolean),
    remedy: answers.proposal.remedy,
  };
}

const sortedLines = (r: Reading) => JSON.stringify([...r.lines].sort((x, y) => x.lineItemId.localeCompare(y.lineItemId)));

/** Same decision, amount and lines (rules are the why, not the what). */
export const sameReading = (a: Reading, b: Reading) => a.decision === b.decision && a.amountMinor === b.amountMinor && sortedLines(a) === sortedLines(b);
