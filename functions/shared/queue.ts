// The ticket queue port (SQS FIFO in AWS and locally) and its message shape.
import * as z from 'zod';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { TicketEvent } from '#functions/shared/domain/run.js';

/**
 * A helpdesk event for the run starter; with `request`, one of several requests of a ticket whose
 * first run (`rootRunId`) split them: the run starter opens that request's run (no event is claimed).
 */
export const QueuedTicket = z.object({
  runId: z.string(),
  event: TicketEvent,
  request: z.object({ rootRunId: z.string(), index: z.number().int().min(2) }).optional(),
});
export type QueuedTicket = z.infer<typeof QueuedTicket>;

export interface TicketQueue {
  send(message: QueuedTicket, ids: { groupId: string; dedupeId: string }): Promise<void>;
}

/** How the Triage step has the run starter open the runs of a ticket's other requests. */
export interface RequestRunOpener {
  /** Asks for request `index`'s run, `runId`, of the ticket whose first run is `root` (repeatable: the run starter opens it once). */
  open(root: { runId: string; ticket: TicketEvent }, request: { index: number; runId: string }): Promise<void>;
}

/** The opener over the ticket queue: the request's run has its own message group, and the same request the same dedupe id. */
export function queueRequestOpener(queue: TicketQueue): RequestRunOpener {
  return {
    async open(root, request) {
      const message: QueuedTicket = { runId: request.runId, event: root.ticket, request: { rootRunId: root.runId, index: request.index } };
      await queue.send(message, { groupId: request.runId, dedupeId: request.runId });
    },
  };
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
