// One ticket, several requests: the one reply the team gets once every request's run has ended. Each
// run that ended with a checked draft holds its part (written as one part of several: no greeting, no
// sign-off; checked against its own run's facts); code puts them together in the requests' order,
// with the greeting, a line for each request a person now handles (no amount, no refund claimed) and
// the sign-off, in the reply's language. Nothing in it is unchecked model text.
import type { Run } from './domain/run.js';
import { requestOf } from './domain/ticket-requests.js';
import { COMBINED_WORDS } from './words/combined-reply.js';
import type { ReplyLanguage } from './words/reply-language.js';

/** The reply's frame, from the ticket's facts (shared/reply.ts replyFacts): its language, the customer's first name, the sign-off, the team's note on the language. */
export interface CombinedFrame {
  language: string;
  firstName: string | null;
  signOff: string;
  languageNote?: string;
}

/** A run's checked part, held for the combined reply; null when the run ended without one (a person has it). */
export function heldPart(run: Run): string | null {
  const draft = run.draft;
  if (!run.ticketRequests || !draft?.check?.passed || draft.noteId !== null) return null;
  if (run.status === 'escalated' || run.status === 'cancelled' || run.status === 'pending_review' || run.escalationRequest) return null;
  return draft.body.trim() || null;
}

const orderOf = (run: Run) => run.order?.orderNumber ?? (run.ticketRequests ? requestOf(run.ticketRequests).orderNumber : null);

/** The combined reply of the ticket's runs, given in the requests' order. */
export function combinedReply(runs: readonly Run[], frame: CombinedFrame): string {
  const words = COMBINED_WORDS[frame.language as ReplyLanguage] ?? COMBINED_WORDS.en;
  const parts = runs.map((run) => heldPart(run) ?? words.withTheTeam(orderOf(run)));
  const body = [words.greeting(frame.firstName), ...parts, frame.signOff].join('\n\n');
  return frame.languageNote ? `[${frame.languageNote}]\n\n${body}` : body;
}
