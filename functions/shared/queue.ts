// The ticket queue port (SQS FIFO in AWS and locally) and its message shape.
import * as z from 'zod';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { TicketEvent } from '#functions/shared/domain/run.js';

export const QueuedTicket = z.object({ runId: z.string(), event: TicketEvent });
export type QueuedTicket = z.infer<typeof QueuedTicket>;

export interface TicketQueue {
  send(message: QueuedTicket, ids: { groupId: string; dedupeId: string }): Promise<void>;
}

export function createSqsTicketQueue(deps: { client: SQSClient; queueUrl: string }): TicketQueue {
  return {
    async send(message, ids) {
      await deps.client.send(
        new SendMessageCommand({
          QueueUrl: deps.queueUrl,
          MessageBody: JSON.stringify(message),
          MessageGroupId: ids.groupId,
          MessageDeduplicationId: ids.dedupeId,
        }),
      );
    },
  };
}
