// Run starter against dynalite on loopback with the real DynamoDB stores: a queued ticket becomes
// one run row and one execution named by the run id, a redelivery is harmless, and a bad record
// in a batch fails alone. The workflow engine records its calls; the requester directory is a map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { createRunStarterHandler } from '#functions/intake/run-starter/handler.js';
import { withRunStarterPorts } from '#functions/composition/run-starter.js';
import { createStartRun } from '#functions/intake/run-starter/start-run.js';
import type { RequesterDirectory } from '#functions/shared/requesters.js';
import { runIdFor } from '#functions/shared/ids.js';
import type { QueuedTicket } from '#functions/shared/queue.js';
import { createDynamoStores, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import type { TicketEvent } from '#functions/shared/domain/run.js';
import { TemporarilyUnavailableError as HelpdeskUnavailableError, NotAuthorizedError } from '#shared/contracts/errors.js';
import { startLocalDynamo, type LocalDynamo } from '#local/emulators/dynamo.js';
import { NOW, fixedClock, recordingWorkflow } from '../../support/steps.js';

let dynamo: LocalDynamo;
let stores: DynamoStores;
const clock = fixedClock();

beforeAll(async () => {
  dynamo = await startLocalDynamo({ tableName: 'run-starter-test' });
  stores = createDynamoStores({ client: dynamo.doc, tableName: dynamo.tableName, clock, ids: { random: () => crypto.randomUUID() } });
});
afterAll(async () => {
  await dynamo?.close();
});

function ticket(ticketId: string, overrides: Partial<TicketEvent> = {}): QueuedTicket {
  const event: TicketEvent = {
    tenant: 'demo',
    helpdesk: 'zendesk',
    eventId: `evt-${ticketId}`,
    eventType: 'zen:event-type:ticket.created',
    ticketId,
    requesterId: `user-${ticketId}`,
    requesterEmail: null,
    subject: 'Cracked mug',
    body: 'The mug in order #1001 arrived cracked.',
    receivedAt: NOW.toISOString(),
    ...overrides,
  };
  return { runId: runIdFor(event), event };
}

function sqsRecord(messageId: string, body: string, groupId = 'g'): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(NOW.getTime()),
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: String(NOW.getTime()),
      MessageGroupId: groupId,
      MessageDeduplicationId: messageId,
      SequenceNumber: '1',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:tickets.fifo',
    awsRegion: 'us-east-1',
  };
}

function directory(emails: Record<string, string>) {
  const asked: string[] = [];
  const requesters: RequesterDirectory = {
    async emailOf(requesterId) {
      asked.push(requesterId);
      return emails[requesterId] ?? null;
    },
  };
  return { requesters, asked };
}

