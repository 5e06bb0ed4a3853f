// The dead-letter queue as an operator works it: list the messages that could not become a run,
// with the reason, and retry one: its body goes back to the ticket queue (a new deduplication id, so
// FIFO's five-minute window does not swallow it) and only then leaves the dead-letter queue.
// list → peek; retry → parse the body as a queued ticket (poison is refused: it would only come back)
// → redrive (receive, resend, delete).
import { QueuedTicket, type TicketQueue } from '../../shared/queue.js';
import type { DeadLetter, DeadLetterQueue, DeadLetters, RetryOutcome } from '#functions/shared/domain/dead-letters.js';

export interface DeadLettersDeps {
  deadLetters: DeadLetterQueue;
  /** The ticket queue the run starter reads; absent, nothing can be retried. */
  queue?: TicketQueue;
}

export function createDeadLetters(deps: DeadLettersDeps): DeadLetters {
  return {
    list: (max = 10): Promise<DeadLetter[]> => deps.deadLetters.list(max),

    async retry(messageId: string): Promise<RetryOutcome> {
      const { queue } = deps;
      if (!queue || !deps.deadLetters.redrive) return { kind: 'not_retryable', reason: 'no ticket queue to send it back to' };
      let refusal: string | null = null;
      let runId = '';
      const outcome = await deps.deadLetters
        .redrive(messageId, async (letter) => {
          let body: unknown;
          try {
            body = JSON.parse(letter.body);
          } catch {
            body = null;
          }
          const parsed = QueuedTicket.safeParse(body);
          if (!parsed.success) {
            refusal = 'its body is not a queued ticket: retrying would only dead-letter it again';
            throw new NotRetryable();
          }
          runId = parsed.data.runId;
          await queue.send(parsed.data, { groupId: parsed.data.runId, dedupeId: `retry-${letter.messageId}`.slice(0, 128) });
        })
        .catch((error: unknown) => {
          if (error instanceof NotRetryable) return 'refused' as const;
          throw error;
        });
      if (outcome === 'refused') return { kind: 'not_retryable', reason: refusal ?? 'not retryable' };
      if (outcome === 'not_found') return { kind: 'not_found' };
      return { kind: 'retried', runId };
    },
  };
}

class NotRetryable extends Error {
  override readonly name = 'NotRetryable';
}
