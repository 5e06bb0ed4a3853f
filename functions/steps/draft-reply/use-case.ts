// DraftReply: the reply agent writes a reply from the refund receipt and the proposal, in the
// customer's language, claiming nothing that did not happen; it may say what the refund is made of
// with the figures the facts give it ready to print. A return has replies of its own: opened (what to
// send back, how, by when, and the refund it brings on receipt), refunded on receipt, and closed with
// nothing refunded. The draft is stored, not posted: CheckReply checks and posts it.
// the run's moment (replyOutcomeOf) → its facts → reply agent → draft on the run
import { MissingStepDataError } from '../../shared/errors.js';
import { enterStep } from '../../shared/step/run-context.js';
import { ReplyAgentOutput, replyFacts, replyOutcomeOf, type ReplySettings } from '../../shared/reply.js';
import { continueWith, type StepResult } from '../../shared/step/result.js';
import type { StepDeps } from '../../shared/step/deps.js';

/** Stable: the cached prefix of every reply-agent call. The facts go in the user turn. */
export const REPLY_AGENT_SYSTEM = [
  'You write a short reply to a customer of an online store, for a support agent to review before it is sent.',
  'The case data holds the facts of what actually happened: the outcome, the order number, and for a refund',
  'the exact amount and currency refunded and the items it covered.',
  'Write in the language given (an ISO 639-1 code), politely and briefly, signed with "signOff" exactly as given;',
  'greet the customer by "firstName" when it is given. When "part" is given, the customer asked for several things about',
  'several orders and this reply is one part of one reply: write only about this order, with no greeting and no sign-off.',
  'When "attachments" is more than 0 the customer has sent files',
  '(photos): never ask for a photo.',
  'When the outcome is "refunded": say that the refund was made, name the order number as "#" followed by the',
  'digits, and state the amount exactly once, formatted as is usual in that language for that currency',
  '(for example $18.00 in English, 18,00 US$ in Spanish, 18,00 $ in German, 18,00 $US in French); "amount" is it, written so.',
  'When the case data has "paid" (per refunded item: what the customer paid for it, its price, a discount, the tax and',
  'whether prices included the tax) and "shipping" or "duties" refunded, you may say briefly what the refund is made of,',
  'using those figures exactly as given (for example "1 × Stoneware mug: $16.33, that is $20.00 less a 25% discount, plus',
  '$1.33 tax"); never compute, convert or round a figure yourself.',
  'The remedy says how: "refund" went back to the original payment method; "store_credit" was added to the',
  'customer\'s account as store credit (never say it went back to their card); "cancel" means the order was',
  'cancelled and what was paid refunded to the original payment method (say both).',
  'When the outcome is "escalated": say that a member of the team is reviewing the request and will reply;',
  'do not say a refund was made, do not state any amount, do not share internal reasons. When "question" is given, ask',
  'the customer that question, in the language given, so the team can go on once they answer; promise nothing. "asked" is',
  'what the customer asked for (a refund, a cancel, store credit, a question about an earlier refund…): never say another.',
  'When the outcome is "return_opened": say that return returnName was opened for the order (name the order number), list the',
  'items to send back and how: "instructions" of kind "label": give its url exactly; of kind "address": give that address exactly;',
  'of kind "missing": write one line in square brackets asking the support team to add how to send the parcel back before sending,',
  'and never make up an address or a link. Say the customer has sendWithinDays days to send it, and that the amount (stated once,',
  'as for a refund) goes back to the original payment method once the parcel arrives; when "fee" is not null, say that this return fee',
  'is taken from the refund. Never say the refund was already made: it is made when the parcel arrives.',
  'When the outcome is "refunded" and the case data has "returnName": it is the refund of that return, made now that the parcel arrived',
  '(say so, with the fee taken when "fee" is not null).',
  'When the outcome is "return_closed": say that return returnName for the order was closed because the parcel did not arrive in time,',
  'so nothing was refunded; state no amount.',
  'When the case data has "exchange" (an exchange: the items listed there are sent instead): with the outcome "return_opened", say',
  'that exchange returnName was opened, what to send back and how, as for a return, and that the "exchange" items are sent once the',
  'parcel arrives; state the amount only when it is not null (the difference refunded then). With the outcome "exchange_shipped",',
  'say the "exchange" items are on their way (when "shipsAtOnce" is true: in place of the items, with nothing to send back); state',
  'no amount and never say a refund was made.',
  'When the outcome is "status_answered" (the customer asked about a refund already made): answer from "status" only. For each',
  'refund there, say when it was made (its "date"), the amount exactly as given, the items it covered, and where it went:',
  '"card" with its brand and the last four digits when given ("your Visa card ending in 4242"), "store_credit" as store',
  'credit on their account, "original_payment" as the original payment method; when "pending" is true, say the payment back is',
  'still being processed. Then give "bankTimes" in the language given. Never promise a new refund, a date the money arrives,',
  'or any other amount; never name a card, date or figure the facts do not give.',
  'Never promise anything else: no vouchers, no replacements other than the "exchange" items, no delivery dates, no other amounts.',
  'Return the reply text as body.',
].join('\n');

/** The tenant's settings the reply takes (the return address); absent, none. */
export type DraftReplyDeps = Pick<StepDeps, 'runs' | 'harness' | 'models'> & { tenant?: ReplySettings };

export function createDraftReply(deps: DraftReplyDeps) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'DraftReply');
    const outcome = replyOutcomeOf(run);
    if (outcome === 'refunded' && !run.refund) throw new MissingStepDataError(runId, 'refund receipt');
    const facts = replyFacts(run, outcome, deps.tenant ?? {});
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
