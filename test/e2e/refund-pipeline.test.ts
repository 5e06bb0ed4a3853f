// The whole pipeline through the local runtime, as a new user would drive it: a signed Zendesk
// webhook in; a refund in the sandbox store and a draft on the helpdesk ticket out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import {
  approvalLinks,
  capturedEmails,
  decide,
  formTokenOf,
  getRun,
  postWebhook,
  settled,
  startRuntime,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
} from '../support/local-runtime.js';

/** The states the run's execution entered, once it finished: its own (Standard, billed per state) and its Express executions' steps. */
async function enteredStates(runId: string): Promise<{ standard: string[]; express: string[] }> {
  await rt.engine.waitFor(runId);
  const entered = rt.engine.describe(runId)!.history.filter((t) => t.type === 'entered');
  return { standard: entered.filter((t) => !t.nestedIn).map((t) => t.state), express: entered.filter((t) => t.nestedIn).map((t) => t.state) };
}

let rt: LocalRuntime;
beforeEach(async () => {
  rt = await startRuntime();
});
afterEach(async () => {
  await rt.close();
});

describe('a damaged $18 item, fulfilled days ago', () => {
  it('is refunded automatically and leaves one internal draft naming the order and amount', async () => {
    const { status, json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5001', requesterId: '9001', text: 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?' }),
    );
    expect(status).toBe(202);
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 1800, currency: 'USD' });
    expect(run.refund).toMatchObject({ amountMinor: 1800, currency: 'USD', orderNumber: '1001' });
    const refunds = await storeRefunds(rt, '1001');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ currency: 'USD' });
    expect(Number(refunds[0]!.amount)).toBe(18);

    const notes = await ticketNotes(rt, '5001');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.public).toBe(false);
    expect(notes[0]!.body).toContain('1001');
    expect(notes[0]!.body).toContain('$18.00');

    const kinds = run.journal.map((row) => `${row.step}:${row.kind}:${row.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['Triage:model:triage', 'CheckOrder:tool:get_order', 'Refund:tool:refund_create', 'CheckReply:tool:post_draft']),
    );
    expect(run.journal.filter((row) => row.kind === 'model').every((row) => row.provider === 'offline')).toBe(true);
    expect(JSON.stringify(run.journal)).not.toContain('shpat_local_sandbox');

    // The product metrics the alarms divide: one refund, one closed ticket with its cost, tool calls without errors.
    const metrics = rt.metrics();
    expect(metrics.RefundsIssued).toEqual([1]);
    expect(metrics.TicketsClosed).toEqual([1]);
    expect(metrics.RunCostMicros).toEqual([run.costMicros]);
    expect(metrics.ToolCalls!.length).toBe(run.journal.filter((row) => row.kind === 'tool' && row.outcome !== 'refused').length);
    expect(metrics.ToolErrors).toBeUndefined();

    // Issue 24: three Standard transitions on the automatic path; the steps run in one Express execution
    // (CheckOrder and the Gate in the ProposeRefund Task), and CheckReply closes the run itself.
    const states = await enteredStates(run.runId);
    expect(states.express).toEqual(['Segment', 'Triage', 'ProposeRefund', 'GateDecision', 'Refund', 'DraftReply', 'CheckReply', 'AfterReply', 'Replied']);
    expect(states.standard).toEqual(['Work', 'NeedsApproval', 'Finished']);
    expect(run.journal.some((row) => row.step === 'Gate')).toBe(true);
    expect(run.state).toBe('Done');
  });
});

describe('a $62 item needs a support lead', () => {
  it('waits at RequestApproval, ignores a GET on the link, and refunds 6200 after a POST approve', async () => {
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5002', requesterId: '9002', text: 'The wool throw blanket from order #1002 arrived damaged with a hole. Refund please.' }),
    );
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.state).toBe('RequestApproval');
    expect(waiting.gate.rules.length).toBeGreaterThan(0);

    const [link] = await approvalLinks(rt);
    expect(link).toBeDefined();
    // A mail scanner prefetching the link twice changes nothing.
    const page = await (await fetch(link!)).text();
    await fetch(link!);
    expect(page).toContain('$62.00');
    // The email and the page link the run in the console that serves it (locally, npm start's own).
    const consoleRun = `${rt.baseUrl}/runs/${encodeURIComponent(runId)}`;
    expect(page).toContain(consoleRun);
    expect((await capturedEmails(rt)).some((mail) => JSON.stringify(mail).includes(consoleRun))).toBe(true);
    expect(page).not.toContain(rt.engine.taskTokens()[0]?.token ?? 'no-token');
    await new Promise((r) => setTimeout(r, 200));
    expect((await getRun(rt, runId))!.status).toBe('awaiting_approval');
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);

    const formToken = await formTokenOf(link!);
    const approved = await decide(link!, 'approve', formToken);
    expect(approved.status).toBe(200);
    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    expect(done.approval).toMatchObject({ status: 'approved', decidedBy: 'lead@demo-store.example', amountMinor: 6200 });
    expect(done.refund).toMatchObject({ amountMinor: 6200 });
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);

    // A second POST (double click, replayed form) is answered with a page and refunds nothing more.
    const again = await decide(link!, 'approve', formToken);
    expect(again.status).toBe(409);
    expect(again.html).toContain('Already decided');
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);
  });

  it('ends in Escalate with no refund when the lead rejects', async () => {
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5002', requesterId: '9002', text: 'Order 1002: the blanket arrived damaged, I want a refund.' }),
    );
    const runId = json.runId as string;
    await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');
    const [link] = await approvalLinks(rt);
    const rejected = await decide(link!, 'reject', await formTokenOf(link!), 'photo shows no damage');
    expect(rejected.status).toBe(200);

    const run = await waitForRun(rt, runId, settled);
    expect(run.status).toBe('escalated');
    expect(run.escalation.reason).toContain('photo shows no damage');
    expect(run.approval.status).toBe('rejected');
    // The approval override rate's two series.
    expect(rt.metrics().ApprovalsDecided).toEqual([1]);
    expect(rt.metrics().ApprovalsOverridden).toEqual([1]);
    expect(run.refund).toBeNull();
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);
    const notes = await ticketNotes(rt, '5002');
    expect(notes.at(-1)!.body).toContain('No refund was made');
  });
});

describe('a ticket with no refund intent', () => {
  it('ends in Escalate with a reason and no refund', async () => {
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5004', requesterId: '9004', text: 'Hi, can I change the delivery address for order 1004 to 12 Elm Street?' }),
    );
    const run = await waitForRun(rt, json.runId as string, settled);
    expect(run.status).toBe('escalated');
    expect(run.escalation.reason).toMatch(/not a refund request/);
    expect(run.refund).toBeNull();
    expect(await storeRefunds(rt, '1004')).toHaveLength(0);
    // The team gets the reason and a holding reply that promises no money.
    const [note] = await ticketNotes(rt, '5004');
    expect(note!.public).toBe(false);
    expect(note!.body).toContain('No refund was made.');
    expect(note!.body).toContain('Suggested holding reply');
    expect(note!.body.split('Suggested holding reply')[1]).not.toMatch(/\$|\d+[.,]\d{2}/);
    // Triage asked; the steps after it passed that on without a model or tool call of their own.
    expect(run.escalation.step).toBe('Triage');
    expect([...new Set(run.journal.map((row) => row.step))]).toEqual(['Triage', 'Escalate']);
    expect((await enteredStates(run.runId)).express).toEqual(['Segment', 'Triage', 'ProposeRefund', 'GateDecision', 'Escalate']);
  });
});

describe("an order that is not the requester's", () => {
  it('is refused by policy and refunds nothing', async () => {
    // Ana (9001) asks about Ben's order 1002.
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5101', requesterId: '9001', text: 'My order 1002 arrived broken, refund please.' }));
    const run = await waitForRun(rt, json.runId as string, settled);
    expect(run.status).toBe('escalated');
    expect(run.escalation.reason).toMatch(/does not belong to the requester/);
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);
    // CheckOrder asked: the order agent was never asked and the Gate decided nothing.
    expect(run.escalation.step).toBe('CheckOrder');
    expect(run.journal.filter((row) => row.step === 'ProposeRefund' || row.step === 'Gate')).toEqual([]);
    expect(run.gate).toBeNull();
  });
});
