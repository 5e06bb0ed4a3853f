// The local queues' messages on disk (DATA_DIR). local-aws-sqs keeps its queues in memory only, so
// the SQS client of the local runtime records what passes through it: a message sent is kept, a
// message deleted (processed, or dead-lettered by the run starter) is dropped, and the file is
// rewritten after each. At the next start the messages still kept are sent again, in their order,
// as SQS would still hold them: received but not deleted ones come back, as after a visibility
// timeout.
import type { MessageAttributeValue, SQSClient } from '@aws-sdk/client-sqs';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { stateFile } from '../state-file.js';

type Kept = {
  queue: string;
  messageId: string;
  body: string;
  groupId?: string;
  dedupeId?: string;
  attributes?: Record<string, MessageAttributeValue>;
};

type Input = {
  QueueUrl?: string;
  MessageBody?: string;
  MessageGroupId?: string;
  MessageDeduplicationId?: string;
  MessageAttributes?: Record<string, MessageAttributeValue>;
  ReceiptHandle?: string;
  Entries?: Array<{ Id?: string; ReceiptHandle?: string }>;
};
type Output = { MessageId?: string; Messages?: Array<{ MessageId?: string; ReceiptHandle?: string }>; Successful?: Array<{ Id?: string }> };

/**
 * Keeps the messages sent to the named queues (name → URL) in `path`, and sends the ones a previous
 * start left there again. Returns how many were sent again.
 */
export async function journalQueues(client: SQSClient, queues: Record<string, string>, path: string): Promise<{ restored: number }> {
  const file = stateFile<Kept[]>(path, 1);
  const nameOf = new Map(Object.entries(queues).map(([name, url]) => [url, name]));
  const kept = new Map<string, Kept>();
  const handles = new Map<string, string>();
  const save = () => file.write([...kept.values()]);

  function observe(command: string, input: Input, output: Output): void {
    const queue = input.QueueUrl ? nameOf.get(input.QueueUrl) : undefined;
    if (!queue) return;
    if (command === 'SendMessageCommand' && output.MessageId) {
      kept.set(output.MessageId, {
        queue,
        messageId: output.MessageId,
        body: input.MessageBody ?? '',
        ...(input.MessageGroupId ? { groupId: input.MessageGroupId } : {}),
        ...(input.MessageDeduplicationId ? { dedupeId: input.MessageDeduplicationId } : {}),
        ...(input.MessageAttributes ? { attributes: input.MessageAttributes } : {}),
      });
      save();
    } else if (command === 'ReceiveMessageCommand') {
      for (const m of output.Messages ?? []) if (m.ReceiptHandle && m.MessageId) handles.set(m.ReceiptHandle, m.MessageId);
    } else if (command === 'DeleteMessageCommand' || command === 'DeleteMessageBatchCommand') {
      const done = new Set((output.Successful ?? []).map((s) => s.Id));
      const receipts =
        command === 'DeleteMessageCommand' ? [input.ReceiptHandle] : (input.Entries ?? []).filter((e) => done.has(e.Id)).map((e) => e.ReceiptHandle);
      for (const receipt of receipts) {
        const id = receipt ? handles.get(receipt) : undefined;
        if (id === undefined) continue;
        handles.delete(receipt!);
        kept.delete(id);
      }
      save();
    }
  }

  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      observe(context.commandName ?? '', args.input as Input, result.output as Output);
      return result;
    },
    { step: 'initialize', name: 'localQueueJournal' },
  );

  const earlier = file.read() ?? [];
  save();
  await sendAgain(client, queues, earlier);
  return { restored: earlier.length };
}

/** Sends the messages a previous start kept to their queues again, in their order (a queue no longer named is skipped). */
async function sendAgain(client: SQSClient, queues: Record<string, string>, earlier: Kept[]): Promise<void> {
  for (const m of earlier) {
    const url = queues[m.queue];
    if (!url) continue;
    await client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: m.body,
        ...(m.groupId ? { MessageGroupId: m.groupId } : {}),
        ...(m.dedupeId ? { MessageDeduplicationId: m.dedupeId } : {}),
        ...(m.attributes ? { MessageAttributes: m.attributes } : {}),
      }),
    );
  }
}
