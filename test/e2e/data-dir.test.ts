// State that survives a restart (DATA_DIR), through the local runtime in this process: what one
// start did (runs, refunds, notes, mail) is there after the next; a run waiting for approval when the
// runtime stopped waits again after it, without a second approval or email, and the lead's link from
// the saved email still decides it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import {
  APPROVER,
  SECRET,
  capturedEmails,
  decide,
  formTokenOf,
  linksIn,
  postWebhook,
  settled,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
} from '../support/local-runtime.js';

let rt: LocalRuntime | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await rt?.close();
  rt = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startOn(dataDir: string): Promise<LocalRuntime> {
  return startLocalRuntime({ port: 0, fixture: demoFixture(), tenant: 'demo', approverEmails: [APPROVER], zendeskSecret: SECRET, retryIntervalMs: 0, dataDir });
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'refund-agent-data-'));
  dirs.push(dir);
  return dir;
}

/** The same approval page on the restarted gateway (its port changed: PORT=0). */
const onGateway = (link: string, runtime: LocalRuntime) => `${runtime.baseUrl}${new URL(link).pathname}${new URL(link).search}`;

describe('DATA_DIR', () => {
  it('keeps runs, refunds, notes and mail across a restart, and resumes nothing that had ended', async () => {
    const dir = tempDir();
    rt = await startOn(dir);
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5001', requesterId: '9001', text: 'The mug in order 1001 arrived cracked. Refund please.' }),
    );
    const runId = json.runId as string;
    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    const notes = await ticketNotes(rt, '5001');
    await rt.close();

    rt = await startOn(dir);

    expect(rt.resumed).toEqual([]);
    const again = await waitForRun(rt, runId, settled);
    expect(again).toMatchObject({ status: 'done', refund: done.refund });
    expect(await storeRefunds(rt, '1001')).toEqual([expect.objectContaining({ id: done.refund.refundId, amount: '18.00' })]);
    expect(await ticketNotes(rt, '5001')).toEqual(notes);
    expect(rt.store.store.idempotencyKeys.size).toBe(1);
  });

  it('resumes a run that waited for approval: no second approval or email, and the saved link still decides it', async () => {
    const dir = tempDir();
    rt = await startOn(dir);
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5002', requesterId: '9002', text: 'The wool throw blanket from order #1002 arrived damaged. Refund please.' }),
    );
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.status).toBe('awaiting_approval');
    const [link] = linksIn((await capturedEmails(rt))[0]!);
    const holdingNotes = (await ticketNotes(rt, '5002')).length;
    await rt.close();

    rt = await startOn(dir);

    expect(rt.resumed).toEqual([{ runId, status: 'awaiting_approval', state: 'RequestApproval', from: 'RequestApproval' }]);
    await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' && rt!.engine.taskTokens().length === 1);
    expect((await waitForRun(rt, runId, () => true)).approval.approvalId).toBe(waiting.approval.approvalId);
    expect(await capturedEmails(rt)).toHaveLength(1);
    expect(await ticketNotes(rt, '5002')).toHaveLength(holdingNotes);

    const page = onGateway(link!, rt);
    const decided = await decide(page, 'approve', await formTokenOf(page));
    expect(decided.status).toBe(200);
    const done = await waitForRun(rt, runId, settled);
    expect(done).toMatchObject({ status: 'done', approval: { status: 'approved', decidedBy: APPROVER } });
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);
  });
});
