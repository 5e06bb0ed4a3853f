// The console's run actions as rules: which runs can be re-run (never one that made or sent a refund,
// so a re-run cannot refund the same request twice), the re-run's derived id and its links both ways,
// the order a person may pick (only one the customer wrote, checked again by CheckOrder, whose
// requester check still applies), the cancel and the hand-back journaled with the person, and the
// roles: operators cancel, leads re-run and hand back.
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createConsoleHandler } from '#functions/console/app/handler.js';
import { createCsrf } from '#functions/console/app/security.js';
import type { ConsoleData } from '#functions/console/app/use-case.js';
import type { Operator } from '#functions/console/app/identity.js';
import { createCheckOrder } from '#functions/steps/check-order/use-case.js';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import { cancelRefusal, createRunActions, handBackRefusal, orderPickChoices } from '#functions/console/app/actions.js';
import { ACTION_ROLE, may } from '#functions/console/app/identity.js';
import { createStartRerun } from '#functions/intake/run-starter/rerun.js';
import { withRunStarterPorts } from '#functions/composition/run-starter.js';
import { MAX_RERUNS, rerunIdFor, rerunRefusal } from '#functions/shared/domain/rerun.js';
import { createStartRun } from '#functions/intake/run-starter/start-run.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { StepContext } from '#harness/ports.js';
import { fixedClock, makeOrder, makeRun, makeTriage, recordingWorkflow, setupSteps } from '../../support/steps.js';

const TWO_ORDERS = 'I have two orders, 992 and 1003. The glazed plate arrived cracked, please refund it.';

function escalated(overrides: Partial<Run> = {}): Run {
  const run = makeRun({
    runId: 'run-abc',
    status: 'escalated',
    state: 'Escalate',
    triage: makeTriage({ orderNumber: null, orderNumbersMentioned: ['992', '1003'], riskFlags: ['multiple_order_numbers'] }),
    escalation: { reason: 'the ticket names several orders (992, 1003); a person picks the one it is about', step: 'CheckOrder' },
    ...overrides,
  });
  return { ...run, ticket: { ...run.ticket, body: TWO_ORDERS } };
}

const receipt = {
  refundId: 'gid://shopify/Refund/1',
  orderId: 'gid://shopify/Order/1003',
  orderNumber: '1003',
  amountMinor: 2400,
  currency: 'USD',
  createdAt: '2026-09-23T12:00:00.000Z',
  idempotencyKey: 'k',
};
const lead = { id: 'lead@shop.example', roles: ['lead'] as const };
const operator = { id: 'ops@shop.example', roles: ['operator'] as const };

function setup(run: Run) {
  const stores = createInMemoryStores({ clock: fixedClock() });
  const workflow = recordingWorkflow();
  const startRerun = createStartRerun({ runs: stores.runs, workflow: workflow.engine, clock: fixedClock() });
  const notes: Array<{ ctx: StepContext; args: { ticketId: string; body: string } }> = [];
  const actions = createRunActions({
    runs: stores.runs,
    journal: stores.journal,
    cancelRun: createCancelRun({ runs: stores.runs, approvals: stores.approvals, workflow: workflow.engine, clock: fixedClock() }),
    startRerun,
    harness: {
      callTool: (async (ctx: StepContext, _name: string, args: { ticketId: string; body: string }) => {
        notes.push({ ctx, args });
        return { ticketId: args.ticketId, noteId: 'note-77', public: false };
      }) as never,
    },
    clock: fixedClock(),
    workflow: workflow.engine,
  });
  return { stores, workflow, startRerun, actions, notes, ready: stores.runs.create(run) };
}

