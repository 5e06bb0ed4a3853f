// Local stand-in for Lambda's SQS event source mapping: long-polls the queue, hands each batch to
// the run-starter handler as an SQSEvent, deletes what succeeded and leaves failures to be
// redelivered (and, past maxReceiveCount, moved to the dead-letter queue by the queue itself).
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export interface SqsPoller {
  stop(): Promise<void>;
}

type PollerDeps = {
  client: SQSClient;
  queueUrl: string;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
  onError?: (error: unknown) => void;
  waitSeconds?: number;
  /** Overrides the queue's visibility timeout per receive (tests pass 0 to see redeliveries at once). */
  visibilityTimeoutSeconds?: number;
};

export function startSqsPoller(deps: PollerDeps): SqsPoller {
  let running = true;
  const abort = new AbortController();
  const loop = (async () => {
    while (running) {
      try {
        await pollOnce(deps, abort.signal);
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

/** One long poll: receives a batch, hands it to the handler, deletes the messages it did not report as failed. */
async function pollOnce(deps: PollerDeps, abortSignal: AbortSignal): Promise<void> {
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
    { abortSignal },
  );
  const messages = received.Messages ?? [];
  if (messages.length === 0) return;
  const { batchItemFailures } = await deps.handler(sqsEvent(messages));
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
}

/** The received messages as the event Lambda's event source mapping would pass. */
function sqsEvent(messages: Message[]): SQSEvent {
  return {
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
}
