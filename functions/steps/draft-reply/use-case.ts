// DraftReply: the reply agent writes a reply from the refund receipt and the proposal, in the
// customer's language, claiming nothing that did not happen; it may say what the refund is made of
// with the figures the facts give it ready to print. The draft is stored, not posted: CheckReply
// checks and posts it.
import { MissingStepDataError } from '../../shared/errors.js';
import { enterStep } from '../../shared/step/run-context.js';
import { ReplyAgentOutput, replyFacts } from '../../shared/reply.js';
import { continueWith, type StepResult } from '../../shared/step/result.js';
import type { StepDeps } from '../../shared/step/deps.js';

/** Stable: the cached prefix of every reply-agent call. The facts go in the user turn. */
export const REPLY_AGENT_SYSTEM = [
  'You write a short reply to a customer of an online store, for a support agent to review before it is sent.',
  'The case data holds the facts of what actually happened: the outcome, the order number, and for a refund',
  'the exact amount and currency refunded and the items it covered.',
  'Write in the language given (an ISO 639-1 code), politely and briefly, signed "Customer support".',
  'When the outcome is "refunded": say that the refund was made, name the order number as "#" followed by the',
  'digits, and state the amount exactly once, formatted as is usual in that language for that currency',
  '(for example $18.00 in English, 18,00 US$ in Spanish, 18,00 $ in German, 18,00 $US in French).',
  'When the case data has "paid" (per refunded item: what the customer paid for it, its price, a discount, the tax and',
  'whether prices included the tax) and "shipping" or "duties" refunded, you may say briefly what the refund is made of,',
  'using those figures exactly as given (for example "1 × Stoneware mug: $16.33, that is $20.00 less a 25% discount, plus',
  '$1.33 tax"); never compute, convert or round a figure yourself.',
  'The remedy says how: "refund" went back to the original payment method; "store_credit" was added to the',
  'customer\'s account as store credit (never say it went back to their card); "cancel" means the order was',
  'cancelled and what was paid refunded to the original payment method (say both).',
  'When the outcome is "escalated": say that a member of the team is reviewing the request and will reply;',
  'do not say a refund was made, do not state any amount, do not share internal reasons.',
  'Never promise anything else: no vouchers, no replacements, no delivery dates, no other amounts.',
  'Return the reply text as body.',
].join('\n');

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