describe('who may re-run, and never after a refund', () => {
  it('re-runs an escalated run that moved no money', () => {
    expect(rerunRefusal(escalated())).toBeNull();
  });

  it.each([
    ['a refund was made', { refund: receipt }],
    ['a refund was sent and its outcome is unknown', { status: 'pending_review' as const, refundIntent: { at: 'x', amountMinor: 2400, currency: 'USD' } }],
    ['a refund was claimed, then settled "not found" by a person', { refundIntent: { at: 'x', amountMinor: 2400, currency: 'USD' } }],
  ])('refuses a re-run when %s', async (_why, overrides) => {
    const run = escalated(overrides);
    expect(rerunRefusal(run)?.kind).toBe('refunded');
    const s = setup(run);
    await s.ready;
    const outcome = await s.startRerun({ runId: run.runId, by: lead.id });
    expect(outcome.kind).toBe('refused');
    expect(s.workflow.starts, 'no new execution, so no second refund').toEqual([]);
    expect(await s.stores.runs.get(rerunIdFor('run-abc', 1))).toBeNull();
  });

  it('refuses a run still working, a cancelled run, one handed back, and a chain past its limit', () => {
    expect(rerunRefusal(escalated({ status: 'running' }))?.kind).toBe('not_escalated');
    expect(rerunRefusal(escalated({ cancellation: { at: 'x', by: 'api', reason: 'r', state: 'Gate' } }))?.kind).toBe('not_escalated');
    expect(rerunRefusal(escalated({ handBack: { by: lead.id, at: 'x', note: 'mine', noteId: null } }))?.kind).toBe('handed_back');
    const last = { runId: 'run-abc-rN', rootRunId: 'run-abc', attempt: MAX_RERUNS, by: lead.id, at: 'x', orderNumber: null };
    expect(rerunRefusal(escalated({ rerunOf: last }))?.kind).toBe('too_many');
  });
});

describe('a re-run', () => {
  it('starts one new run with a derived id, linked both ways, even when asked twice', async () => {
    const s = setup(escalated());
    await s.ready;
    const first = await s.actions.rerun(lead, 'run-abc', null);
    const again = await s.actions.rerun(lead, 'run-abc', null);
    const id = rerunIdFor('run-abc', 1);
    expect(first).toEqual({ ok: true, notice: 'rerun-started', runId: id });
    expect(again).toEqual({ ok: true, notice: 'rerun-started', runId: id });
    expect(s.workflow.starts.map((x) => x.name)).toEqual([id, id]);
    const [old, fresh] = [await s.stores.runs.get('run-abc'), await s.stores.runs.get(id)];
    expect(old?.rerunAs).toMatchObject({ runId: id, by: lead.id });
    expect(fresh).toMatchObject({ status: 'running', state: 'Queued', ticket: old!.ticket, triage: null, order: null, refund: null });
    expect(fresh?.rerunOf).toMatchObject({ runId: 'run-abc', rootRunId: 'run-abc', attempt: 1, by: lead.id, orderNumber: null });
    const journaled = [...(await s.stores.journal.listByRun('run-abc')), ...(await s.stores.journal.listByRun(id))].filter((r) => r.name === 'rerun');
    expect(journaled.map((r) => [r.actor, r.detail])).toEqual([
      [lead.id, `re-run as ${id} by ${lead.id}`],
      [lead.id, `re-run of run-abc started by ${lead.id}`],
    ]);
  });

  it('numbers a re-run of a re-run from the first run of the chain', async () => {
    const s = setup(escalated());
    await s.ready;
    const first = await s.startRerun({ runId: 'run-abc', by: lead.id });
    expect(first.kind === 'started' && first.rerunId).toBe(rerunIdFor('run-abc', 1));
    await s.stores.runs.update(rerunIdFor('run-abc', 1), { status: 'escalated' });
    const second = await s.startRerun({ runId: rerunIdFor('run-abc', 1), by: lead.id });
    expect(second.kind === 'started' && second.rerunId).toBe(rerunIdFor('run-abc', 2));
    expect(rerunIdFor('run-abc', 2)).not.toBe(rerunIdFor('run-abc', 1));
  });
});

