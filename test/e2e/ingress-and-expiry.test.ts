// The front door and the approval clock through the local runtime: one run per ticket event,
// nothing enqueued on a bad signature, and an approval that expires hands the ticket to a person.
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import type { Timer } from '#local/stepfunctions/index.js';
import { approvalLinks, decide, formTokenOf, postWebhook, settled, startRuntime, storeRefunds, ticketCreated, waitForRun } from '../support/local-runtime.js';

let rt: LocalRuntime | null = null;
afterEach(async () => {
  await rt?.close();
  rt = null;
});

describe('the webhook', () => {
  it('delivered twice gives one run, one execution and one refund', async () => {
    rt = await startRuntime();
    const body = ticketCreated({
      ticketId: '5001',
      requesterId: '9001',
      text: 'The mug in order 1001 arrived cracked, refund please.',
      eventId: 'dup-event-1',
    });
    const first = await postWebhook(rt, body);
    const second = await postWebhook(rt, body);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.json.runId).toBe(first.json.runId);

    const run = await waitForRun(rt, first.json.runId as string, settled);
    expect(run.status).toBe('done');
    // A third delivery after the run finished (a helpdesk retrying hours later) starts nothing.
    expect((await postWebhook(rt, body)).json.runId).toBe(first.json.runId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rt.engine.list().map((e) => e.name)).toEqual([first.json.runId]);
    expect((await (await fetch(rt.urls.runs)).json()).runs).toHaveLength(1);
    expect(await storeRefunds(rt, '1001')).toHaveLength(1);
  });

  it('answers 401 to a bad signature and starts nothing', async () => {
    rt = await startRuntime();
    const body = ticketCreated({ ticketId: '5001', requesterId: '9001', text: 'The mug in order 1001 arrived cracked.' });
    const res = await postWebhook(rt, body, 'not-the-secret');
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rt.engine.list()).toHaveLength(0);
    expect((await (await fetch(rt.urls.runs)).json()).runs).toHaveLength(0);
  });

  it('answers 400 to a signed body that is not a ticket event', async () => {
    rt = await startRuntime();
    const res = await postWebhook(rt, JSON.stringify({ hello: 'world' }));
    expect(res.status).toBe(400);
  });
});

describe('an approval nobody decides', () => {
  it('expires after its timeout, escalates, and a late approve changes nothing', async () => {
    const pending: Array<{ fire: () => void; ms: number }> = [];
    const timer: Timer = {
      set(callback, ms) {
        const entry = { fire: callback, ms };
        pending.push(entry);
        return () => pending.splice(pending.indexOf(entry), 1);
      },
    };
    rt = await startRuntime({ timer });
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5002', requesterId: '9002', text: 'Order 1002 blanket arrived damaged; refund please.' }),
    );
    const runId = json.runId as string;
    await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');
    expect(pending.map((p) => p.ms)).toEqual([24 * 3600 * 1000]);

    pending[0]!.fire();
    const run = await waitForRun(rt, runId, settled);
    expect(run.status).toBe('escalated');
    expect(run.escalation.reason).toMatch(/expired/);
    expect(run.approval.status).toBe('expired');

    const [link] = await approvalLinks(rt);
    const page = await (await fetch(link!)).text();
    expect(page).toContain('Already decided');
    expect(page).not.toContain('name="formToken"');
    const late = await decide(link!, 'approve', await formTokenOf(link!).catch(() => 'gone'));
    expect(late.status).toBe(409);
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);
  });
});
