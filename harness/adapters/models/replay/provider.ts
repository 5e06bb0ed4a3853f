// The replay model provider: answers each specialist with the output a past run recorded in its
// journal (model rows that passed their schema, in journal order), calling no model and running no
// tool. Used to re-run a run's decisions, or to test a new prompt or model against real answers.
// Built at the edge (select.ts) or by tests from a JournalStore.
import { JournalRow } from '../../../domain/types.js';
import { HarnessConfigError } from '../../../errors.js';
import type { JournalStore, ModelProvider, ModelRequest, ModelResponse, Specialist } from '../../../ports.js';
import { recordedOutput } from '../../../models/model-output.js';

const SPECIALISTS: readonly Specialist[] = ['triage', 'order_agent', 'reply_agent', 'reply_check'];

export interface ReplayModelProvider extends ModelProvider {
  /** Recorded answers not asked for yet, per specialist. */
  remaining(): Record<Specialist, number>;
}

type Rows = readonly JournalRow[];

/**
 * The answers in `rows` (a journal as listByRun returns it, in order), queued per specialist.
 * `rows` may be a loader, called once at the first answer (a journal read from the table).
 */
export function createReplayModelProvider(rows: Rows | (() => Promise<Rows>)): ReplayModelProvider {
  const queues = new Map<Specialist, JournalRow[]>(SPECIALISTS.map((s) => [s, []]));
  const fill = (list: Rows) => {
    for (const row of list) {
      const queue = queues.get(row.name as Specialist);
      if (row.kind === 'model' && row.outcome === 'ok' && queue) queue.push(row);
    }
  };
  let loaded: Promise<void> | null = null;
  const ready = () => (loaded ??= typeof rows === 'function' ? rows().then(fill) : Promise.resolve(fill(rows)));

  return {
    name: 'replay',
    remaining: () => Object.fromEntries(SPECIALISTS.map((s) => [s, queues.get(s)?.length ?? 0])) as Record<Specialist, number>,
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      await ready();
      const row = queues.get(request.specialist)?.shift();
      if (!row) {
        throw new HarnessConfigError(`replay has no recorded ${request.specialist} answer left`, { context: { specialist: request.specialist } });
      }
      const recorded = recordedOutput(row);
      if (!recorded) {
        throw new HarnessConfigError(`the recorded ${request.specialist} answer (${row.runId} ${row.seq}) is missing or was cut`, {
          context: { specialist: request.specialist, runId: row.runId, seq: row.seq },
        });
      }
      return {
        output: recorded.output as T,
        model: row.model ?? request.model,
        requestId: `replay:${row.runId}/${row.seq}`,
        stopReason: 'replayed',
        usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      };
    },
  };
}

/** A replay provider over the recorded journal of one run, read at the first answer. */
export function replayRun(journal: JournalStore, runId: string): ReplayModelProvider {
  return createReplayModelProvider(() => journal.listByRun(runId));
}

/** The journal rows in a saved run (GET /api/runs/{runId} as JSON) or a saved journal array. */
export function journalRowsOf(saved: unknown): JournalRow[] {
  const list = Array.isArray(saved) ? saved : (saved as { journal?: unknown } | null)?.journal;
  if (!Array.isArray(list)) throw new HarnessConfigError('the replay file holds no journal rows');
  return list.map((row) => JournalRow.parse(row));
}
