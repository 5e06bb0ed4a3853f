// Local stand-in for Lambda's SQS event source mapping: long-polls the queue, hands each batch to
// the run-starter handler as an SQSEvent, deletes what succeeded and leaves failures to be
// redelivered (and, past maxReceiveCount, moved to the dead-letter queue by the queue itself).
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export interface SqsPoller {
  stop(): Promise<void>;
}

export function startSqsPoller(deps: {
  client: SQSClient;
  queueUrl: string;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
  onError?: (error: unknown) => void;
  waitSeconds?: number;
  /** Overrides the queue's visibility timeout per receive (tests pass 0 to see redeliveries at once). */
  visibilityTimeoutSeconds?: number;
}): SqsPoller {
  let running = true;
  const abort = new AbortController();
  const loop = (async () => {
    while (running) {
      try {
        const received = await deps.client.send(
          new ReceiveMessageCommand({
            QueueUrl: deps.queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: deps.waitSeconds ?? 1,
            ...(deps.visibilityTimeoutSeconds === undefined ? {} : { VisibilityTimeout: deps.visibilityTimeoutSeconds }),
            MessageSystemAttributeNames: ['All'],
            // local-aws-sqs reports system attributes (ApproximateReceiveCount) only under the older name.
            AttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = received.Messages ?? [];
        if (messages.length === 0) continue;
        const event: SQSEvent = {
          Records: messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: (m.Attributes ?? {}) as SQSEvent['Records'][number]['attributes'],
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:tickets.fifo',
            awsRegion: 'us-east-1',
          })),
        };
        const { batchItemFailures } = await deps.handler(event);
        const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length > 0) {
          await deps.client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: deps.queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (error) {
        if (!running) break;
        deps.onError?.(error);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      abort.abort();
      await loop;
    },
  };
}
