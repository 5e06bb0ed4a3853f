// What a reply knows of the customer and of what they asked, beside what happened: their first name
// as the helpdesk gives it, the remedy they asked for (never a default), and, when the reading was
// unclear, the one question the order agent would put to them. And the check of a holding draft: it
// asks that question when there is one, names no amount, and claims no refund.
import type { Run } from '#functions/shared/domain/run.js';
import type { Remedy } from '#harness/domain/types.js';
import { refundClaimIn } from '#functions/shared/reply-claims.js';
import { currenciesIn, moneyTokensIn } from '#functions/shared/reply-currencies.js';
import { plainText } from '#functions/shared/reply-formats.js';

/** A question longer than this is no question to put to a customer. */
const MAX_QUESTION = 300;
/** How a draft shows it asks, in the languages it writes: a question mark (Spanish opens one too). */
const ASKS = /[?？¿]/;

/** "Ana" of "Ana Souza": the first word of the requester's name, when it is a name (letters, hyphens, apostrophes). */
export function firstNameOf(run: Pick<Run, 'ticket'>): string | null {
  const first = run.ticket.requesterName?.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}][\p{L}'’-]{0,39}$/u.test(first) ? first : null;
}

/** What the customer asked for as the agents read it: the order agent's remedy, else the triage's question about a refund, else null. */
export function askedRemedyOf(run: Pick<Run, 'proposal' | 'triage'>): Remedy | null {
  if (run.proposal) return run.proposal.remedy;
  return run.triage?.intent === 'refund_status' ? 'refund_status' : null;
}

/**
 * The question for the customer when the order agent could not tell what is claimed: its own, kept
 * only when it names no amount or currency and claims no refund (a question promises nothing).
 */
export function questionFor(run: Pick<Run, 'proposal' | 'refund'>): string | null {
  const question = run.proposal?.unclear?.question.trim();
  if (!question || run.refund || question.length > MAX_QUESTION) return null;
  const text = plainText(question);
  if (currenciesIn(text).size > 0 || moneyTokensIn(text).length > 0 || refundClaimIn(text)) return null;
  return question;
}

/** The problems of a holding draft (a person takes over): it must ask the question it was given, and name no amount nor a refund made. */
export function checkHoldingDraft(draft: string, facts: { question?: string | null }): string[] {
  const body = plainText(draft);
  const problems: string[] = [];
  if (currenciesIn(body).size > 0 || moneyTokensIn(body).length > 0 || /\d+[.,]\d{2}/.test(body)) problems.push('the holding draft names an amount');
  const claim = refundClaimIn(body);
  if (claim) problems.push(`the holding draft says a refund was made ("${claim}")`);
  if (facts.question && !ASKS.test(body)) problems.push('the holding draft does not ask the customer the question');
  return problems;
}