describe('run starter (dynalite)', () => {
  it('creates one run row with the requester email from the directory, and starts one execution named by the run id', async () => {
    const message = ticket('5001');
    const workflow = recordingWorkflow();
    const { requesters, asked } = directory({ 'user-5001': 'ana@example.com' });
    const handler = createRunStarterHandler(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters, clock }));

    const response = await handler({ Records: [sqsRecord('m-1', JSON.stringify(message))] });

    expect(response.batchItemFailures).toEqual([]);
    expect(asked).toEqual(['user-5001']);
    const run = await stores.runs.get(message.runId);
    expect(run).toMatchObject({
      runId: message.runId,
      tenant: 'demo',
      status: 'running',
      state: 'Queued',
      costMicros: 0,
      createdAt: NOW.toISOString(),
      ticket: { ticketId: '5001', requesterId: 'user-5001', requesterEmail: 'ana@example.com' },
    });
    expect(run?.triage).toBeNull();
    expect(workflow.starts).toEqual([{ name: message.runId, input: { runId: message.runId } }]);
  });

  it('keeps an email the helpdesk already sent without asking the directory', async () => {
    const message = ticket('5002', { requesterEmail: 'bruno@example.com' });
    const { requesters, asked } = directory({ 'user-5002': 'someone-else@example.com' });
    const startRun = createStartRun(withRunStarterPorts({ ...stores, workflow: recordingWorkflow().engine, requesters, clock }));

    await startRun(message);

    expect(asked).toEqual([]);
    expect((await stores.runs.get(message.runId))?.ticket.requesterEmail).toBe('bruno@example.com');
  });

  it('treats the same message delivered twice as one run: start is repeated with the same name, created only once', async () => {
    const message = ticket('5003');
    const workflow = recordingWorkflow();
    const { requesters, asked } = directory({ 'user-5003': 'ana@example.com' });
    const startRun = createStartRun(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters, clock }));

    const first = await startRun(message);
    clock.advance(30_000);
    const second = await startRun(message);

    expect(first).toEqual({ runId: message.runId, created: true, started: true, duplicateEvent: false });
    expect(second).toEqual({ runId: message.runId, created: false, started: false, duplicateEvent: true });
    expect(workflow.starts.map((s) => s.name)).toEqual([message.runId, message.runId]);
    expect(asked).toEqual(['user-5003']);
    const rows = (await stores.runs.list(100)).filter((r) => r.ticket.ticketId === '5003');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.createdAt).toBe(NOW.toISOString());
  });

  it('maps a retried webhook (same event id, other run id in the message) to the run recorded first', async () => {
    const message = ticket('5004');
    const workflow = recordingWorkflow();
    const startRun = createStartRun(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters: directory({}).requesters, clock }));

    await startRun(message);
    const replay = await startRun({ ...message, runId: 'run-from-a-replayed-webhook' });

    expect(replay).toMatchObject({ runId: message.runId, created: false, duplicateEvent: true });
    expect(await stores.runs.get('run-from-a-replayed-webhook')).toBeNull();
    expect(workflow.starts.map((s) => s.name)).toEqual([message.runId, message.runId]);
  });

  it('reports a malformed record in batchItemFailures and still processes the others', async () => {
    const good1 = ticket('5005');
    const good2 = ticket('5006');
    const workflow = recordingWorkflow();
    const logged: Array<{ msg: string; data: object }> = [];
    const handler = createRunStarterHandler(
      withRunStarterPorts({
        ...stores,
        workflow: workflow.engine,
        requesters: directory({}).requesters,
        clock,
        log: (msg: string, data: object) => logged.push({ msg, data }),
      }),
    );
    const event: SQSEvent = {
      Records: [
        sqsRecord('m-good-1', JSON.stringify(good1), good1.runId),
        sqsRecord('m-not-json', '{"runId": "run-x", "event": ', 'run-x'),
        sqsRecord('m-not-a-ticket', JSON.stringify({ runId: 'run-y', event: { tenant: 'demo' } }), 'run-y'),
        sqsRecord('m-good-2', JSON.stringify(good2), good2.runId),
      ],
    };

    const response = await handler(event);

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-not-json' }, { itemIdentifier: 'm-not-a-ticket' }]);
    expect(await stores.runs.get(good1.runId)).not.toBeNull();
    expect(await stores.runs.get(good2.runId)).not.toBeNull();
    expect(await stores.runs.get('run-y')).toBeNull();
    expect(workflow.starts.map((s) => s.name)).toEqual([good1.runId, good2.runId]);
    expect(JSON.stringify(logged)).not.toContain('cracked');
  });

  it('reports a record whose start failed, and a redelivery starts the execution for the run already written', async () => {
    const message = ticket('5007');
    const workflow = recordingWorkflow();
    const handler = createRunStarterHandler(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters: directory({}).requesters, clock }));
    workflow.engine.failStart(new Error('ThrottlingException'));

    const failed = await handler({ Records: [sqsRecord('m-5007', JSON.stringify(message))] });
    const redelivered = await handler({ Records: [sqsRecord('m-5007', JSON.stringify(message))] });

    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: 'm-5007' }]);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(workflow.starts.map((s) => s.name)).toEqual([message.runId, message.runId]);
    expect((await stores.runs.list(100)).filter((r) => r.ticket.ticketId === '5007')).toHaveLength(1);
  });
  it('fails a record whose requester look-up failed, and the redelivery creates the run with the email', async () => {
    const message = ticket('5008');
    const workflow = recordingWorkflow();
    let lookups = 0;
    const requesters: RequesterDirectory = {
      async emailOf() {
        if (++lookups === 1) throw new Error('helpdesk 503');
        return 'ana@example.com';
      },
    };
    const handler = createRunStarterHandler(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters, clock }));

    const failed = await handler({ Records: [sqsRecord('m-5008', JSON.stringify(message))] });
    expect(await stores.runs.get(message.runId)).toBeNull();
    const redelivered = await handler({ Records: [sqsRecord('m-5008', JSON.stringify(message))] });

    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: 'm-5008' }]);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect((await stores.runs.get(message.runId))?.ticket.requesterEmail).toBe('ana@example.com');
    expect(workflow.starts.map((s) => s.name)).toEqual([message.runId]);
  });

  it('retries a requester look-up the helpdesk could not answer (503, timeout) within the call, with short waits', async () => {
    const message = ticket('5009');
    const workflow = recordingWorkflow();
    const waits: number[] = [];
    let lookups = 0;
    const requesters: RequesterDirectory = {
      async emailOf() {
        if (++lookups < 3) throw new HelpdeskUnavailableError('the helpdesk is unavailable (HTTP 503)');
        return 'ana@example.com';
      },
    };
    const handler = createRunStarterHandler(
      withRunStarterPorts({
        ...stores,
        workflow: workflow.engine,
        requesters,
        clock,
        requesterRetry: { sleep: async (ms) => void waits.push(ms) },
      }),
    );

    const response = await handler({ Records: [sqsRecord('m-5009', JSON.stringify(message), message.runId)] });

    expect(response.batchItemFailures).toEqual([]);
    expect(lookups).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms > 0 && ms <= 1_000)).toBe(true);
    expect((await stores.runs.get(message.runId))?.ticket.requesterEmail).toBe('ana@example.com');
    expect(workflow.starts.map((s) => s.name)).toEqual([message.runId]);
  });

  it('gives up on the look-up after three attempts, and never retries one the helpdesk refused', async () => {
    const flaky = ticket('5010');
    const refused = ticket('5011');
    const waits: number[] = [];
    const asked: string[] = [];
    const requesters: RequesterDirectory = {
      async emailOf(requesterId) {
        asked.push(requesterId);
        if (requesterId === 'user-5011') throw new NotAuthorizedError('the helpdesk refused the credentials (HTTP 401)');
        throw new HelpdeskUnavailableError('the helpdesk could not be reached');
      },
    };
    const handler = createRunStarterHandler(
      withRunStarterPorts({
        ...stores,
        workflow: recordingWorkflow().engine,
        requesters,
        clock,
        requesterRetry: { sleep: async (ms) => void waits.push(ms) },
      }),
    );

    const response = await handler({
      Records: [sqsRecord('m-5010', JSON.stringify(flaky), flaky.runId), sqsRecord('m-5011', JSON.stringify(refused), refused.runId)],
    });

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-5010' }, { itemIdentifier: 'm-5011' }]);
    expect(asked).toEqual(['user-5010', 'user-5010', 'user-5010', 'user-5011']);
    expect(waits).toHaveLength(2);
  });

  it('after a message of a group fails, reports the later ones of that group unprocessed: a close never overtakes its ticket', async () => {
    const opened = ticket('5012');
    const closed = ticket('5012', { eventId: 'evt-5012-closed', eventType: 'zen:event-type:ticket.status_changed', intent: 'closed' });
    const other = ticket('5013');
    const workflow = recordingWorkflow();
    workflow.engine.failStart(new Error('ThrottlingException'));
    const handler = createRunStarterHandler(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters: directory({}).requesters, clock }));
    const group = opened.runId;

    const response = await handler({
      Records: [
        sqsRecord('m-5012-open', JSON.stringify(opened), group),
        sqsRecord('m-5012-closed', JSON.stringify({ ...closed, runId: opened.runId }), group),
        sqsRecord('m-5013', JSON.stringify(other), other.runId),
      ],
    });

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-5012-open' }, { itemIdentifier: 'm-5012-closed' }]);
    // The close was not processed: the run written before the failed start is not cancelled.
    const run = await stores.runs.get(opened.runId);
    expect(run?.cancellation).toBeUndefined();
    expect(run?.status).toBe('running');
    expect(await stores.runs.get(other.runId)).not.toBeNull();

    // Redelivered in order, the ticket's run starts and then the close cancels it.
    const again = await handler({
      Records: [sqsRecord('m-5012-open', JSON.stringify(opened), group), sqsRecord('m-5012-closed', JSON.stringify({ ...closed, runId: opened.runId }), group)],
    });
    expect(again.batchItemFailures).toEqual([]);
    expect((await stores.runs.get(opened.runId))?.cancellation).toMatchObject({ by: 'helpdesk' });
  });
});