describe("a re-run's ticket in the helpdesk", () => {
  async function rerunThenMessage(intent: 'message' | 'closed') {
    const s = setup(escalated());
    await s.ready;
    await s.startRerun({ runId: 'run-abc', by: lead.id });
    const startRun = createStartRun(
      withRunStarterPorts({ ...s.stores, workflow: s.workflow.engine, requesters: { emailOf: async () => null }, clock: fixedClock() }),
    );
    const run = (await s.stores.runs.get('run-abc'))!;
    const outcome = await startRun({ runId: 'run-abc', event: { ...run.ticket, eventId: 'evt-later', intent, body: 'Any news on the plate?' } });
    return { ...s, outcome, rerun: (await s.stores.runs.get(rerunIdFor('run-abc', 1)))!, first: (await s.stores.runs.get('run-abc'))! };
  }

  it('attaches a later message to the re-run, not to the escalated run it repeats', async () => {
    const { outcome, rerun, first } = await rerunThenMessage('message');
    expect(outcome).toMatchObject({ runId: rerunIdFor('run-abc', 1), followUp: true });
    expect(rerun.followUps?.map((f) => f.excerpt)).toEqual(['Any news on the plate?']);
    expect(first.followUps).toBeUndefined();
  });

  it('cancels the re-run when the ticket is closed in the helpdesk', async () => {
    const { outcome, rerun, first } = await rerunThenMessage('closed');
    expect(outcome).toMatchObject({ runId: rerunIdFor('run-abc', 1), cancelled: true });
    expect(rerun.status).toBe('cancelled');
    expect(first.status).toBe('escalated');
  });
});

describe('picking the order of a two-order ticket', () => {
  it('offers the orders the customer wrote, and none on a ticket that names one order it was bound to', () => {
    expect(orderPickChoices(escalated())).toEqual(['992', '1003']);
    const named = makeRun({ status: 'escalated', triage: makeTriage(), escalation: { reason: 'not a refund request', step: 'Triage' } });
    expect(orderPickChoices(named)).toEqual([]);
  });

  it('refuses an order number the customer did not write, and starts nothing', async () => {
    const s = setup(escalated());
    await s.ready;
    const outcome = await s.actions.rerun(lead, 'run-abc', '1001');
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(s.workflow.starts).toEqual([]);
    const direct = await s.startRerun({ runId: 'run-abc', by: lead.id, orderNumber: '1001' });
    expect(direct).toMatchObject({ kind: 'refused', message: 'Not re-run: order 1001 is not one the customer wrote on the ticket.' });
  });

  it('binds the re-run to the picked order in CheckOrder, which still checks the requester owns it', async () => {
    const s = setup(escalated());
    await s.ready;
    await s.actions.rerun(lead, 'run-abc', '1003');
    const fresh = (await s.stores.runs.get(rerunIdFor('run-abc', 1)))!;
    expect(fresh.orderChoice).toMatchObject({ orderNumber: '1003', by: lead.id });

    const plate = makeOrder({ number: '1003', title: 'Glazed plate', unitPriceMinor: 2400 });
    const steps = setupSteps({ orders: [plate, makeOrder({ number: '992' })] });
    const triage = makeTriage({ orderNumber: null, orderNumbersMentioned: ['992', '1003'] });
    await steps.stores.runs.create({ ...fresh, triage });
    expect(await createCheckOrder(steps.deps)({ runId: fresh.runId })).toEqual({ outcome: 'continue' });
    expect((await steps.stores.runs.get(fresh.runId))?.order).toMatchObject({ orderNumber: '1003', binding: 'picked' });

    const bens = makeOrder({ number: '1003', customer: { id: 'gid://shopify/Customer/2', email: 'ben@example.com' } });
    const other = setupSteps({ orders: [bens] });
    await other.stores.runs.create({ ...fresh, triage });
    expect(await createCheckOrder(other.deps)({ runId: fresh.runId })).toEqual({ outcome: 'escalate', reason: 'order 1003 does not belong to the requester' });
  });

  it('escalates in CheckOrder when a stored pick is not in the customer words', async () => {
    const steps = setupSteps({ orders: [makeOrder({ number: '1001' })] });
    const run = escalated({ runId: 'run-x', status: 'running', state: 'Triage', escalation: null, orderChoice: { orderNumber: '1001', by: lead.id, at: 'x' } });
    await steps.stores.runs.create(run);
    expect(await createCheckOrder(steps.deps)({ runId: 'run-x' })).toEqual({
      outcome: 'escalate',
      reason: 'order 1001 is not one the customer wrote on the ticket',
    });
    expect(steps.transport.calls).toEqual([]);
  });
});

