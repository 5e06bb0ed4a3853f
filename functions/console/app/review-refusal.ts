// What a person reads when the harness will not settle a pending review as they asked: the harness's
// own sentence ("Refund 123 was made on …, before this run tried to refund, so it cannot be this run's
// refund. …"), its times said again in the store's time zone; never a rule code or an error class.
// A store that could not be read is said as such, with what to do.
import { ArgumentPolicyError, HarnessError } from '#harness/errors.js';
import type { Formats } from '../../shared/approvals/formats.js';

const shortId = (id: string) => id.split('/').at(-1) ?? id;

/** The sentence for a refused settlement; `fmt` absent, the harness's own (UTC) sentence. */
export function reviewRefusalInWords(error: HarnessError, fmt?: Pick<Formats, 'dateTime'>): string {
  if (!(error instanceof ArgumentPolicyError)) {
    return 'The order could not be read from the store just now, so nothing was settled. Try again in a minute.';
  }
  const { mismatch, refundId, refundCreatedAt, dispatchedAt } = error.context;
  if (fmt && mismatch === 'before_dispatch' && typeof refundId === 'string' && typeof refundCreatedAt === 'string' && typeof dispatchedAt === 'string') {
    return (
      `Refund ${shortId(refundId)} was made on ${fmt.dateTime(refundCreatedAt)}, before this run tried to refund (${fmt.dateTime(dispatchedAt)}), ` +
      `so it cannot be this run's refund. Choose a refund made since then with the same items and amount, or say that no refund was made.`
    );
  }
  return error.message;
}
