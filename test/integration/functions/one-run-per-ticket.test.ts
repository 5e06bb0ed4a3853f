// Exactly one run per ticket intent, with the clock injected: the webhook front door and the run
// starter over the real DynamoDB stores (dynalite on loopback). The queue in between behaves like
// SQS FIFO: it drops a repeated dedupe id for 5 minutes only, so a helpdesk retrying hours later
// gets through and the event ledger is what holds. Later messages on the ticket attach to the run;
// the ticket closed in the helpdesk cancels it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngest } from '#functions/intake/webhook-ingest/ingest.js';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { createStartRun } from '#functions/intake/run-starter/start-run.js';
import { withRunStarterPorts } from '#functions/composition/run-starter.js';
import type { QueuedTicket, TicketQueue } from '#functions/shared/queue.js';
import { createDynamoStores, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { startLocalDynamo, type LocalDynamo } from '#local/emulators/dynamo.js';
import { NOW, fixedClock, pendingApproval, recordingWorkflow } from '../../support/steps.js';

const SECRET = 'zendesk-secret-for-tests';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo({ tableName: 'one-run-per-ticket' });
});
afterAll(async () => {
  await dynamo?.close();
});

/** SQS FIFO's deduplication as the service applies it: same dedupe id within 5 minutes is dropped. */
function fifoQueue(clock: { now(): Date }) {
  const seen = new Map<string, number>();
  const delivered: QueuedTicket[] = [];
  const queue: TicketQueue = {
    async send(message, ids) {
      const at = clock.now().getTime();
      const last = seen.get(ids.dedupeId);
      if (last !== undefined && at - last < 5 * MINUTE) return;
      seen.set(ids.dedupeId, at);
      delivered.push(structuredClone(message));
    },
  };
  return { queue, delivered };
}

function setup(tenant: string) {
  const clock = fixedClock(NOW);
  const stores: DynamoStores = createDynamoStores({ client: dynamo.doc, tableName: dynamo.tableName, clock, ids: { random: () => crypto.randomUUID() } });
  const { queue, delivered } = fifoQueue(clock);
  const workflow = recordingWorkflow();
  const ingest = createIngest({ tenant, secrets: { zendesk: SECRET }, queue, clock, events: stores.events });
  const startRun = createStartRun(withRunStarterPorts({ ...stores, workflow: workflow.engine, requesters: { emailOf: async () => 'ana@example.com' }, clock }));
  /** The helpdesk delivers (signing at the current time, as Zendesk does on every retry); the starter drains the queue. */
  const deliver = async (body: string) => {
    const headers = zendeskSignedHeaders(SECRET, body, clock.now());
    const outcome = await ingest({ helpdesk: 'zendesk', headers: (n) => headers[n], body });
    const outcomes = [];
    while (delivered.length) outcomes.push(await startRun(delivered.shift()!));
    return { outcome, outcomes };
  };
  return { clock, stores, workflow, deliver };
}

const zendesk = (input: { id: string; type?: string; ticketId: string; comment?: string; current?: string }) =>
  JSON.stringify({
    id: input.id,
    type: `zen:event-type:${input.type ?? 'ticket.created'}`,
    time: NOW.toISOString(),
    detail: { id: input.ticketId, requester_id: '9001', subject: 'Mug', description: 'The mug in order 1001 arrived cracked.' },
    event: input.comment ? { comment: { body: input.comment, author: { is_staff: false } } } : input.current ? { current: input.current } : {},
  });

