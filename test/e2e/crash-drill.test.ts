/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from HTTP answers */
// The crash drill of the README, end to end: `npm start` with DATA_DIR in a child process, the mug
// ticket ($18, an automatic refund), the sandbox store told to make the refund and keep the answer,
// SIGKILL while the Refund step waits for it, `npm start` again on the same directory. Pass: the
// restarted runtime resumes the run at Refund, which finds the refund on the order instead of
// refunding again; the run ends done with that refund's receipt, and the store holds exactly one.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { DEV_ZENDESK_WEBHOOK_SECRET } from '#local/config.js';
import { ticketCreated } from '../support/local-runtime.js';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const STORE_TOKEN = 'shpat_local_sandbox';

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null>; urls: Record<'console' | 'webhook' | 'runs' | 'store', string> };
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm start` as one process (node with tsx's loader, as `tsx` runs it), so SIGKILL hits the runtime itself. */
async function startProcess(dataDir: string): Promise<Started> {
  // The defaults `npm start` documents: offline model, demo store, dev webhook secret.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
  for (const name of [
    'ANTHROPIC_API_KEY',
    'MODEL_PROVIDER',
    'APPROVAL_LINK_SECRET',
    'STORE_FIXTURE',
    'ZENDESK_WEBHOOK_SECRET',
    'AGENT_MODE',
    'HELPDESK',
    'TENANT',
  ])
    delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  while (!/data dir +\S/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = (label: string) => {
    const match = new RegExp(`^ +${label} +(?:POST )?(http://\\S+)`, 'm').exec(output);
    if (!match) throw new Error(`no ${label} URL in:\n${output}`);
    return match[1]!;
  };
  return {
    child,
    output: () => output,
    exited,
    urls: { console: url('console'), webhook: url('webhook'), runs: url('runs API'), store: url('sandbox store') },
  };
}

async function storeRefunds(graphqlUrl: string, orderNumber: string): Promise<Array<{ id: string; amount: string }>> {
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': STORE_TOKEN },
    body: JSON.stringify({
      query: 'query($q: String!) { orders(first: 1, query: $q) { nodes { refunds { id totalRefundedSet { shopMoney { amount } } } } } }',
      variables: { q: `name:${orderNumber}` },
    }),
  });
  const body = (await res.json()) as any;
  return body.data.orders.nodes[0].refunds.map((r: any) => ({ id: r.id, amount: r.totalRefundedSet.shopMoney.amount }));
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const getRun = async (runsUrl: string, runId: string) => (await (await fetch(`${runsUrl}/${runId}`)).json()) as any;

describe('the crash drill (DATA_DIR, SIGKILL mid-refund, restart)', () => {
  it('resumes the run at Refund after a kill between the store making the refund and its answer: done, one refund', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'refund-agent-crash-'));
    dirs.push(dataDir);
    const first = await startProcess(dataDir);

    // The store makes the refund, saves it, and never answers (nor the harness's retry with the same key).
    const storeBase = new URL(first.urls.store).origin;
    const faults = await fetch(`${storeBase}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hangNext: { count: 10, operation: 'refundCreate', afterCommit: true } }),
    });
    expect(faults.status).toBe(204);

    const body = ticketCreated({
      ticketId: '5001',
      requesterId: '9001',
      text: 'Hi, the mug in order 1001 arrived cracked. Could I get a refund please? Thanks, Ana',
    });
    const sent = await fetch(first.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(DEV_ZENDESK_WEBHOOK_SECRET, body, new Date()), body });
    expect(sent.status).toBe(202);
    const { runId } = (await sent.json()) as { runId: string };

    // The refund is in the store; the Refund step still waits for the answer. Kill the process now.
    const [made] = await until('the refund in the store', async () => {
      const refunds = await storeRefunds(first.urls.store, '1001');
      return refunds.length > 0 ? refunds : null;
    });
    const before = await getRun(first.urls.runs, runId);
    expect(before).toMatchObject({ status: 'running', state: 'Refund', refund: null });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = await startProcess(dataDir);
    expect(second.output()).toContain(`resumed ${runId} at Refund`);
    const run = await until('the resumed run to end', async () => {
      const current = await getRun(second.urls.runs, runId);
      return ['done', 'escalated', 'pending_review', 'cancelled'].includes(current.status) ? current : null;
    });

    expect(run.status).toBe('done');
    expect(run.refund).toMatchObject({ refundId: made!.id, amountMinor: 1800, currency: 'USD' });
    expect(await storeRefunds(second.urls.store, '1001')).toEqual([made]);
    // Settled from the order, not sent again.
    const reconciled = run.journal.filter((r: any) => r.name === 'refund_create' && r.rule === 'refund_reconciled');
    expect(reconciled.length).toBeGreaterThanOrEqual(1);

    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});
