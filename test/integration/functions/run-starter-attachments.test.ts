// Zendesk's per-file events (ticket.attachment_linked_to_comment) through the real webhook front door
// and the real run starter, over the DynamoDB stores on dynalite: the queue in between records each
// message with its FIFO group and hands it to the handler as an SQS record, redelivering what the
// handler reports failed. A file is added to the ticket's run and starts nothing; before the run
// exists it is retried, in a group of its own so the ticket's own messages are not held up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQSRecord } from 'aws-lambda';
import { createIngest } from '#functions/intake/webhook-ingest/ingest.js';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { createRunStarterHandler } from '#functions/intake/run-starter/handler.js';
import { createStartRun, RunNotYetStartedError } from '#functions/intake/run-starter/start-run.js';
import { withRunStarterPorts } from '#functions/composition/run-starter.js';
import type { DeadLetterQueue } from '#functions/shared/domain/dead-letters.js';
import type { QueuedTicket, TicketQueue } from '#functions/shared/queue.js';
import { createDynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { startLocalDynamo, type LocalDynamo } from '#local/emulators/dynamo.js';
import { NOW, fixedClock, recordingWorkflow } from '../../support/steps.js';

const SECRET = 'zendesk-secret-for-tests';
const MAX_RECEIVES = 3;

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo({ tableName: 'run-starter-attachments' });
});
afterAll(async () => {
  await dynamo?.close();
});

type Queued = { message: QueuedTicket; groupId: string; messageId: string; receives: number };

/** The webhook front door, a queue that keeps each message's group, and the run starter's SQS handler. */
function setup(tenant: string) {
  const clock = fixedClock(NOW);
  const stores = createDynamoStores({ client: dynamo.doc, tableName: dynamo.tableName, clock, ids: { random: () => crypto.randomUUID() } });
  const queued: Queued[] = [];
  let sent = 0;
  const queue: TicketQueue = {
    async send(message, ids) {
      sent += 1;
      queued.push({ message: structuredClone(message), groupId: ids.groupId, messageId: `m-${sent}`, receives: 0 });
    },
  };
  const deadLettered: Array<Parameters<DeadLetterQueue['send']>[0]> = [];
  const deadLetters: DeadLetterQueue = {
    send: async (letter) => void deadLettered.push(letter),
    list: async () => [],
  };
  const workflow = recordingWorkflow();
  const ports = withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters: { emailOf: async () => 'ben@example.com' }, clock });
  const handler = createRunStarterHandler({ ...ports, deadLetters, maxReceiveCount: MAX_RECEIVES });
  const ingest = createIngest({ tenant, secrets: { zendesk: SECRET }, queue, clock, events: stores.events });

  /** Zendesk delivers, signed at the current time. */
  const deliver = async (body: string) => {
    const headers = zendeskSignedHeaders(SECRET, body, clock.now());
    return ingest({ helpdesk: 'zendesk', headers: (n) => headers[n], body });
  };
  /** One receive of everything queued, in order, as one batch; what the handler reports failed stays queued. */
  const drain = async () => {
    const batch = queued.splice(0, queued.length);
    for (const q of batch) q.receives += 1;
    const { batchItemFailures } = await handler({ Records: batch.map(sqsRecord) });
    const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
    queued.push(...batch.filter((q) => failed.has(q.messageId)));
    return [...failed];
  };
  return { stores, workflow, queued, deliver, drain, deadLettered, startRun: createStartRun(ports) };
}

