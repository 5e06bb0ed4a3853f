// DraftReply: the reply agent writes a reply from the refund receipt, in the customer's language,
// claiming nothing that did not happen. The draft is stored, not posted: CheckReply posts it.
import { MissingStepDataError } from '../shared/errors.js';
import { enterStep } from '../shared/run-context.js';
import { ReplyAgentOutput, replyFacts } from '../shared/reply.js';
import { continueWith, type StepResult } from '../shared/step-result.js';
import type { StepDeps } from '../shared/step-deps.js';

export const REPLY_AGENT_SYSTEM = [
  'You write a short reply to a customer of an online store, for a support agent to review.',
  'State only the facts given: the order number, the outcome and the exact amount refunded.',
  'Write in the language given. Do not promise anything else.',
].join(' ');

export function createDraftReply(deps: Pick<StepDeps, 'runs' | 'harness' | 'models'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'DraftReply');
    if (!run.refund) throw new MissingStepDataError(runId, 'refund receipt');
    const facts = replyFacts(run, 'refunded');
    const { body } = await deps.harness.callModel(ctx, {
      specialist: 'reply_agent',
      model: deps.models.replyAgent,
      system: REPLY_AGENT_SYSTEM,
      input: facts,
      schema: ReplyAgentOutput,
    });
    await deps.runs.update(runId, { draft: { body, language: facts.language, check: null, noteId: null } });
    return continueWith();
  };
}
