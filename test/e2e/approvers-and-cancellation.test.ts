// Per-approver approval links and cancellation mid-run, through the local runtime over real HTTP:
// each approver's email carries a link that decides only as them; a bare or tampered link shows no
// form; cancelling a run that waits for approval (API or the ticket solved in the helpdesk) closes
// the approval, refunds nothing and leaves the run cancelled.
import { afterEach, describe, expect, it } from 'vitest';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import type { LocalRuntime } from '#local/runtime.js';
import {
  APPROVER,
  SECOND_APPROVER,
  SECRET,
  capturedEmails,
  decide,
  formTokenOf,
  getRun,
  linksIn,
  postWebhook,
  settled,
  startRuntime,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForEmails,
  waitForRun,
} from '../support/local-runtime.js';

let rt: LocalRuntime | null = null;
afterEach(async () => {
  await rt?.close();
  rt = null;
});

async function waitingForApproval(runtime: LocalRuntime, ticketId: string) {
  const { json } = await postWebhook(
    runtime,
    ticketCreated({ ticketId, requesterId: '9002', text: 'The wool throw blanket from order #1002 arrived damaged. Refund please.' }),
  );
  const runId = json.runId as string;
  await waitForRun(runtime, runId, (r) => r.status === 'awaiting_approval' || settled(r));
  return runId;
}

describe('per-approver approval links', () => {
  it('sends each approver their own link; a forwarded link decides as the approver it was sent to', async () => {
    rt = await startRuntime({ approverEmails: [APPROVER, SECOND_APPROVER] });
    const runId = await waitingForApproval(rt, '5002');

    const emails = await waitForEmails(rt, 2);
    expect(emails.map((e) => e.destination.to)).toEqual([[APPROVER], [SECOND_APPROVER]]);
    const [leadLink] = linksIn(emails[0]!);
    const [ownerLink] = linksIn(emails[1]!);
    expect(leadLink).not.toBe(ownerLink);
    expect(new URL(leadLink!).pathname).toBe(new URL(ownerLink!).pathname);
    for (const email of emails) expect(email.body.text).not.toContain(rt.engine.taskTokens()[0]!.token);

    // The owner's page names the owner, and only the owner.
    const ownerPage = await (await fetch(ownerLink!)).text();
    expect(ownerPage).toContain(`Deciding as <strong>${SECOND_APPROVER}</strong>`);
    expect(ownerPage).not.toContain(APPROVER);
    // A link without its token, or with a tampered one, shows no form.
    const bare = await fetch(new URL(new URL(leadLink!).pathname, rt.baseUrl));
    expect(bare.status).toBe(403);
    expect(await bare.text()).not.toContain('name="formToken"');
    const tampered = leadLink!.replace(/as=([^&]+)/, (_m, t: string) => `as=${t.slice(0, -3)}xyz`);
    expect((await fetch(tampered)).status).toBe(403);

    // The lead forwards their email; whoever posts its form decides as the lead.
    const approved = await decide(leadLink!, 'approve', await formTokenOf(leadLink!));
    expect(approved.status).toBe(200);
    const done = await waitForRun(rt, runId, settled);
    expect(done.escalation ?? null).toBeNull();
    expect(done.status).toBe('done');
    expect(done.approval).toMatchObject({ status: 'approved', decidedBy: APPROVER });
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);

    // The owner's link now reads "Already decided", naming who decided.
    const late = await decide(ownerLink!, 'reject', await formTokenOf(leadLink!).catch(() => 'gone'));
    expect(late.status).toBe(409);
    expect(late.html).toContain(`by ${APPROVER}`);
  });
});

describe('cancelling a run mid-way', () => {
  it('through the API while it waits for approval: approval closed, no refund, run cancelled', async () => {
    rt = await startRuntime();
    const runId = await waitingForApproval(rt, '5002');
    const [link] = linksIn((await capturedEmails(rt))[0]!);
    const formToken = await formTokenOf(link!);

    const res = await fetch(`${rt.urls.runs}/${runId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'customer withdrew the claim' }),
    });
    expect(res.status).toBe(202);

    const run = await waitForRun(rt, runId, (r) => r.state === 'Cancelled');
    expect(run.status).toBe('cancelled');
    expect(run.cancellation).toMatchObject({ by: 'api', reason: 'customer withdrew the claim', state: 'RequestApproval' });
    expect(run.approval.status).toBe('cancelled');
    expect(run.refund).toBeNull();
    // Stopped, as StopExecution does in AWS: no Escalate (the cancel itself tells the ticket).
    expect((await rt.engine.waitFor(runId)).status).toBe('ABORTED');
    expect(rt.engine.taskTokens()).toHaveLength(0);

    // The link is dead, a late approve changes nothing, no refund; the waiting note is followed by one that says the run was cancelled.
    expect(await (await fetch(link!)).text()).toContain('cancelled');
    expect((await decide(link!, 'approve', formToken)).status).toBe(409);
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);
    const notes = await ticketNotes(rt, '5002');
    expect(notes).toHaveLength(2);
    expect(notes[0]!.body).toContain('Waiting for a lead');
    expect(notes[1]!.body).toMatch(/replaces the earlier one/);
    expect(notes[1]!.body).toMatch(/nothing was refunded/);
    expect(notes.every((n) => !n.public)).toBe(true);
    expect((await fetch(`${rt.urls.runs}/${runId}/cancel`, { method: 'POST' })).status).toBe(409);
    expect((await getRun(rt, runId))!.status).toBe('cancelled');
  });

  it('when the helpdesk reports the ticket solved', async () => {
    rt = await startRuntime();
    const runId = await waitingForApproval(rt, '5002');
    const solved = JSON.stringify({
      id: 'e2e-solved-5002',
      type: 'zen:event-type:ticket.status_changed',
      time: new Date().toISOString(),
      detail: { id: '5002', requester_id: '9002', status: 'SOLVED' },
      event: { current: 'SOLVED', previous: 'OPEN' },
    });
    const res = await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, solved, new Date()), body: solved });
    expect(res.status).toBe(202);

    const run = await waitForRun(rt, runId, (r) => r.state === 'Cancelled');
    expect(run).toMatchObject({ status: 'cancelled', cancellation: { by: 'helpdesk' }, approval: { status: 'cancelled' }, refund: null });
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);
    // The ticket no longer says it waits: the last note says the run ended and nothing was refunded.
    const notes = await ticketNotes(rt, '5002');
    expect(notes[0]!.body).toContain('Waiting for a lead');
    expect(notes.at(-1)!.body).toMatch(/replaces the earlier one/);
    expect(notes.at(-1)!.body).toMatch(/nothing was refunded/);
  });

  it('serves GET /api/dead-letters (empty when nothing failed)', async () => {
    rt = await startRuntime();
    const res = await fetch(rt.urls.deadLetters);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deadLetters: [] });
  });
});
