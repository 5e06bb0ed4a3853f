// A return in flight, from the console: a lead marks the parcel received, gives it more days or
// cancels the return; each answers the run's wait for the parcel with the signal ProcessReturn acts
// on, journaled with the lead. An operator's cancel of a run waiting for its parcel cancels the return
// (not the run alone, which would leave the return open in the store), and a ticket closed in the
// helpdesk once the customer has the instructions leaves the return running.
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createConsoleHandler } from '#functions/console/app/handler.js';
import { createCsrf } from '#functions/console/app/security.js';
import type { ConsoleData } from '#functions/console/app/use-case.js';
import type { Operator } from '#functions/console/app/identity.js';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import { createRunActions } from '#functions/console/app/actions.js';
import { returnRefusal } from '#functions/console/app/return-actions.js';
import { runActionForms } from '#functions/console/app/views/run-actions.js';
import { returnCaseSection, returnsSection } from '#functions/console/app/views/returns-queue.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { fixedClock, recordingWorkflow } from '../../support/steps.js';
import { returnRun } from './support/return-case.js';

const TOKEN = 'token-of-the-wait';
const waiting = (): Run => ({
  ...returnRun(),
  status: 'awaiting_return',
  state: 'AwaitReturn',
  returnWait: { taskToken: TOKEN, since: '2026-12-01T00:00:00.000Z' },
});
const lead: Operator = { id: 'lead@shop.example', roles: ['lead'] };
const operator: Operator = { id: 'ops@shop.example', roles: ['operator'] };
const viewer: Operator = { id: 'viewer@shop.example', roles: ['viewer'] };
const SECRET = 'csrf-secret';
const clock = fixedClock();
const token = (who: Operator) => createCsrf({ secret: SECRET, clock }).issue(who.id);

async function setup(run: Run, who: Operator, gone = false) {
  const stores = createInMemoryStores({ clock });
  const workflow = recordingWorkflow();
  if (gone) {
    workflow.engine.sendTaskSuccess = async () => {
      throw Object.assign(new Error('task timed out'), { name: 'TaskTimedOut' });
    };
  }
  const cancelRun = createCancelRun({ runs: stores.runs, approvals: stores.approvals, workflow: workflow.engine, clock });
  const actions = createRunActions({
    runs: stores.runs,
    journal: stores.journal,
    cancelRun,
    startRerun: (async () => ({ kind: 'not_found' })) as never,
    harness: { callTool: (async () => ({})) as never },
    clock,
    workflow: workflow.engine,
  });
  await stores.runs.create(run);
  const data = {
    run: async (id: string) => ((await stores.runs.get(id)) ? { run: (await stores.runs.get(id))!, journal: [] } : null),
  } as unknown as ConsoleData;
  const handler = createConsoleHandler({ tenant: 'demo', environment: 'test', data, clock, identify: () => who, csrfSecret: SECRET, actions });
  return { stores, workflow, cancelRun, handler };
}

function post(routeKey: string, runId: string, body: Record<string, string>): APIGatewayProxyEventV2 {
  const [method, rawPath] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { host: 'console.example', 'sec-fetch-site': 'same-origin' },
    pathParameters: { runId },
    body: new URLSearchParams(body).toString(),
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '', userAgent: '' }, domainName: 'console.example' },
  } as unknown as APIGatewayProxyEventV2;
}

