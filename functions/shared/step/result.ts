// What every step Lambda returns to the state machine: GateDecision reads `decision` after the Gate
// ('shadow' stops the run at its proposal; 'answer' drafts a reply about an earlier refund, no money
// moving; anything but auto, approval, shadow or answer goes to Escalate),
// AfterApproval reads `outcome`; Escalate reads `reason`. A step's `escalate` is recorded on the run
// and passed on by the steps after it (shared/step/step.ts), which say so with `decision: 'escalate'` and
// the `step` that asked.
import * as z from 'zod';

export type StepResult =
  | { outcome: 'continue'; decision?: 'auto' | 'approval' | 'shadow' | 'answer' }
  | { outcome: 'escalate'; reason: string; decision?: 'refuse' | 'escalate'; step?: string };

export type EscalateResult = Extract<StepResult, { outcome: 'escalate' }>;

export const continueWith = (extra: { decision?: 'auto' | 'approval' | 'shadow' | 'answer' } = {}): StepResult => ({ outcome: 'continue', ...extra });
export const escalate = (reason: string): EscalateResult => ({ outcome: 'escalate', reason });

/** The Payload of every plain step Task: `{ runId }`. */
export const StepEvent = z.object({ runId: z.string().min(1) });
export type StepEvent = z.infer<typeof StepEvent>;
