// The most one ticket of each kind may ask of AWS, committed: a new state, step, table write or email
// raises a count, and test/e2e/cost.test.ts fails until the ceiling is raised here on purpose (with the
// cost it adds, from `npm run cost`). Counts only: durations and bytes vary by machine.
import type { TicketUsage } from './estimate.js';
import type { TicketKind } from './measure.js';

export type Ceiling = Pick<
  TicketUsage,
  | 'transitions'
  | 'expressExecutions'
  | 'invocations'
  | 'dynamoWriteUnits'
  | 'dynamoIndexWriteUnits'
  | 'dynamoReadUnits'
  | 'sqsRequests'
  | 'apiRequests'
  | 'emails'
>;

/**
 * Measured on 2026-12-01 and committed as they were: any growth is a decision. Warm tickets since issue
 * 24 (one uncounted ticket of each path runs first; a cold ticket's handshakes are modelled, deployed.ts):
 * automatic 16 invocations (7 of them MCP tool calls), approval 21 (9 MCP: the approval page's two
 * get_order), escalation 8 (Triage hands it on; Escalate's note is one tool call), rejection 15.
 * Transitions since issue 24 are the run's Standard execution's only: the steps run in Express
 * executions (billed by duration, priced apart). The automatic path enters Work, NeedsApproval and
 * Finished (3); the approval path Work, NeedsApproval, RequestApproval, Settle, and since issue 36
 * AfterSegment and Finished (6: the choice that sends an approved return to wait for its parcel).
 * Write units since issue 24 count the run-row update a priced model call makes (its cost added to the
 * run), which the offline model skips: automatic 57 measured + 4 calls × 3 units.
 */
export const CEILINGS: Record<TicketKind, Ceiling> = {
  automatic: {
    // 8 → 6 (issue 24): CheckOrder and the Gate run in the ProposeRefund Task.
    // 6 → 3 (issue 24): the steps in an Express execution; $0.15 → $0.09 per 1,000 with its duration.
    transitions: 3,
    expressExecutions: 1,
    // 23 → 16 (issue 24): warm tickets; the cold ticket's MCP handshakes and pin checks are priced apart.
    // 16 → 14: CheckOrder and the Gate run in the ProposeRefund Task.
    // 14 → 15 (issue 35): the Gate reads the store's own figure for the claim (preview_refund, one MCP call).
    invocations: 15,
    // 67 → 69 (2026-12-01, issue 21): the proposal's cited spans and exclusions make the run row and the
    // order agent's journal row larger (one more KB-unit each); about $0.0025 per 1,000 tickets.
    // 69 → 77 (issue 24): journal rows deflated (-4), the model calls' cost updates now counted (+12).
    // 77 → 65 (issue 24): the run row's large parts stored deflated (run-fields.ts), and each model
    // call's cost update counted at the row's size at that call rather than its final size.
    // 65 → 57 (issue 24): one run-row write per step where a Task runs several (the ProposeRefund
    // Task's results enter the next part; Refund's claim rides on its entry; CheckReply's draft on the close).
    // 57 → 62 (issue 35): the Gate's preview_refund journal row, and the order facts and gate decision
    // carrying the money (discounts, tax lines, shipping, the amount's breakdown); about $0.006 per 1,000.
    dynamoWriteUnits: 62,
    dynamoIndexWriteUnits: 6,
    // 14 → 15 (issue 24, while the write paths and row access were reworked): one more read a ticket.
    dynamoReadUnits: 15,
    sqsRequests: 3,
    apiRequests: 1,
    emails: 0,
  },
  approval: {
    // 8 → 4 (issue 24): the wait in the Standard execution, the steps either side of it in two Express ones.
    transitions: 6,
    expressExecutions: 2,
    // 21 → 23 and 91 → 95 (2026-12-01, issue 22): the approval page reads the order as it is when it is
    // opened and again when the lead decides (two MCP invocations of get_order, two journal rows), so a
    // refund made since in Shopify is shown and never approved blind; about $0.01 per 1,000 approval tickets.
    // 21 → 19: CheckOrder and the Gate in the ProposeRefund Task. 19 → 20 (issue 35): the Gate's preview_refund.
    invocations: 20,
    // 95 → 101 (issue 24): as the automatic path's. 101 → 90: the run row's parts deflated, as above.
    // 90 → 81: one run-row write per step, as above. 81 → 82 (issue 35): as the automatic path's.
    dynamoWriteUnits: 82,
    dynamoIndexWriteUnits: 12,
    // 23 → 28 (2026-12-01, issue 22): the approval email and holding note read the other runs on the
    // order (the byOrder index and their rows) to say what is still refundable now and which other
    // approval is pending; about $0.001 per 1,000 approval tickets at on-demand read prices.
    // 28 → 28.5 (issue 35): the larger run row read back.
    dynamoReadUnits: 28.5,
    sqsRequests: 3,
    apiRequests: 3,
    emails: 1,
  },
  // Issue 24: an address change, handed to a person from Triage (Escalate leaves the team note).
  escalation: {
    transitions: 3,
    expressExecutions: 1,
    invocations: 6,
    dynamoWriteUnits: 15,
    dynamoIndexWriteUnits: 3,
    dynamoReadUnits: 8,
    sqsRequests: 3,
    apiRequests: 1,
    emails: 0,
  },
  // Issue 24: the approval path up to the lead's decline, then Escalate (no refund, a note for the team).
  rejection: {
    transitions: 6,
    expressExecutions: 2,
    // 13 → 14 (issue 35): the Gate's preview_refund. 14 → 15 (issue 38): a rejection reads the order as it
    // is now, as an approval does, so a request with nothing left to refund ends as "nothing left" whichever
    // button the lead pressed (one state word everywhere); about $0.0002 per 1,000 rejected tickets.
    invocations: 15,
    // 53 → 49: one run-row write per step in the ProposeRefund Task, as the automatic path's. 49 → 51 (issue 35).
    dynamoWriteUnits: 51,
    dynamoIndexWriteUnits: 8,
    // 20 → 22 (issue 38): the other runs on the order read for that check, as above.
    dynamoReadUnits: 22,
    sqsRequests: 3,
    apiRequests: 3,
    emails: 1,
  },
};

/**
 * Counts sized in bytes cross a KB boundary by a few bytes of timing: journal rows carry latencies in ms
 * and the run row's deflated parts vary with them, so the same ticket measures 82 write units on a quiet
 * machine and 83 under a loaded test run (the approval path's run row sits 7 bytes under 2 KB at one write).
 * That much is not growth; a new write or a larger row is more than this.
 */
export const SIZED_SLACK: Partial<Record<keyof Ceiling, number>> = { dynamoWriteUnits: 2, dynamoReadUnits: 1 };

/** Each count of `usage` above its ceiling (and, for a count sized in bytes, above its slack), said plainly. */
export function overCeilings(kind: TicketKind, usage: TicketUsage): string[] {
  return (Object.entries(CEILINGS[kind]) as [keyof Ceiling, number][])
    .filter(([key, ceiling]) => usage[key] > ceiling + (SIZED_SLACK[key] ?? 0))
    .map(([key, ceiling]) => `${kind} ticket: ${key} ${Math.round(usage[key] * 100) / 100} > ${ceiling}`);
}