describe('one run per ticket intent', () => {
  it('turns deliveries of one event minutes, hours and days apart into one run and one execution', async () => {
    const { clock, stores, workflow, deliver } = setup('dup-tenant');
    const body = zendesk({ id: 'evt-created-1', ticketId: '7001' });

    const first = await deliver(body);
    clock.advance(2 * MINUTE); // inside the FIFO window: dropped by the queue
    const second = await deliver(body);
    clock.advance(3 * HOUR); // outside it: the ledger answers
    const third = await deliver(body);
    clock.advance(3 * DAY);
    const fourth = await deliver(body);

    const runId = (first.outcome as { runId: string }).runId;
    for (const d of [second, third, fourth]) expect(d.outcome).toMatchObject({ kind: 'accepted', runId });
    expect(first.outcomes).toEqual([{ runId, created: true, started: true, duplicateEvent: false }]);
    expect(second.outcomes).toEqual([]);
    expect(third.outcomes).toEqual([{ runId, created: false, started: false, duplicateEvent: true }]);
    expect(fourth.outcomes).toEqual([{ runId, created: false, started: false, duplicateEvent: true }]);
    // Each delivery that reached the starter repeats the start under the same name (harmless); one run row.
    expect(workflow.starts.map((s) => s.name)).toEqual([runId, runId, runId]);
    expect((await stores.runs.list(100)).filter((r) => r.tenant === 'dup-tenant')).toHaveLength(1);
    expect((await stores.runs.get(runId))?.createdAt).toBe(NOW.toISOString());
  });

  it('attaches a later customer message to the live run, once, instead of starting another', async () => {
    const { clock, stores, workflow, deliver } = setup('follow-up-tenant');
    const { outcome } = await deliver(zendesk({ id: 'evt-created-2', ticketId: '7002' }));
    const runId = (outcome as { runId: string }).runId;
    const startsBefore = workflow.starts.length;

    clock.advance(10 * MINUTE);
    const followUp = zendesk({ id: 'evt-comment-2', type: 'ticket.comment_added', ticketId: '7002', comment: 'Any news? I attached a photo.' });
    const first = await deliver(followUp);
    clock.advance(2 * HOUR);
    await deliver(followUp); // the helpdesk retries the same comment hours later

    expect(first.outcome).toMatchObject({ kind: 'accepted', runId });
    expect(first.outcomes).toEqual([{ runId, created: false, started: false, duplicateEvent: false, followUp: true }]);
    expect(workflow.starts).toHaveLength(startsBefore);
    const run = await stores.runs.get(runId);
    expect(run?.followUps).toEqual([
      { eventId: 'evt-comment-2', receivedAt: new Date(NOW.getTime() + 10 * MINUTE).toISOString(), excerpt: 'Any news? I attached a photo.' },
    ]);
    expect(run?.ticket.eventId).toBe('evt-created-2');
  });

  it('cancels the run when the ticket is solved in the helpdesk, closing its pending approval and ending the wait', async () => {
    const { clock, stores, workflow, deliver } = setup('closed-tenant');
    const { outcome } = await deliver(zendesk({ id: 'evt-created-3', ticketId: '7003' }));
    const runId = (outcome as { runId: string }).runId;
    const run = (await stores.runs.get(runId))!;
    const approval = pendingApproval(run, { approvalId: `apr_${runId}` });
    await stores.approvals.create(approval);
    const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = approval;
    await stores.runs.update(runId, { approval: summary, status: 'awaiting_approval', state: 'RequestApproval' });

    clock.advance(30 * MINUTE);
    const closed = await deliver(zendesk({ id: 'evt-solved-3', type: 'ticket.status_changed', ticketId: '7003', current: 'SOLVED' }));
    const again = await deliver(zendesk({ id: 'evt-solved-3', type: 'ticket.status_changed', ticketId: '7003', current: 'SOLVED' }));

    expect(closed.outcomes).toEqual([{ runId, created: false, started: false, duplicateEvent: false, cancelled: true }]);
    expect(again.outcomes).toEqual([]);
    const after = await stores.runs.get(runId);
    expect(after).toMatchObject({ status: 'cancelled', cancellation: { by: 'helpdesk', state: 'RequestApproval' }, approval: { status: 'cancelled' } });
    expect((await stores.approvals.get(approval.approvalId))?.status).toBe('cancelled');
    expect(workflow.failures).toEqual([{ taskToken: approval.taskToken, error: 'RunCancelled', cause: 'the run was cancelled' }]);
  });
});
