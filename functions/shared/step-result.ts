// What every step Lambda returns to the state machine: the Choice states read `outcome`
// (and `decision` after the Gate: 'shadow' stops the run at its proposal); Escalate reads `reason`.
import { z } from 'zod';

export type StepResult =
  | { outcome: 'continue'; decision?: 'auto' | 'approval' | 'shadow' }
  | { outcome: 'escalate'; reason: string; decision?: 'refuse' };

export const continueWith = (extra: { decision?: 'auto' | 'approval' | 'shadow' } = {}): StepResult => ({ outcome: 'continue', ...extra });
export const escalate = (reason: string): StepResult => ({ outcome: 'escalate', reason });

/** The Payload of every plain step Task: `{ runId }`. */
export const StepEvent = z.object({ runId: z.string().min(1) });
export type StepEvent = z.infer<typeof StepEvent>;
