// Local SQS server (local-aws-sqs) with the ticket FIFO queue and its dead-letter queue. With a data
// file, their messages outlive a restart (sqs-journal.ts).
import { createSqsServer } from 'local-aws-sqs';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { closeServer, LOCAL_AWS, portOf } from './listen.js';
import { journalQueues } from './sqs-journal.js';

export interface LocalSqs {
  endpoint: string;
  client: SQSClient;
  queueUrl: string;
  dlqUrl: string;
  /** Messages a previous start left in the data file, sent again at this start. */
  restored: number;
  close(): Promise<void>;
}

export const MAX_RECEIVE_COUNT = 5;

export async function startLocalSqs(opts: { port?: number; dataFile?: string } = {}): Promise<LocalSqs> {
  const server = await createSqsServer({ port: opts.port ?? 0, hostname: '127.0.0.1', emulateQueueCreationLifecycle: false });
  const endpoint = `http://127.0.0.1:${portOf(server)}`;
  const client = new SQSClient({ ...LOCAL_AWS, endpoint });
  const dlq = await client.send(new CreateQueueCommand({ QueueName: 'tickets-dlq.fifo', Attributes: { FifoQueue: 'true' } }));
  const dlqArn = await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: 'tickets.fifo',
      Attributes: {
        FifoQueue: 'true',
        ContentBasedDeduplication: 'false',
        VisibilityTimeout: '30',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn.Attributes?.QueueArn, maxReceiveCount: MAX_RECEIVE_COUNT }),
      },
    }),
  );
  const { restored } = opts.dataFile ? await journalQueues(client, { tickets: queue.QueueUrl!, dlq: dlq.QueueUrl! }, opts.dataFile) : { restored: 0 };
  return {
    endpoint,
    client,
    queueUrl: queue.QueueUrl!,
    dlqUrl: dlq.QueueUrl!,
    restored,
    async close() {
      client.destroy();
      await closeServer(server);
    },
  };
}
