// What a lead does about a return in flight from the console: mark the parcel received, give it more
// days, or cancel the return. Each answers the run's wait for the parcel (AwaitReturn's task token)
// with a signal ProcessReturn acts on, as the store's webhooks do: `received` refunds what the store
// shows came back (nothing yet: the run keeps waiting, and says so), `extend` moves the day the return
// is closed, `cancel` cancels the return in the store and ends the run with nothing refunded. The
// console never calls the store itself here; ProcessReturn does, through the harness. Each action is
// checked by the rules below, journaled on the run with the person as actor.
import type { Run } from '#functions/shared/domain/run.js';
import type { Clock, JournalStore } from '#harness/ports.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Operator } from './identity.js';
import { consoleJournalRow } from './journal-row.js';
import type { ActionOutcome } from './use-case.js';

export type ReturnAction = 'received' | 'extend' | 'cancel';

export interface ReturnActionsDeps {
  runs: Pick<RunStore, 'get'>;
  journal: JournalStore;
  workflow: Pick<WorkflowEngine, 'sendTaskSuccess'>;
  clock: Clock;
}

/** Days a lead gives the parcel at a time. */
export const EXTEND_DAYS = 7;

export const RETURN_NOTICES: Readonly<Record<string, string>> = {
  'return-received': 'Marked received. The run refunds what the store shows came back; if nothing is received there yet, it keeps waiting.',
  'return-extended': `The parcel has ${EXTEND_DAYS} more days before the return is closed.`,
  'return-cancelled': 'Return cancelled in the store. The run ends here; nothing is refunded.',
};

/** An answered, timed-out or unknown token: Step Functions' names and the local engine's. */
const TOKEN_GONE = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken', 'TaskTokenNotFoundError']);

/** Null when the run waits for a returned parcel the console can act on; else why not. */
export function returnRefusal(run: Run): string | null {
  if (run.status !== 'awaiting_return' || !run.returnCase) return 'This run is not waiting for a returned parcel.';
  if (run.returnCase.status !== 'open') return `Return ${run.returnCase.name} is already ${run.returnCase.status}.`;
  if (!run.returnWait) return 'The run is between steps; look again in a moment.';
  return null;
}

const DONE: Readonly<Record<ReturnAction, string>> = { received: 'return-received', extend: 'return-extended', cancel: 'return-cancelled' };

function detailOf(action: ReturnAction, run: Run, who: Operator): string {
  const name = run.returnCase?.name ?? 'the return';
  if (action === 'received') return `${name} marked received by ${who.id}`;
  if (action === 'extend') return `${name} given ${EXTEND_DAYS} more days by ${who.id}`;
  return `${name} cancelled by ${who.id}`;
}

export function createReturnActions(deps: ReturnActionsDeps) {
  return async function actOnReturn(who: Operator, runId: string, action: ReturnAction): Promise<ActionOutcome> {
    const run = await deps.runs.get(runId);
    if (!run) return { ok: false, status: 404, message: `Run ${runId} was not found.` };
    const refused = returnRefusal(run);
    if (refused) return { ok: false, status: 409, message: `${refused} Nothing was changed.` };
    const signal = { action, by: who.id, ...(action === 'extend' ? { days: EXTEND_DAYS } : {}) };
    try {
      await deps.workflow.sendTaskSuccess(run.returnWait!.taskToken, signal);
    } catch (error) {
      if (error instanceof Error && TOKEN_GONE.has(error.name))
        return {
          ok: false,
          status: 409,
          message: 'The return was settled meanwhile (the parcel arrived, or its days ran out). Nothing was changed; look again.',
        };
      throw error;
    }
    await deps.journal.append(
      consoleJournalRow(runId, who.id, deps.clock.now(), { step: 'Console', name: `return_${action}`, decision: 'allow', detail: detailOf(action, run, who) }),
    );
    return { ok: true, notice: DONE[action], runId };
  };
}

export type ReturnActions = ReturnType<typeof createReturnActions>;