describe('cancel and hand back', () => {
  it('cancels a run awaiting approval as the console, journaled with the person', async () => {
    const s = setup(makeRun({ runId: 'run-c', status: 'awaiting_approval', state: 'RequestApproval' }));
    await s.ready;
    expect(cancelRefusal((await s.stores.runs.get('run-c'))!)).toBeNull();
    expect(await s.actions.cancel(operator, 'run-c', 'customer withdrew')).toEqual({ ok: true, notice: 'cancelled', runId: 'run-c' });
    const run = (await s.stores.runs.get('run-c'))!;
    expect(run.status).toBe('cancelled');
    expect(run.cancellation).toMatchObject({ by: 'console', reason: `cancelled in the console by ${operator.id}: customer withdrew` });
    expect((await s.stores.journal.listByRun('run-c')).find((r) => r.name === 'cancel')?.actor).toBe(operator.id);
    expect(await s.actions.cancel(operator, 'run-c', null)).toMatchObject({ ok: false, status: 409 });
  });

  it('does not offer a cancel once a refund was sent', () => {
    expect(cancelRefusal(makeRun({ status: 'running', refundIntent: { at: 'x', amountMinor: 1, currency: 'USD' } }))).toMatch(/refund was sent/);
    expect(cancelRefusal(makeRun({ status: 'done' }))).toMatch(/done/);
  });

  it('hands an escalated ticket back with the note posted on it through post_draft under Escalate, once', async () => {
    const s = setup(escalated());
    await s.ready;
    expect(await s.actions.handBack(lead, 'run-abc', 'Customer called; I will handle it.')).toEqual({ ok: true, notice: 'handed-back', runId: 'run-abc' });
    expect(s.notes).toHaveLength(1);
    expect(s.notes[0]!.ctx.step).toBe('Escalate');
    expect(s.notes[0]!.args.ticketId).toBe('t-1');
    expect(s.notes[0]!.args.body).toContain('Customer called; I will handle it.');
    const run = (await s.stores.runs.get('run-abc'))!;
    expect(run.handBack).toMatchObject({ by: lead.id, note: 'Customer called; I will handle it.', noteId: 'note-77' });
    expect(handBackRefusal(run)).toMatch(/Already handed back/);
    expect(await s.actions.handBack(lead, 'run-abc', 'again')).toMatchObject({ ok: false, status: 409 });
    expect(s.notes).toHaveLength(1);
  });

  it('gives cancelling to operators, and re-running and handing back to leads', () => {
    expect(ACTION_ROLE).toMatchObject({ cancelRun: 'operator', rerun: 'lead', handBack: 'lead' });
    expect(may(lead, 'rerun') && may(lead, 'handBack')).toBe(true);
    expect(may(lead, 'cancelRun')).toBe(false);
    expect(may(operator, 'rerun')).toBe(false);
  });
});

