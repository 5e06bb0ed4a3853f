// The end of one of several requests of a ticket: the run is marked ended on the ticket's ledger, and
// the run whose mark completes the set (the last to end; a conditional claim makes it one run, even
// when two end at once) leaves the one combined reply on the ticket (shared/reply-combined.ts) and
// keeps it on its row. Repeatable: a retry marks again, claims again as the same run, and leaves no
// second note once the first is recorded.
import type { Run } from '../domain/run.js';
import type { StepContext } from '#harness/ports.js';
import type { RunStore, TicketLedger } from '../stores/ports.js';
import { combinedReply } from '../reply-combined.js';
import { replyFacts, type ReplySettings } from '../reply.js';
import type { StepDeps } from './deps.js';

export interface TicketEndDeps {
  runs: RunStore;
  tickets?: TicketLedger;
  harness: Pick<StepDeps['harness'], 'callTool'>;
  clock: { now(): Date };
  tenant?: ReplySettings;
}

export type TicketEnd = 'not_several' | 'waiting' | 'written_elsewhere' | 'written';

export async function endRequest(deps: TicketEndDeps, ctx: StepContext, run: Run): Promise<TicketEnd> {
  const t = run.ticketRequests;
  if (!t || !deps.tickets) return 'not_several';
  const ledger = await deps.tickets.end(t.rootRunId, run.runId);
  if (!t.runIds.every((id) => ledger.ended.includes(id))) return 'waiting';
  if (ledger.combinedNoteId || !(await deps.tickets.claimCombined(t.rootRunId, run.runId))) return 'written_elsewhere';
  const runs = (await Promise.all(t.runIds.map((id) => deps.runs.get(id)))).filter((r): r is Run => r !== null);
  // The frame is the ticket's: its words and requester are the same on every run; the first run's reads them.
  const facts = replyFacts(runs[0] ?? run, 'escalated', deps.tenant ?? {});
  const body = combinedReply(runs, {
    language: facts.language,
    firstName: facts.firstName ?? null,
    signOff: facts.signOff ?? '',
    ...(facts.languageNote ? { languageNote: facts.languageNote } : {}),
  });
  const { noteId } = await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body });
  await deps.tickets.recordCombined(t.rootRunId, noteId);
  await deps.runs.update(run.runId, { combinedDraft: { body, noteId, at: deps.clock.now().toISOString(), runIds: t.runIds } });
  return 'written';
}
