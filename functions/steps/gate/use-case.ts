// Gate: the refund policy decides on the proposal in code — auto, approval, or refuse — and the
// decision is recorded with the rules that decided it. No model runs here. Then the tenant's mode for
// the ticket's class (reason × amount band × language) applies: auto as decided; assist turns an
// automatic refund into an approval; shadow records what the agent would have done and stops the run
// at its proposal (every decision, refusals included, so agreement also covers "no refund"). A run an
// earlier step asked to hand to a person never gets here as work: shared/step/step.ts passes it on (decision escalate).
import { anyNonAuto, AUTO_MODE, classKeyOf, modeFor, normalizeLines, type AgentMode } from '#functions/shared/domain/shadow.js';
import type { GateDecision } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { RULES } from '#harness/policy/rules.js';
import { MissingStepDataError } from '../../shared/errors.js';
import { requestWords } from '../../shared/words/request-words.js';
import { statusAskedOfAnotherOrder } from '../../shared/domain/ticket-requests.js';
import { continueWith } from '../../shared/step/result.js';
import { createStep } from '../../shared/step/step.js';
import { decideForTicket } from './ticket-share.js';
import type { StepDeps } from '../../shared/step/deps.js';

export function createGate(deps: Pick<StepDeps, 'runs' | 'harness' | 'clock' | 'agentMode' | 'shadow' | 'tickets'>) {
  const config = deps.agentMode ?? AUTO_MODE;

  /** The class's mode: the tenant file's, unless the class was promoted to auto at runtime. */
  async function modeOf(tenant: string, classKey: string): Promise<AgentMode> {
    const fromFile = modeFor(config, classKey, false);
    if (fromFile === 'auto' || !deps.shadow) return fromFile;
    const record = await deps.shadow.getClass(tenant, classKey);
    return modeFor(config, classKey, record?.promotedAt != null);
  }

  return createStep(deps, 'Gate', async ({ run, ctx }) => {
    const { runId } = run;
    if (!run.triage || !run.order || !run.proposal) throw new MissingStepDataError(runId, 'proposal');
    const { triage, order, proposal } = run;
    // One of several requests of a ticket: decided over the ticket's other refunds, an automatic one reserved (ticket-share.ts).
    const decided = await decideForTicket({ tickets: deps.tickets, now: () => deps.clock.now().toISOString() }, run, (ticketRefunds) =>
      deps.harness.decideGate(ctx, {
        ticketEmail: run.ticket.requesterEmail,
        // One of several requests: the words of the ticket's other requests are theirs (request-words.ts).
        customerText: requestWords(run),
        ticketReceivedAt: run.ticket.receivedAt,
        triage,
        order,
        proposal,
        ...(ticketRefunds ? { ticketRefunds } : {}),
        statusAskedOfAnotherOrder: statusAskedOfAnotherOrder(run.ticketRequests, order.orderNumber),
      }),
    );
    // A question about an earlier refund moves no money: answered whatever the class's mode.
    if (decided.decision === 'answer') {
      await deps.runs.update(runId, { gate: decided });
      return continueWith({ decision: 'answer' });
    }

    const classKey = classKeyOf({ reason: run.proposal.reason, amountMinor: decided.amountMinor, currency: decided.currency, language: run.triage.language });
    const mode = anyNonAuto(config) ? await modeOf(run.tenant, classKey) : 'auto';
    if (mode === 'shadow') {
      await deps.runs.update(runId, { gate: decided, shadow: shadowProposal(run, decided, classKey, deps.clock.now().toISOString()) });
      return continueWith({ decision: 'shadow' });
    }
    const gate = mode === 'assist' && decided.decision === 'auto' ? assisted(decided) : decided;
    await deps.runs.update(runId, { gate });
    if (gate.decision === 'refuse') return { outcome: 'escalate', decision: 'refuse', reason: `refused by policy: ${gate.reasons.join('; ')}` };
    return continueWith({ decision: gate.decision });
  });
}

/** What the agent would have done, kept for comparing with what the person does. */
function shadowProposal(run: Run, gate: GateDecision, classKey: string, at: string): NonNullable<Run['shadow']> {
  // An answer never shadows (it returns before): read as refunding nothing.
  const decision = gate.decision === 'answer' ? 'refuse' : gate.decision;
  const refunds = decision !== 'refuse';
  return {
    classKey,
    decision,
    amountMinor: refunds ? gate.amountMinor : 0,
    currency: gate.currency,
    lines: refunds ? normalizeLines(run.proposal?.lineItems ?? []) : [],
    proposedAt: at,
  };
}

/** Assist mode: the policy would refund on its own, the tenant wants a person to approve it. */
const assisted = (gate: GateDecision): GateDecision => ({
  ...gate,
  decision: 'approval',
  rules: [RULES.assistMode],
  reasons: [`assist mode: a person approves every refund of this kind (the policy alone would allow it: ${gate.reasons.join('; ')})`],
});