describe('a lead acting on a return in flight', () => {
  it.each([
    ['received', { action: 'received', by: lead.id }, 'return-received', 'return_received'],
    ['extend', { action: 'extend', by: lead.id, days: 7 }, 'return-extended', 'return_extend'],
  ] as const)('%s: answers the wait with that signal, journals it with the lead, and says what happens next', async (action, signal, notice, row) => {
    const s = await setup(waiting(), lead);
    const res = await s.handler(post('POST /runs/{runId}/return', 'run-r', { csrf: token(lead), action }));

    expect(res.statusCode).toBe(303);
    expect(res.headers?.location).toBe(`/runs/run-r?notice=${notice}`);
    expect(s.workflow.successes).toEqual([{ taskToken: TOKEN, output: signal }]);
    const journal = await s.stores.journal.listByRun('run-r');
    expect(journal.map((j) => [j.step, j.name, j.actor])).toEqual([['Console', row, lead.id]]);
  });

  it('cancels the return only with its box ticked', async () => {
    const s = await setup(waiting(), lead);
    expect((await s.handler(post('POST /runs/{runId}/return', 'run-r', { csrf: token(lead), action: 'cancel' }))).statusCode).toBe(400);
    expect(s.workflow.successes).toEqual([]);

    const res = await s.handler(post('POST /runs/{runId}/return', 'run-r', { csrf: token(lead), action: 'cancel', confirm: 'yes' }));
    expect(res.headers?.location).toBe('/runs/run-r?notice=return-cancelled');
    expect(s.workflow.successes).toEqual([{ taskToken: TOKEN, output: { action: 'cancel', by: lead.id } }]);
  });

  it('refuses a viewer and an operator, and any run not waiting for a parcel: no signal is sent', async () => {
    for (const who of [viewer, operator]) {
      const s = await setup(waiting(), who);
      expect((await s.handler(post('POST /runs/{runId}/return', 'run-r', { csrf: token(who), action: 'received' }))).statusCode).toBe(403);
      expect(s.workflow.successes).toEqual([]);
    }
    const done = await setup({ ...returnRun({ status: 'refunded' }), status: 'done', state: 'Done' }, lead);
    const res = await done.handler(post('POST /runs/{runId}/return', 'run-r', { csrf: token(lead), action: 'received' }));
    expect(res.statusCode).toBe(409);
    expect(done.workflow.successes).toEqual([]);
  });

  it('says the return was settled meanwhile when the wait has already ended (the parcel came, or its days ran out)', async () => {
    const s = await setup(waiting(), lead, true);
    const res = await s.handler(post('POST /runs/{runId}/return', 'run-r', { csrf: token(lead), action: 'extend' }));
    expect(res.statusCode).toBe(409);
    expect(await s.stores.journal.listByRun('run-r')).toEqual([]);
  });

  it('offers the three forms to a lead on a run waiting for its parcel, and none once the return is settled', () => {
    const view = { canCancel: false, canRerun: false, canHandBack: false, canSettleReturn: true, csrf: 'c' };
    const forms = runActionForms(waiting(), view, 'run');
    expect(forms).toContain('Mark the parcel received');
    expect(forms).toContain('Give the parcel 7 more days');
    expect(forms).toMatch(/name="confirm" value="yes" required> Cancel return #1001-R1 in the store/);
    expect(runActionForms(waiting(), { ...view, canSettleReturn: false }, 'run')).not.toContain('/return');
    const settled = { ...waiting(), returnCase: { ...waiting().returnCase!, status: 'refunded' as const } };
    expect(returnRefusal(settled)).toMatch(/already refunded/);
    expect(runActionForms(settled, view, 'run')).not.toContain('/return');
  });
});

describe('cancelling a run that waits for its parcel', () => {
  it('cancels the return through the wait when an operator cancels the run from the console', async () => {
    const s = await setup(waiting(), operator);
    const res = await s.handler(post('POST /runs/{runId}/cancel', 'run-r', { csrf: token(operator), confirm: 'yes' }));
    expect(res.headers?.location).toBe('/runs/run-r?notice=return-cancelled');
    expect(s.workflow.successes).toEqual([{ taskToken: TOKEN, output: { action: 'cancel', by: operator.id } }]);
  });

  it('leaves the return running when the helpdesk closes the ticket or the API asks: the run is not cancelled', async () => {
    const s = await setup(waiting(), operator);
    for (const by of ['helpdesk', 'api'] as const) {
      expect(await s.cancelRun({ runId: 'run-r', by, reason: 'ticket closed' })).toEqual({ kind: 'return_open', runId: 'run-r', returnName: '#1001-R1' });
    }
    expect((await s.stores.runs.get('run-r'))?.status).toBe('awaiting_return');
    expect(s.workflow.successes).toEqual([]);
  });
});

describe('the returns in flight, as a queue', () => {
  it("lists each waiting return with what comes back, the refund on receipt, since when and its closing day, and the lead's forms", () => {
    const html = returnsSection({ returns: [waiting()], actions: { canCancel: false, canRerun: false, canHandBack: false, canSettleReturn: true, csrf: 'c' } });
    expect(html).toContain('Returns in flight (1)');
    expect(html).toContain('#1001-R1');
    expect(html).toContain('1 × Linen shirt');
    expect(html).toMatch(/\$45\.00/);
    expect(html).toContain('Mark the parcel received');
  });

  it('says what an exchange ships instead, and that nothing is refunded on receipt', () => {
    const run = waiting();
    const exchange = { ...run, returnCase: { ...run.returnCase!, decidedAmountMinor: 0, exchange: [{ variantId: 'v2', title: 'Large / Blue', quantity: 1 }] } };
    const html = returnsSection({ returns: [exchange] });
    expect(html).toContain('ships instead:</span> 1 × Large / Blue');
    expect(html).toContain('nothing (an exchange)');
    expect(html).toContain('a lead acts');
  });

  it('says so when no return waits', () => {
    expect(returnsSection({ returns: [] })).toContain('No return is waiting for its parcel.');
  });
});

describe("a run page's return", () => {
  it('says where the return stands and lists its timeline across the days', () => {
    const run = waiting();
    const later = {
      ...run,
      returnCase: {
        ...run.returnCase!,
        events: [...run.returnCase!.events, { at: '2026-12-04T10:00:00.000Z', what: 'the parcel given 7 more days (until 2027-01-12)', by: lead.id }],
      },
    };
    const html = returnCaseSection(later);
    expect(html).toContain('Return #1001-R1: waiting for the parcel');
    expect(html).toContain('opened');
    expect(html).toContain('the parcel given 7 more days');
    expect(html).toContain(lead.id);
    expect(returnCaseSection({ ...run, returnCase: undefined })).toBe('');
  });
});
