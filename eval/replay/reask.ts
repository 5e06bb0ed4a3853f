// Asks the recorded questions of one run again, of another model or prompt, without calling the
// store: triage with its recorded input, then the order agent with its recorded input and the new
// triage (tool calls answered from the run's recorded tool results), then the gate, in code, on
// both readings. The gate is today's, so a changed decision is the model's or the prompt's doing.
import { ORDER_AGENT_SYSTEM } from '#functions/propose-refund/use-case.js';
import { TRIAGE_SYSTEM } from '#functions/triage/use-case.js';
import { OrderFacts, Proposal, Triage, type JournalRow } from '#harness/domain/types.js';
import { sha256Hex } from '#harness/hash.js';
import { recordedInput, recordedOutput } from '#harness/models/model-output.js';
import type { ModelProvider, ModelTools } from '#harness/ports.js';
import { DEFAULT_POLICY, decideGate, type Policy } from '#harness/policy/index.js';
import type { ModelChoices } from '#harness/models/index.js';

export interface Reading {
  decision: 'auto' | 'approval' | 'refuse' | 'none';
  amountMinor: number;
  lines: Array<{ lineItemId: string; quantity: number }>;
  rules: string[];
  remedy: string | null;
}

export type ReaskOutcome =
  | { runId: string; kind: 'compared'; recorded: Reading; reasked: Reading; changed: boolean; promptChanged: boolean }
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

function readingOf(
  input: { ticket: { subject?: string; body?: string; followUps?: string[] } },
  order: OrderFacts,
  triage: Triage,
  proposal: Proposal,
  receivedAt: string,
  policy: Policy,
): Reading {
  // Ownership was checked when the run bound the order; the recorded facts carry no email.
  const owner = 'requester@replay.invalid';
  const gate = decideGate({
    ticketEmail: owner,
    customerText: [input.ticket.subject ?? '', input.ticket.body ?? '', ...(input.ticket.followUps ?? [])].filter(Boolean),
    ticketReceivedAt: receivedAt,
    triage,
    order: { ...order, customerEmail: owner },
    proposal,
    policy,
    now: new Date(receivedAt),
  });
  return {
    decision: gate.decision,
    amountMinor: gate.amountMinor,
    lines: proposal.lineItems.map(({ lineItemId, quantity }) => ({ lineItemId, quantity })),
    rules: gate.rules,
    remedy: proposal.remedy,
  };
}

const same = (a: Reading, b: Reading) =>
  a.decision === b.decision &&
  a.amountMinor === b.amountMinor &&
  JSON.stringify([...a.lines].sort((x, y) => x.lineItemId.localeCompare(y.lineItemId))) ===
    JSON.stringify([...b.lines].sort((x, y) => x.lineItemId.localeCompare(y.lineItemId)));

export async function reaskRun(
  runId: string,
  rows: JournalRow[],
  provider: ModelProvider,
  models: ModelChoices,
  policy: Policy = DEFAULT_POLICY,
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
  const receivedAt = rows[0]?.at ?? new Date().toISOString();
  const ticket = orderIn.input as { ticket: { subject?: string; body?: string; followUps?: string[] } };

  const triage = await provider.complete({ specialist: 'triage', model: models.triage, system: TRIAGE_SYSTEM, input: triageIn.input, schema: Triage });
  const newTriage = Triage.safeParse(triage.output);
  if (!newTriage.success) return { runId, kind: 'skipped', reason: 'the new triage answer does not match its schema' };
  const proposal = await provider.complete({
    specialist: 'order_agent',
    model: models.orderAgent,
    system: ORDER_AGENT_SYSTEM,
    input: { ...orderIn.input, triage: newTriage.data },
    schema: Proposal,
    tools: recordedTools(rows),
  });
  const newProposal = Proposal.safeParse(proposal.output);
  const recorded = readingOf(ticket, order.data, oldTriage.data, oldProposal.data, receivedAt, policy);
  const reasked: Reading = newProposal.success
    ? readingOf(ticket, order.data, newTriage.data, newProposal.data, receivedAt, policy)
    : { decision: 'none', amountMinor: 0, lines: [], rules: ['invalid_model_output'], remedy: null };
  const promptChanged = [triageRow.promptVersion, orderRow.promptVersion].some(
    (v, i) => v !== undefined && v !== promptVersionOf([TRIAGE_SYSTEM, ORDER_AGENT_SYSTEM][i]!),
  );
  return { runId, kind: 'compared', recorded, reasked, changed: !same(recorded, reasked), promptChanged };
}

const promptVersionOf = (system: string) => sha256Hex(system).slice(0, 12);
