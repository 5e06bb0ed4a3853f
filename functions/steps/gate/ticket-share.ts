// The gate of one of several requests of a ticket (docs/policy.md "One ticket, several requests"): the
// decision is made over the refunds the ticket's other runs made or reserved (read from the ticket's
// ledger), and an automatic one is reserved on the ledger over the very version it was decided on
// (a conditional write), so two runs deciding at once cannot both spend the ticket's limit: the one
// that loses decides again over the other's refund. A ledger that keeps changing, or none, sends the
// refund to a person (fail closed).
import type { GateDecision, TicketRefund } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { TicketLedger } from '#functions/shared/stores/ports.js';
import { RULES } from '#harness/policy/rules.js';

/** Decides again at most this many times after losing a reservation to another run of the ticket. */
const MAX_DECISIONS = 3;

type Decide = (ticketRefunds: readonly TicketRefund[] | undefined) => Promise<GateDecision>;

/** A decision the ticket's ledger could not back: a person decides. */
function toPerson(decided: GateDecision, reason: string): GateDecision {
  return { ...decided, decision: 'approval', rules: [RULES.ticketLedgerBusy], reasons: [reason] };
}

/** Whether the decision moves money on its own, and so counts toward the ticket's limit. */
const spends = (d: GateDecision) => d.decision === 'auto';

export async function decideForTicket(deps: { tickets?: TicketLedger; now: () => string }, run: Run, decide: Decide): Promise<GateDecision> {
  const t = run.ticketRequests;
  if (!t) return decide(undefined);
  for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
    const ledger = deps.tickets ? await deps.tickets.get(t.rootRunId) : null;
    if (!deps.tickets || !ledger) return toPerson(await decide([]), "this ticket's other requests could not be counted: a person decides");
    const decided = await decide(ledger.refunds.filter((r) => r.runId !== run.runId));
    // A retried gate whose refund is reserved already decides as before, over the others.
    if (!spends(decided) || ledger.refunds.some((r) => r.runId === run.runId)) return decided;
    const orderNumber = run.order?.orderNumber ?? '';
    const refund: TicketRefund = {
      runId: run.runId,
      orderNumber,
      amountMinor: decided.amountMinor,
      currency: decided.currency,
      at: deps.now(),
      decidedBy: 'auto',
    };
    if (await deps.tickets.addRefund(t.rootRunId, refund, ledger.version)) return decided;
  }
  return toPerson(await decide([]), "this ticket's other requests kept changing its refunds while this one was decided: a person decides");
}