describe('the action routes', () => {
  const clock = fixedClock();
  const SECRET = 'csrf-secret';
  const token = (who: Operator) => createCsrf({ secret: SECRET, clock }).issue(who.id);
  const viewer: Operator = { id: 'viewer@shop.example', roles: ['viewer'] };

  function post(routeKey: string, runId: string, body: Record<string, string>, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
    const [method, rawPath] = routeKey.split(' ') as [string, string];
    return {
      version: '2.0',
      routeKey,
      rawPath,
      rawQueryString: '',
      headers: { host: 'console.example', 'sec-fetch-site': 'same-origin', ...headers },
      pathParameters: { runId },
      body: new URLSearchParams(body).toString(),
      isBase64Encoded: false,
      requestContext: { http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '', userAgent: '' }, domainName: 'console.example' },
    } as unknown as APIGatewayProxyEventV2;
  }

  async function handlerFor(who: Operator, run: Run) {
    const s = setup(run);
    await s.ready;
    const data = {
      run: async (id: string) => ((await s.stores.runs.get(id)) ? { run: (await s.stores.runs.get(id))!, journal: [] } : null),
    } as unknown as ConsoleData;
    const handler = createConsoleHandler({ tenant: 'demo', environment: 'test', data, clock, identify: () => who, csrfSecret: SECRET, actions: s.actions });
    return { ...s, handler };
  }

  it('re-runs for a lead with the CSRF token, and sends them to the new run', async () => {
    const s = await handlerFor(lead, escalated());
    const res = await s.handler(post('POST /runs/{runId}/rerun', 'run-abc', { csrf: token(lead), back: 'queues' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers?.location).toBe(`/runs/${rerunIdFor('run-abc', 1)}?notice=rerun-started`);
  });

  it('refuses a viewer, a missing token, another site, and an operator re-running: nothing starts', async () => {
    const s = await handlerFor(viewer, escalated());
    expect((await s.handler(post('POST /runs/{runId}/rerun', 'run-abc', { csrf: token(viewer) }))).statusCode).toBe(403);
    const asLead = await handlerFor(lead, escalated());
    expect((await asLead.handler(post('POST /runs/{runId}/rerun', 'run-abc', {}))).statusCode).toBe(403);
    expect((await asLead.handler(post('POST /runs/{runId}/rerun', 'run-abc', { csrf: token(lead) }, { 'sec-fetch-site': 'cross-site' }))).statusCode).toBe(403);
    const asOperator = await handlerFor(operator, escalated());
    expect((await asOperator.handler(post('POST /runs/{runId}/rerun', 'run-abc', { csrf: token(operator) }))).statusCode).toBe(403);
    expect([...s.workflow.starts, ...asLead.workflow.starts, ...asOperator.workflow.starts]).toEqual([]);
  });

  it('cancels only once confirmed: the run page leads to a confirm page, a post without the confirmation changes nothing', async () => {
    const s = await handlerFor(operator, makeRun({ runId: 'run-c', status: 'running', state: 'Gate' }));
    const confirm = await s.handler({ ...post('GET /runs/{runId}/cancel', 'run-c', {}), body: undefined });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Yes, cancel the run');
    expect((await s.stores.runs.get('run-c'))?.status).toBe('running');
    expect((await s.handler(post('POST /runs/{runId}/cancel', 'run-c', { csrf: token(operator) }))).statusCode).toBe(400);
    expect((await s.stores.runs.get('run-c'))?.status).toBe('running');
    const done = await s.handler(post('POST /runs/{runId}/cancel', 'run-c', { csrf: token(operator), confirm: 'yes' }));
    expect(done.headers?.location).toBe('/runs/run-c?notice=cancelled');
    expect((await s.stores.runs.get('run-c'))?.status).toBe('cancelled');
  });

  it('needs a note to hand back, and refuses a re-run of a run that refunded with a page that says why', async () => {
    const s = await handlerFor(lead, escalated({ refund: receipt }));
    expect((await s.handler(post('POST /runs/{runId}/hand-back', 'run-abc', { csrf: token(lead), note: '  ' }))).statusCode).toBe(400);
    const refused = await s.handler(post('POST /runs/{runId}/rerun', 'run-abc', { csrf: token(lead) }));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('refund the same request twice');
    expect(s.workflow.starts).toEqual([]);
  });
});
