// The dead-letter queue on SQS FIFO, in AWS and locally (local-aws-sqs): a poison message goes there
// with the reason it could not be processed (a message attribute), and can be listed without being
// consumed. The port it fills is in functions/shared/domain/dead-letters.ts.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { DeadLetter, DeadLetterQueue } from '../domain/dead-letters.js';

/** How long a message being retried stays hidden from other readers of the dead-letter queue. */
const REDRIVE_VISIBILITY_SECONDS = 30;

const MAX_REASON_CHARS = 500;

type SqsDeps = { client: SQSClient; queueUrl: string };

export function createSqsDeadLetterQueue(deps: SqsDeps): DeadLetterQueue {
  return {
    async send(input) {
      const text = (value: string) => ({ DataType: 'String', StringValue: value });
      await deps.client.send(
        new SendMessageCommand({
          QueueUrl: deps.queueUrl,
          MessageBody: input.body || '(empty)',
          MessageGroupId: input.groupId,
          MessageDeduplicationId: input.sourceMessageId,
          MessageAttributes: {
            reason: text(input.reason.slice(0, MAX_REASON_CHARS) || 'unknown'),
            sourceMessageId: text(input.sourceMessageId),
            failedAt: text(input.failedAt),
            receiveCount: { DataType: 'Number', StringValue: String(input.receiveCount) },
          },
        }),
      );
    },
    async list(max) {
      const received = await deps.client.send(receiveWithAttributes(deps.queueUrl, Math.min(Math.max(max, 1), 10), 0));
      // With a zero visibility timeout some servers hand the same message out more than once per call.
      const unique = [...new Map((received.Messages ?? []).map((m) => [m.MessageId ?? '', m])).values()];
      return unique.map(toDeadLetter);
    },
    redrive: (messageId, resend) => redrive(deps, messageId, resend),
  };
}

/** A receive that returns every message and system attribute, without waiting. */
function receiveWithAttributes(queueUrl: string, maxMessages: number, visibilityTimeout: number): ReceiveMessageCommand {
  return new ReceiveMessageCommand({
    QueueUrl: queueUrl,
    MaxNumberOfMessages: maxMessages,
    VisibilityTimeout: visibilityTimeout,
    WaitTimeSeconds: 0,
    MessageAttributeNames: ['All'],
    MessageSystemAttributeNames: ['All'],
  });
}

/** Makes a received message visible again at once. */
function release(deps: SqsDeps, receiptHandle: string) {
  return deps.client.send(new ChangeMessageVisibilityCommand({ QueueUrl: deps.queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: 0 }));
}

async function redrive(deps: SqsDeps, messageId: string, resend: (letter: DeadLetter) => Promise<void>): Promise<'redriven' | 'not_found'> {
  const received = await deps.client.send(receiveWithAttributes(deps.queueUrl, 10, REDRIVE_VISIBILITY_SECONDS));
  const messages = received.Messages ?? [];
  const target = messages.find((m) => m.MessageId === messageId);
  // The others go back at once, for the list and the next retry.
  const others = messages.filter((m) => m !== target && m.ReceiptHandle);
  await Promise.all(others.map((m) => release(deps, m.ReceiptHandle!)));
  if (!target?.ReceiptHandle) return 'not_found';
  try {
    await resend(toDeadLetter(target));
  } catch (error) {
    await release(deps, target.ReceiptHandle).catch(() => undefined);
    throw error;
  }
  await deps.client.send(new DeleteMessageCommand({ QueueUrl: deps.queueUrl, ReceiptHandle: target.ReceiptHandle }));
  return 'redriven';
}

function toDeadLetter(m: Message): DeadLetter {
  const attr = (name: string) => m.MessageAttributes?.[name]?.StringValue ?? null;
  const count = attr('receiveCount') ?? m.Attributes?.ApproximateReceiveCount ?? null;
  return {
    messageId: m.MessageId ?? '',
    reason: attr('reason'),
    sourceMessageId: attr('sourceMessageId'),
    failedAt: attr('failedAt'),
    receiveCount: count === null ? null : Number(count),
    body: m.Body ?? '',
  };
}
