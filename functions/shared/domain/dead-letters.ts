// The dead letters as an operator works them, for every capability that lists or retries one: the
// port the console receives (intake's use case, functions/intake/dead-letters/use-case.ts, is its
// implementation), a retry's outcome, and what a message id may look like in a request.
import type { DeadLetter } from '../dead-letters.js';

export type RetryOutcome = { kind: 'retried'; runId: string } | { kind: 'not_found' } | { kind: 'not_retryable'; reason: string };

/** What SQS accepts as a message id (a UUID in practice). */
export const DEAD_LETTER_ID = /^[A-Za-z0-9-]{1,100}$/;

/** The port: list the dead letters (peeked, not consumed) and send one back to the ticket queue. */
export interface DeadLetters {
  list(max?: number): Promise<DeadLetter[]>;
  retry(messageId: string): Promise<RetryOutcome>;
}
