// The ticket queue and its dead-letter queue (SQS), for the entries that send to them or read them:
// webhook-ingest, run-starter, dead-letters and the console. Each queue is built on first use, so a
// function without its URL fails only when it sends.
import { SQSClient } from '@aws-sdk/client-sqs';
import { required } from '../lambda-config.js';
import { part } from '../lambda-app.js';
import { createSqsTicketQueue, type TicketQueue } from '../../shared/queue.js';
import { createSqsDeadLetterQueue } from '../../shared/aws/sqs-dead-letters.js';
import type { DeadLetterQueue } from '../../shared/domain/dead-letters.js';

export const queuesOf = part(({ config }) => {
  let sqs: SQSClient | null = null;
  let queue: TicketQueue | null = null;
  let deadLetters: DeadLetterQueue | null = null;
  const client = () => (sqs ??= new SQSClient({}));
  const ticketQueue = () => (queue ??= createSqsTicketQueue({ client: client(), queueUrl: required(config, 'QUEUE_URL') }));
  const deadLetterQueue = () => (deadLetters ??= createSqsDeadLetterQueue({ client: client(), queueUrl: required(config, 'DEAD_LETTER_QUEUE_URL') }));
  return {
    queue: { send: (message, groupAndDedupe) => ticketQueue().send(message, groupAndDedupe) } satisfies TicketQueue,
    // Optional: without a DLQ URL, poison messages still reach the DLQ through SQS's redrive (no reason).
    ...(config.DEAD_LETTER_QUEUE_URL
      ? {
          deadLetters: { send: (m) => deadLetterQueue().send(m), list: (max) => deadLetterQueue().list(max) } satisfies DeadLetterQueue,
          maxReceiveCount: config.MAX_RECEIVE_COUNT,
        }
      : {}),
  };
});

/** Where no dead-letter queue is configured: listing finds none, sending fails (as the app's). */
export const NO_DEAD_LETTERS: DeadLetterQueue = {
  send: async () => {
    throw new Error('no dead-letter queue configured');
  },
  list: async () => [],
};
