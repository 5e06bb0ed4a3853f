// The most one ticket of each kind may ask of AWS, committed: a new state, step, table write or email
// raises a count, and test/e2e/cost.test.ts fails until the ceiling is raised here on purpose (with the
// cost it adds, from `npm run cost`). Counts only: durations and bytes vary by machine.
import type { TicketUsage } from './estimate.js';
import type { TicketKind } from './measure.js';

export type Ceiling = Pick<
  TicketUsage,
  'transitions' | 'invocations' | 'dynamoWriteUnits' | 'dynamoIndexWriteUnits' | 'dynamoReadUnits' | 'sqsRequests' | 'apiRequests' | 'emails'
>;

/**
 * Measured on 2026-12-01 (test/e2e/cost.test.ts's run: the automatic ticket first, so it also pays the
 * harness's tools/list pin check and each caller's MCP handshake), and committed as they were: any
 * growth is a decision. MCP invocations since one request per warm tool call: automatic 14 (7 tool
 * calls, 3 handshakes of 2, the pin check's tools/list), approval 9 (7 calls, request-approval's handshake).
 * Transitions since 2026-12-01, one Choice on each path (after the Gate) and no Done state: the automatic
 * path enters 8 states (Triage … GateDecision, Refund, DraftReply, CheckReply), the approval path 10.
 */
export const CEILINGS: Record<TicketKind, Ceiling> = {
  automatic: {
    transitions: 8,
    invocations: 23,
    // 67 → 69 (2026-12-01, issue 21): the proposal's cited spans and exclusions make the run row and the
    // order agent's journal row larger (one more KB-unit each); about $0.0025 per 1,000 tickets.
    dynamoWriteUnits: 69,
    dynamoIndexWriteUnits: 6,
    dynamoReadUnits: 14,
    sqsRequests: 3,
    apiRequests: 1,
    emails: 0,
  },
  approval: {
    transitions: 10,
    // 21 → 23 and 91 → 95 (2026-12-01, issue 22): the approval page reads the order as it is when it is
    // opened and again when the lead decides (two MCP invocations of get_order, two journal rows), so a
    // refund made since in Shopify is shown and never approved blind; about $0.01 per 1,000 approval tickets.
    invocations: 23,
    dynamoWriteUnits: 95,
    dynamoIndexWriteUnits: 12,
    // 23 → 28 (2026-12-01, issue 22): the approval email and holding note read the other runs on the
    // order (the byOrder index and their rows) to say what is still refundable now and which other
    // approval is pending; about $0.001 per 1,000 approval tickets at on-demand read prices.
    dynamoReadUnits: 28,
    sqsRequests: 3,
    apiRequests: 3,
    emails: 1,
  },
};

/** Each count of `usage` above its ceiling, said plainly. */
export function overCeilings(kind: TicketKind, usage: TicketUsage): string[] {
  return (Object.entries(CEILINGS[kind]) as [keyof Ceiling, number][])
    .filter(([key, ceiling]) => usage[key] > ceiling)
    .map(([key, ceiling]) => `${kind} ticket: ${key} ${Math.round(usage[key] * 100) / 100} > ${ceiling}`);
}
