// One recorded run through today's code, without calling the store: the recorded triage, proposal
// and order facts go through today's gate under today's policy (regate.ts), against the decision the
// run journaled — a difference is the policy's or the gate's doing; then the recorded questions are
// asked again of a model (triage with its recorded input, then the order agent with its recorded
// input and the new triage, tool calls answered from the run's recorded tool results), and today's
// gate decides on the new answers — a difference from the re-gated recorded answers is the model's
// or the prompt's doing.
import { ORDER_AGENT_SYSTEM } from '#functions/steps/propose-refund/use-case.js';
import { TRIAGE_SYSTEM } from '#functions/steps/triage/use-case.js';
import { OrderFacts, Proposal, Triage, type JournalRow } from '#harness/domain/types.js';
import { sha256Hex } from '#harness/hash.js';
import { recordedInput, recordedOutput } from '#harness/models/model-output.js';
import type { ModelProvider, ModelTools } from '#harness/ports.js';
import { DEFAULT_POLICY, type Policy } from '#harness/policy/index.js';
import type { ModelChoices } from '#harness/models/index.js';
import type { RunFacts } from './load.js';
import { gateReading, journaledReading, sameReading, type Reading, type RecordedAnswers, type RecordedTicket } from './regate.js';

export type { Reading } from './regate.js';

export type ReaskOutcome =
  | {
      runId: string;
      kind: 'compared';
      /** The gate decision the run journaled; null when the run never reached the gate. */
      recorded: Reading | null;
      /** Today's gate, under today's policy, on the recorded answers. */
      regated: Reading;
      /** Today's gate on the answers the model gives today. */
      reasked: Reading;
      /** recorded ≠ regated: the policy or the gate changed the decision (null: nothing recorded to compare). */
      gateChanged: boolean | null;
      /** regated ≠ reasked: the model or the prompt changed the decision. */
      modelChanged: boolean;
      changed: boolean;
      promptChanged: boolean;
      /** The run view's policy version, when the export has it and it is not today's. */
      policyThen: string | null;
    }
  | { runId: string; kind: 'skipped'; reason: string };

const lastAnswer = (rows: JournalRow[], specialist: string) => rows.filter((r) => r.kind === 'model' && r.name === specialist && r.outcome === 'ok').at(-1);

/** The order agent's tools, answered from what the run's tools returned then; nothing reaches a store. */
function recordedTools(rows: JournalRow[]): ModelTools {
  const results = new Map<string, unknown>();
  for (const row of rows) {
    const out = row.kind === 'tool' && row.outcome === 'ok' ? recordedOutput(row) : null;
    if (out && !results.has(row.name)) results.set(row.name, out.output);
  }
  return {
    definitions: [],
    async execute(name) {
      return results.has(name) ? { ok: true, output: results.get(name) } : { ok: false, error: `${name}: not recorded in this run's journal` };
    },
  };
}

const invalid = (rules: string[]): Reading => ({ decision: 'none', amountMinor: 0, lines: [], rules, remedy: null });
const promptVersionOf = (system: string) => sha256Hex(system).slice(0, 12);

export async function reaskRun(
  runId: string,
  rows: JournalRow[],
  provider: ModelProvider,
  models: ModelChoices,
  policy: Policy = DEFAULT_POLICY,
  facts: RunFacts = {},
): Promise<ReaskOutcome> {
  const triageRow = lastAnswer(rows, 'triage');
  const orderRow = lastAnswer(rows, 'order_agent');
  if (!triageRow || !orderRow) return { runId, kind: 'skipped', reason: 'the run asked no order agent (it ended before a proposal)' };
  const triageIn = recordedInput(triageRow);
  const orderIn = recordedInput(orderRow);
  if (!triageIn || !orderIn)
    return { runId, kind: 'skipped', reason: 'the journal holds no replayable input for this run (recorded before inputs were kept, or cut)' };
  const oldTriage = Triage.safeParse(recordedOutput(triageRow)?.output);
  const oldProposal = Proposal.safeParse(recordedOutput(orderRow)?.output);
  const order = OrderFacts.safeParse(orderIn.input.order);
  if (!oldTriage.success || !oldProposal.success || !order.success)
    return { runId, kind: 'skipped', reason: "the recorded answers or order facts do not match today's schemas" };
  const answers: RecordedAnswers = {
    ticket: (orderIn.input as { ticket: RecordedTicket }).ticket,
    triage: oldTriage.data,
    order: order.data,
    proposal: oldProposal.data,
    receivedAt: facts.receivedAt ?? rows[0]?.at ?? new Date().toISOString(),
  };
  const recorded = journaledReading(rows, facts, answers);
  const regated = gateReading(answers, policy);
  const reasked = await reaskedReading(rows, answers, { triage: triageIn.input, order: orderIn.input }, provider, models, policy);
  const gateChanged = recorded === null ? null : !sameReading(recorded, regated);
  const modelChanged = !sameReading(regated, reasked);
  const promptChanged = [triageRow.promptVersion, orderRow.promptVersion].some(
    (v, i) => v !== undefined && v !== promptVersionOf([TRIAGE_SYSTEM, ORDER_AGENT_SYSTEM][i]!),
  );
  const policyThen = facts.gate && facts.gate.policyVersion !== policy.version ? facts.gate.policyVersion : null;
  return {
    runId,
    kind: 'compared',
    recorded,
    regated,
    reasked,
    gateChanged,
    modelChanged,
    changed: gateChanged === true || modelChanged,
    promptChanged,
    policyThen,
  };
}

/** The recorded questions asked again of `provider`, today's gate on its answers. */
async function reaskedReading(
  rows: JournalRow[],
  answers: RecordedAnswers,
  inputs: { triage: Record<string, unknown>; order: Record<string, unknown> },
  provider: ModelProvider,
  models: ModelChoices,
  policy: Policy,
): Promise<Reading> {
  const triage = await provider.complete({ specialist: 'triage', model: models.triage, system: TRIAGE_SYSTEM, input: inputs.triage, schema: Triage });
  const newTriage = Triage.safeParse(triage.output);
  if (!newTriage.success) return invalid(['invalid_model_output:triage']);
  const proposal = await provider.complete({
    specialist: 'order_agent',
    model: models.orderAgent,
    system: ORDER_AGENT_SYSTEM,
    input: { ...inputs.order, triage: newTriage.data },
    schema: Proposal,
    tools: recordedTools(rows),
  });
  const newProposal = Proposal.safeParse(proposal.output);
  if (!newProposal.success) return invalid(['invalid_model_output']);
  return gateReading({ ...answers, triage: newTriage.data, proposal: newProposal.data }, policy);
}
