// The dead letters, for every capability that sends, lists or retries one: the queue's port (a poison
// message kept with its reason; SQS in functions/shared/aws/sqs-dead-letters.ts), the operator's port
// the console receives (intake's use case, functions/intake/dead-letters/use-case.ts, fills it), a
// retry's outcome, and what a message id may look like in a request.
export type DeadLetter = {
  messageId: string;
  reason: string | null;
  sourceMessageId: string | null;
  failedAt: string | null;
  receiveCount: number | null;
  /** The queued message as it was (a ticket event: customer data, show it only to operators). */
  body: string;
};

export interface DeadLetterQueue {
  send(input: { body: string; reason: string; sourceMessageId: string; groupId: string; receiveCount: number; failedAt: string }): Promise<void>;
  /** Peeks at up to `max` (≤ 10) messages: they stay in the queue. */
  list(max: number): Promise<DeadLetter[]>;
  /**
   * Takes one message out to retry it: receives it (hidden from other readers meanwhile), hands it to
   * `resend`, and deletes it only once `resend` succeeded (a failed resend leaves it in the queue).
   * 'not_found' when it is not among the messages a receive returns. Optional: a fake may lack it.
   */
  redrive?(messageId: string, resend: (letter: DeadLetter) => Promise<void>): Promise<'redriven' | 'not_found'>;
}

export type RetryOutcome = { kind: 'retried'; runId: string } | { kind: 'not_found' } | { kind: 'not_retryable'; reason: string };

/** What SQS accepts as a message id (a UUID in practice). */
export const DEAD_LETTER_ID = /^[A-Za-z0-9-]{1,100}$/;

/** The port: list the dead letters (peeked, not consumed) and send one back to the ticket queue. */
export interface DeadLetters {
  list(max?: number): Promise<DeadLetter[]>;
  retry(messageId: string): Promise<RetryOutcome>;
}
