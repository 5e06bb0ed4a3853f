// A ticket that carried the holding note ("Waiting for a lead's approval; a reply draft follows") is
// told when the wait ends without that draft: a cancel posts a note that supersedes it, saying who
// cancelled, when (in the store's time zone) and that nothing was refunded; an expired or rejected
// approval's team note opens the same way. A ticket that never got the holding note gets no such note.
import { describe, expect, it } from 'vitest';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import { createEscalate } from '#functions/steps/escalate/use-case.js';
import { cancelledNote, SUPERSEDES, waitEndedLines } from '#functions/shared/approvals/ended-note.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import { NOW, pendingApproval, proposedRun, recordingWorkflow, setupSteps } from '../../support/steps.js';

const berlin = createFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin', now: NOW });
/** 12:00 UTC as the store in Berlin reads it (14:00 CEST). */
const NOON_UTC = berlin.dateTime('2026-09-23T12:00:00.000Z');
expect(NOON_UTC).toContain('14:00');

describe('the note that ends the holding note', () => {
  it('says who cancelled, when in the store’s zone (14:00 CEST for 12:00 UTC), that nothing was refunded and the approval is withdrawn', () => {
    const body = cancelledNote({
      run: { runId: 'run-1' },
      cancellation: { at: '2026-09-23T12:00:00.000Z', by: 'console', reason: 'cancelled in the console by ops@example.com: customer withdrew' },
      approval: { status: 'cancelled' },
      fmt: berlin,
    });
    expect(body.split('\n')[0]).toBe(SUPERSEDES);
    expect(body).toContain(`Cancelled by ops@example.com at ${NOON_UTC}: nothing was refunded; the approval request is withdrawn.`);
    expect(body).not.toMatch(/Waiting for a lead's approval;|Error\b/);
    expect(body).toContain('Reason given: customer withdrew');
  });

  it('says no reason was given when the console cancel named none, never the cancel itself as the reason', () => {
    const body = cancelledNote({
      run: { runId: 'run-1' },
      cancellation: { at: '2026-09-23T12:00:00.000Z', by: 'console', reason: 'cancelled in the console by ops@example.com' },
      approval: { status: 'cancelled' },
      fmt: berlin,
    });
    expect(body).toContain('No reason was given.');
    expect(body).not.toContain('Reason given: cancelled in the console');
  });

  it('names where a cancel came from when no person is named', () => {
    const body = cancelledNote({
      run: { runId: 'run-1' },
      cancellation: { at: '2026-09-23T12:00:00.000Z', by: 'helpdesk', reason: 'ticket closed in zendesk (ticket.solved)' },
      approval: { status: 'approved' },
      fmt: berlin,
    });
    expect(body).toContain(
      `Cancelled by the helpdesk (the ticket was solved or closed) at ${NOON_UTC}: nothing was refunded; the approved refund will not be made.`,
    );
  });

  it('opens an expired or rejected approval’s team note by ending the wait', () => {
    const approval = {
      approvalId: 'apr-1',
      argsHash: 'h',
      amountMinor: 6200,
      currency: 'USD',
      requestedAt: '2026-09-22T12:00:00.000Z',
      expiresAt: '2026-09-23T12:00:00.000Z',
    };
    const expired = waitEndedLines({
      approval: { ...approval, status: 'expired', decidedBy: null, decidedAt: null, reason: null },
      refunded: false,
      at: NOW.toISOString(),
      fmt: berlin,
    });
    expect(expired).toEqual([SUPERSEDES, `The approval request expired at ${NOON_UTC} without a decision: nothing was refunded.`]);
    const rejected = waitEndedLines({
      approval: { ...approval, status: 'rejected', decidedBy: 'lead@example.com', decidedAt: '2026-09-23T08:30:00.000Z', reason: 'photo shows no damage' },
      refunded: false,
      at: NOW.toISOString(),
      fmt: berlin,
    });
    expect(rejected[1]).toBe(`Rejected by lead@example.com at ${berlin.dateTime('2026-09-23T08:30:00.000Z')} ("photo shows no damage"): nothing was refunded.`);
  });

  it('says a lead closed it with nothing left to refund, never that it was withdrawn; a withdrawn one stays withdrawn', () => {
    const approval = {
      approvalId: 'apr-2',
      argsHash: 'h',
      amountMinor: 6200,
      currency: 'USD',
      requestedAt: '2026-09-22T12:00:00.000Z',
      expiresAt: '2026-09-23T12:00:00.000Z',
      decidedAt: '2026-09-23T08:30:00.000Z',
    };
    const why = 'Not refunded: order #1002 has nothing left to refund — refund of $62.00 made on 23 Sep 2026 by run run-a.';
    const closed = waitEndedLines({
      approval: { ...approval, status: 'cancelled', decidedBy: 'lead@example.com', reason: why },
      refunded: false,
      at: NOW.toISOString(),
      fmt: berlin,
    });
    expect(closed[1]).toBe(
      `Closed by lead@example.com at ${berlin.dateTime('2026-09-23T08:30:00.000Z')}, nothing left to refund ("${why}"): nothing was refunded.`,
    );
    expect(closed.join('\n')).not.toContain('withdrawn');
    const withdrawn = waitEndedLines({
      approval: { ...approval, status: 'cancelled', decidedBy: null, reason: null },
      refunded: false,
      at: NOW.toISOString(),
      fmt: berlin,
    });
    expect(withdrawn[1]).toContain('was withdrawn');
  });
});

describe('ending a run posts the note through the harness', () => {
  async function waiting(holdingNote: boolean) {
    const s = setupSteps();
    const run = proposedRun({ runId: 'run-n1' });
    await s.stores.runs.create(run);
    const record = { ...pendingApproval(run), ...(holdingNote ? { holdingNoteAt: NOW.toISOString() } : {}) };
    await s.stores.approvals.create(record);
    const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, holdingNoteAt: _h, ...summary } = record;
    await s.stores.runs.update(run.runId, { approval: summary, status: 'awaiting_approval', state: 'RequestApproval' });
    const notes = () => s.transport.calls.filter((c) => c.name === 'post_draft').map((c) => String(c.args.body));
    return { s, run, notes };
  }

  it('a cancel supersedes the holding note on the ticket', async () => {
    const { s, run, notes } = await waiting(true);
    const engine = { ...recordingWorkflow().engine, stop: async () => ({ stopped: true }) };
    const cancel = createCancelRun({ ...s.deps, workflow: engine });

    const outcome = await cancel({ runId: run.runId, by: 'console', reason: 'cancelled in the console by ops@example.com' });

    expect(outcome).toMatchObject({ kind: 'cancelled', noteId: expect.any(String) });
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toContain('Cancelled by ops@example.com at');
    expect(notes()[0]).toContain('nothing was refunded; the approval request is withdrawn.');
  });

  it('a cancel leaves no note on a ticket that never got the holding note', async () => {
    const { s, run, notes } = await waiting(false);
    const cancel = createCancelRun({ ...s.deps, workflow: { ...recordingWorkflow().engine, stop: async () => ({ stopped: true }) } });
    await cancel({ runId: run.runId, by: 'api', reason: 'customer withdrew' });
    expect(notes()).toEqual([]);
  });

  it('an expired approval’s team note ends the wait first', async () => {
    const { s, run, notes } = await waiting(true);
    await createEscalate(s.deps)({ runId: run.runId, state: { error: { Error: 'States.Timeout' } } });
    expect(notes()).toHaveLength(1);
    expect(notes()[0]!.split('\n').slice(0, 2)).toEqual([
      SUPERSEDES,
      expect.stringMatching(/^The approval request expired at .+ without a decision: nothing was refunded\.$/),
    ]);
  });
});
