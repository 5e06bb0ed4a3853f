// A run cancelled while its ticket is with the team (cancelled in the console or through the API, no
// reply draft left) still waits for a person to answer the customer: the queues list it under "With
// the team" until someone handles it. A ticket solved or closed in the helpdesk is answered, and a run
// that left a reply draft, was handed back or re-run, is no work left: none of them is listed.
import { describe, expect, it } from 'vitest';
import { createRunActions, handBackRefusal, waitsForTheTeam } from '#functions/console/app/actions.js';
import { queuesContent, type QueuesView } from '#functions/console/app/views/queues.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run, RunCancellation } from '#functions/shared/domain/run.js';
import { fixedClock, makeRun } from '../../support/fixtures.js';
import { consoleDataOver } from '../../support/console-data.js';

const AT = '2026-09-23T11:00:00.000Z';
const LEAD = 'lead@shop.example';

const cancelled = (runId: string, by: RunCancellation['by'], extra: Partial<Run> = {}): Run =>
  makeRun({
    runId,
    status: 'cancelled',
    state: 'Cancelled',
    ticket: { ...makeRun().ticket, ticketId: `t-${runId}`, requesterName: 'Ana Souza' },
    cancellation: { at: AT, by, reason: by === 'console' ? `cancelled in the console by ${LEAD}: wrong customer` : 'ticket closed', state: 'RequestApproval' },
    ...extra,
  });

const DRAFT = { body: 'Hello Ana', language: 'en', check: { passed: true, problems: [] }, noteId: 'n-1' };

async function queuesOf(runs: Run[]) {
  const { data } = await consoleDataOver(runs);
  return data.queues();
}

const view = (queues: Awaited<ReturnType<typeof queuesOf>>): QueuesView => ({
  ...queues,
  canDecide: true,
  canSettle: true,
  canRetry: true,
  csrf: 'token',
  now: new Date(AT),
});

describe('cancelled runs whose ticket is with the team', () => {
  it('lists a run cancelled in the console or through the API with no reply draft', async () => {
    const queues = await queuesOf([cancelled('run-console', 'console'), cancelled('run-api', 'api')]);
    expect(queues.withTheTeam.map((r) => r.runId).sort()).toEqual(['run-api', 'run-console']);
  });

  it('leaves out a ticket solved or closed in the helpdesk, a run that left a reply draft, and one handed back or re-run', async () => {
    const queues = await queuesOf([
      cancelled('run-waiting', 'console'),
      cancelled('run-closed-in-helpdesk', 'helpdesk'),
      cancelled('run-drafted', 'console', { draft: DRAFT }),
      cancelled('run-handed-back', 'console', { handBack: { by: LEAD, at: AT, note: 'I answer this one', noteId: null } }),
      cancelled('run-rerun', 'api', { rerunAs: { runId: 'run-rerun-r1', by: LEAD, at: AT } }),
    ]);
    expect(queues.withTheTeam.map((r) => r.runId)).toEqual(['run-waiting']);
  });

  it('keeps the other queues as they were: a cancelled run is no escalation, and a handled escalation still leaves', async () => {
    const escalated = (runId: string, extra: Partial<Run> = {}) =>
      makeRun({ runId, status: 'escalated', state: 'Escalate', escalation: { reason: 'a person decides', step: 'Gate' }, ...extra });
    const queues = await queuesOf([
      cancelled('run-cancelled', 'console'),
      escalated('run-open'),
      escalated('run-handed', { handBack: { by: LEAD, at: AT, note: 'mine', noteId: null } }),
    ]);
    expect(queues.escalations.map((r) => r.runId)).toEqual(['run-open']);
    expect(queues.withTheTeam.map((r) => r.runId)).toEqual(['run-cancelled']);
  });

  it('draws the section with the run, its customer, the ticket, why it stopped and where, in words', async () => {
    const html = queuesContent(view(await queuesOf([cancelled('run-console', 'console')])));
    const section = html.slice(html.indexOf('<section aria-labelledby="q-team">'));
    expect(section).toContain('With the team (1)');
    expect(section).toContain('href="/runs/run-console"');
    expect(section).toContain('Ana Souza');
    expect(section).toContain('t-run-console');
    expect(section).toContain(`Cancelled in the console by ${LEAD}: wrong customer`);
    expect(section).toContain('Request approval');
    expect(section).not.toContain('RequestApproval');
    expect(html).toContain('<a href="#q-team">With the team</a>');
  });

  it('says so when no cancelled run leaves a customer waiting', async () => {
    const html = queuesContent(view(await queuesOf([cancelled('run-closed-in-helpdesk', 'helpdesk')])));
    expect(html).toContain('With the team (0)');
    expect(html).toContain('No cancelled run leaves a customer waiting.');
  });
});

