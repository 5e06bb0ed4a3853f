// AwaitReturn: the run waits for the parcel (days) on a task token. The token is kept on the run row,
// server side, for what answers it: the store's webhooks (returns/process,
// reverse_fulfillment_orders/dispose), a lead in the console (received, extend, cancel). The wait's
// own timeout (the return case's receiveBy) sends the run on to close the return.
import * as z from 'zod';
import { MissingStepDataError, RunClosedError, RunNotFoundError } from '../../shared/errors.js';
import { closedStatus, STILL_OPEN } from '../../shared/step/run-context.js';
import type { StepDeps } from '../../shared/step/deps.js';

export const AwaitReturnEvent = z.object({ runId: z.string().min(1), taskToken: z.string().min(1), timeoutSeconds: z.number().optional() });
export type AwaitReturnEvent = z.infer<typeof AwaitReturnEvent>;

export function createAwaitReturn(deps: Pick<StepDeps, 'runs' | 'clock'>) {
  return async ({ runId, taskToken }: AwaitReturnEvent): Promise<{ outcome: 'waiting' }> => {
    const run = await deps.runs.get(runId);
    if (!run) throw new RunNotFoundError(runId);
    if (!run.returnCase || run.returnCase.status !== 'open') throw new MissingStepDataError(runId, 'open return');
    const since = run.returnWait?.since ?? deps.clock.now().toISOString();
    const waiting = await deps.runs.updateIf(runId, { returnWait: { taskToken, since }, status: 'awaiting_return', state: 'AwaitReturn' }, STILL_OPEN);
    if (!waiting) throw new RunClosedError(runId, closedStatus((await deps.runs.get(runId)) ?? run) ?? 'closed');
    return { outcome: 'waiting' };
  };
}