function sqsRecord(q: Queued): SQSRecord {
  return {
    messageId: q.messageId,
    receiptHandle: `rh-${q.messageId}-${q.receives}`,
    body: JSON.stringify(q.message),
    attributes: {
      ApproximateReceiveCount: String(q.receives),
      SentTimestamp: String(NOW.getTime()),
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: String(NOW.getTime()),
      MessageGroupId: q.groupId,
      MessageDeduplicationId: q.messageId,
      SequenceNumber: '1',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:tickets.fifo',
    awsRegion: 'us-east-1',
  };
}

const created = (ticketId: string) =>
  JSON.stringify({
    id: `created-${ticketId}`,
    type: 'zen:event-type:ticket.created',
    time: NOW.toISOString(),
    detail: {
      id: ticketId,
      requester_id: '9002',
      subject: 'Blanket has a hole',
      description: 'The wool throw from order 1002 arrived with a hole, photo attached.',
    },
    event: {},
  });

const linked = (ticketId: string, file: string, actorId = '9002') =>
  JSON.stringify({
    id: `linked-${ticketId}-${file}`,
    type: 'zen:event-type:ticket.attachment_linked_to_comment',
    time: NOW.toISOString(),
    detail: { id: ticketId, requester_id: '9002', actor_id: actorId },
    event: {
      comment: {
        id: '77',
        attachment: {
          id: file,
          filename: file,
          content_type: 'image/jpeg',
          content_url: `https://acme.zendesk.com/attachments/token/${file}/?name=${file}`,
          size: 34567,
        },
      },
    },
  });

const fileOn = (file: string) => ({
  name: file,
  contentType: 'image/jpeg',
  size: 34567,
  url: `https://acme.zendesk.com/attachments/token/${file}/?name=${file}`,
});

describe("Zendesk's per-file events in the run starter", () => {
  it("adds the requester's file to the ticket's run once, starting nothing and recording no follow-up", async () => {
    const { stores, workflow, queued, deliver, drain } = setup('attach-tenant');
    const opened = await deliver(created('8101'));
    expect(opened.kind).toBe('accepted');
    expect(await drain()).toEqual([]);
    const runId = (opened as { runId: string }).runId;

    expect(await deliver(linked('8101', 'hole.jpg'))).toEqual({ kind: 'accepted', runId, intent: 'message' });
    expect(queued.map((q) => q.groupId)).toEqual([`${runId}:attachments`]);
    const redelivery = structuredClone(queued[0]!);
    expect(await drain()).toEqual([]);
    // SQS delivering the same message again adds nothing.
    queued.push({ ...redelivery, messageId: 'm-again' });
    expect(await drain()).toEqual([]);
    await deliver(linked('8101', 'label.jpg'));
    expect(await drain()).toEqual([]);

    const run = await stores.runs.get(runId);
    expect(run?.ticket.attachments).toEqual([fileOn('hole.jpg'), fileOn('label.jpg')]);
    expect(run?.followUps ?? []).toEqual([]);
    expect(run?.ticket.body).toContain('photo attached');
    expect(workflow.starts).toEqual([{ name: runId, input: { runId } }]);
  });

  it("ignores a file linked by someone other than the requester (an agent's, say)", async () => {
    const { deliver, queued } = setup('attach-tenant');
    expect(await deliver(linked('8102', 'agent.jpg', '1'))).toMatchObject({ kind: 'ignored' });
    expect(queued).toEqual([]);
  });

  it('holds a file that comes before its run (RunNotYetStartedError, redelivered), without holding up the ticket, and adds it once the run exists', async () => {
    const { stores, workflow, queued, deliver, drain, startRun } = setup('attach-early-tenant');
    const early = await deliver(linked('8103', 'hole.jpg'));
    expect(early.kind).toBe('accepted');
    const runId = (early as { runId: string }).runId;

    // The use case says why: the run is not there yet.
    const attempt = startRun(structuredClone(queued[0]!.message));
    await expect(attempt).rejects.toBeInstanceOf(RunNotYetStartedError);
    await expect(attempt).rejects.toMatchObject({ name: 'RunNotYetStartedError', runId });

    // Through the handler: reported failed, so SQS redelivers it; no run is made of a file alone.
    expect(await drain()).toEqual(['m-1']);
    expect(await stores.runs.get(runId)).toBeNull();
    expect(workflow.starts).toEqual([]);

    // The ticket arrives; in the same batch as the waiting file, which fails first but in its own group.
    await deliver(created('8103'));
    expect(queued.map((q) => q.groupId)).toEqual([`${runId}:attachments`, runId]);
    expect(await drain()).toEqual(['m-1']);
    expect(workflow.starts).toEqual([{ name: runId, input: { runId } }]);
    expect((await stores.runs.get(runId))?.ticket.attachments).toBeUndefined();

    // Its next receive finds the run.
    expect(await drain()).toEqual([]);
    expect((await stores.runs.get(runId))?.ticket.attachments).toEqual([fileOn('hole.jpg')]);
    expect(workflow.starts).toHaveLength(1);
  });

  it('dead-letters a file whose run never comes, on its last allowed receive, saying why', async () => {
    const { stores, deliver, drain, deadLettered, queued } = setup('attach-orphan-tenant');
    const early = await deliver(linked('8104', 'hole.jpg'));
    const runId = (early as { runId: string }).runId;

    for (let receive = 1; receive < MAX_RECEIVES; receive++) expect(await drain()).toEqual(['m-1']);
    expect(await drain()).toEqual([]);

    expect(queued).toEqual([]);
    expect(deadLettered).toHaveLength(1);
    expect(deadLettered[0]).toMatchObject({ groupId: `${runId}:attachments`, receiveCount: MAX_RECEIVES });
    expect(deadLettered[0]!.reason).toContain('RunNotYetStartedError');
    expect(deadLettered[0]!.reason).not.toContain('hole.jpg');
    expect(await stores.runs.get(runId)).toBeNull();
  });
});