describe('handing a cancelled run’s ticket to the team', () => {
  it('is offered on a run waiting for the team, and nowhere a ticket was answered', () => {
    expect(handBackRefusal(cancelled('run-waiting', 'console'))).toBeNull();
    expect(handBackRefusal(cancelled('run-closed', 'helpdesk'))).toMatch(/Only an escalated run/);
    expect(handBackRefusal(cancelled('run-drafted', 'console', { draft: DRAFT }))).toMatch(/Only an escalated run/);
  });

  it('draws the hand-back form in the section for a lead', async () => {
    const queues = await queuesOf([cancelled('run-console', 'console')]);
    const html = queuesContent({ ...view(queues), actions: { canCancel: true, canRerun: true, canHandBack: true, csrf: 'token' } });
    const section = html.slice(html.indexOf('<section aria-labelledby="q-team">'));
    expect(section).toContain('action="/runs/run-console/hand-back"');
    expect(section).not.toContain('/rerun');
  });

  it('posts the note on the ticket and takes the run out of the queue', async () => {
    const stores = createInMemoryStores({ clock: fixedClock() });
    await stores.runs.create(cancelled('run-console', 'console'));
    const notes: string[] = [];
    const actions = createRunActions({
      runs: stores.runs,
      journal: stores.journal,
      cancelRun: (async () => ({ kind: 'not_found' })) as never,
      startRerun: (async () => ({ kind: 'not_found' })) as never,
      harness: {
        callTool: (async (_ctx: unknown, _name: string, args: { body: string }) => {
          notes.push(args.body);
          return { ticketId: 't-run-console', noteId: 'note-9', public: false };
        }) as never,
      },
      clock: fixedClock(),
      workflow: {} as never,
    });
    expect(await actions.handBack({ id: LEAD, roles: ['lead'] }, 'run-console', 'answered by phone')).toEqual({
      ok: true,
      notice: 'handed-back',
      runId: 'run-console',
    });
    expect(notes[0]).toContain('Note: answered by phone');
    const run = (await stores.runs.get('run-console'))!;
    expect(run).toMatchObject({ status: 'cancelled', handBack: { by: LEAD, noteId: 'note-9' } });
    expect(waitsForTheTeam(run)).toBe(false);
  });
});

describe('a ticket solved in the helpdesk since its run ended', () => {
  it('takes the run out of "With the team" and out of the escalations', async () => {
    const solvedSince = { ticketClosedAt: AT };
    const escalated = makeRun({
      runId: 'run-esc',
      status: 'escalated',
      state: 'Escalate',
      escalation: { reason: 'a person decides', step: 'Gate' },
      ...solvedSince,
    });
    const { data } = await consoleDataOver([cancelled('run-answered', 'console', solvedSince), cancelled('run-waiting', 'console'), escalated]);
    const queues = await data.queues();
    expect(queues.withTheTeam.map((r) => r.runId)).toEqual(['run-waiting']);
    expect(queues.escalations).toEqual([]);
  });
});
