// SQS → start-run use case, one record at a time. A message that can never succeed (not JSON, not a
// queued ticket) and one that failed on its last allowed receive go to the dead-letter queue with
// the reason; other failures are reported back so SQS redelivers only them (partial batch response).
// FIFO: once a message of a group is reported failed, the later messages of that group in the batch
// are reported failed too, unprocessed, so a ticket's "closed" never overtakes the ticket itself.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Clock } from '#harness/ports.js';
import { QueuedTicket } from '../../shared/queue.js';
import type { DeadLetterQueue } from '#functions/shared/domain/dead-letters.js';
import { createStartRun, type StartRunDeps } from './start-run.js';

export interface RunStarterDeps extends StartRunDeps {
  log?: (msg: string, data: object) => void;
  /** Where poison messages go with their reason; without it, SQS's redrive policy moves them (no reason). */
  deadLetters?: DeadLetterQueue;
  /** The queue's maxReceiveCount: on that receive a failing message is dead-lettered by us, reason included. */
  maxReceiveCount?: number;
  clock: Clock;
}

type Parsed = { ok: true; message: QueuedTicket } | { ok: false; reason: string };

function parseRecord(record: SQSRecord): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    return { ok: false, reason: 'poison: the message body is not JSON' };
  }
  const parsed = QueuedTicket.safeParse(body);
  if (!parsed.success) {
    const paths = parsed.error.issues.slice(0, 5).map((i) => i.path.join('.') || '(root)');
    return { ok: false, reason: `poison: not a queued ticket (${paths.join(', ')})` };
  }
  return { ok: true, message: parsed.data };
}

/** True when the record is now in the dead-letter queue (so it may be deleted from the source). */
async function deadLetter(deps: RunStarterDeps, record: SQSRecord, reason: string): Promise<boolean> {
  if (!deps.deadLetters) return false;
  try {
    await deps.deadLetters.send({
      body: record.body,
      reason,
      sourceMessageId: record.messageId,
      groupId: record.attributes.MessageGroupId ?? 'unknown',
      receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
      failedAt: deps.clock.now().toISOString(),
    });
    deps.log?.('run starter dead-lettered', { messageId: record.messageId, reason });
    return true;
  } catch (error) {
    deps.log?.('run starter could not dead-letter', { messageId: record.messageId, error: (error as Error).name });
    return false;
  }
}

export function createRunStarterHandler(deps: RunStarterDeps) {
  const startRun = createStartRun(deps);

  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    // Message group → the messages of it reported failed in this batch (FIFO order holds per group).
    // The same message handed out twice in one batch (a local emulator does) is not behind itself.
    const blockedGroups = new Map<string, Set<string>>();
    const fail = (record: SQSRecord) => {
      batchItemFailures.push({ itemIdentifier: record.messageId });
      const group = record.attributes.MessageGroupId;
      if (group !== undefined) blockedGroups.set(group, (blockedGroups.get(group) ?? new Set()).add(record.messageId));
    };
    for (const record of event.Records) {
      const failedBefore = blockedGroups.get(record.attributes.MessageGroupId ?? '');
      if (failedBefore && !failedBefore.has(record.messageId)) {
        deps.log?.('run starter deferred', { messageId: record.messageId, reason: 'an earlier message of its group failed' });
        fail(record);
        continue;
      }
      const parsed = parseRecord(record);
      if (!parsed.ok) {
        if (!(await deadLetter(deps, record, parsed.reason))) fail(record);
        continue;
      }
      try {
        const outcome = await startRun(parsed.message);
        deps.log?.('run starter', outcome);
      } catch (error) {
        const name = (error as Error).name;
        deps.log?.('run starter failed', { messageId: record.messageId, error: name });
        const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
        const lastChance = deps.maxReceiveCount !== undefined && receives >= deps.maxReceiveCount;
        // Only the error's name and message: never the ticket's text.
        const reason = `failed ${receives} time(s); last error ${name}: ${(error as Error).message}`.slice(0, 300);
        if (!(lastChance && (await deadLetter(deps, record, reason)))) fail(record);
      }
    }
    return { batchItemFailures };
  };
}