describe('a ticket solved in the helpdesk after its run ended', () => {
  it('marks an escalated run, or one cancelled with the customer waiting, as answered; a run still open is cancelled instead', async () => {
    const startRun = createStartRun(withRunStarterPorts({ ...stores, workflow: recordingWorkflow().engine, requesters: directory({}).requesters, clock }));
    const solved = (id: string) => ticket(id, { eventId: `evt-${id}-solved`, eventType: 'zen:event-type:ticket.status_changed', intent: 'closed' });
    const opened = ticket('5101', { requesterEmail: 'ana@example.com' });
    await startRun(opened);
    await stores.runs.update(opened.runId, { status: 'escalated', state: 'Escalate', escalation: { reason: 'a person decides', step: 'Gate' } });

    const cancelled = ticket('5102', { requesterEmail: 'ana@example.com' });
    await startRun(cancelled);
    await stores.runs.update(cancelled.runId, {
      status: 'cancelled',
      cancellation: { at: NOW.toISOString(), by: 'console', reason: 'cancelled in the console by lead@shop.example', state: 'RequestApproval' },
    });

    const running = ticket('5103', { requesterEmail: 'ana@example.com' });
    await startRun(running);

    for (const id of ['5101', '5102', '5103']) await startRun({ ...solved(id), runId: ticket(id).runId });

    expect((await stores.runs.get(opened.runId))?.ticketClosedAt).toBe(clock.now().toISOString());
    expect((await stores.runs.get(cancelled.runId))?.ticketClosedAt).toBe(clock.now().toISOString());
    const closedOpen = await stores.runs.get(running.runId);
    expect(closedOpen).toMatchObject({ status: 'cancelled', cancellation: { by: 'helpdesk' } });
    expect(closedOpen?.ticketClosedAt).toBeUndefined();
  });
});
