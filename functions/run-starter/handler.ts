// SQS → start-run use case, one record at a time; failed records are reported back so SQS
// redelivers only them (and, past maxReceiveCount, moves them to the dead-letter queue).
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { QueuedTicket } from '../shared/queue.js';
import { parseEvent } from '../shared/parse.js';
import { createStartRun, type StartRunDeps } from './start-run.js';

export function createRunStarterHandler(deps: StartRunDeps & { log?: (msg: string, data: object) => void }) {
  const startRun = createStartRun(deps);
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const message = parseEvent(QueuedTicket, JSON.parse(record.body), 'queued ticket');
        const outcome = await startRun(message);
        deps.log?.('run starter', outcome);
      } catch (error) {
        deps.log?.('run starter failed', { messageId: record.messageId, error: (error as Error).name });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
