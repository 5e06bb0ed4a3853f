// Replayable model inputs: a run's journal keeps each answered model call's question (bounded,
// contact data redacted), so `npm run eval -- --from-journal` can put the recorded answers through
// today's gate and policy (a policy change shows as a changed decision) and ask a new model or prompt
// the same questions, and report which decisions would change, without calling the store.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { demoFixture } from '#local/sandbox/index.js';
import { createOfflineModelProvider, OFFLINE_MODEL_CHOICES } from '#harness/adapters/models/index.js';
import type { ModelProvider } from '#harness/ports.js';
import { JournalRow } from '#harness/domain/types.js';
import { runCli } from '../../../eval/run/cli.js';
import { parseJournalExport, parseRunExport } from '../../../eval/replay/load.js';
import { reaskRun } from '../../../eval/replay/reask.js';
import { createPolicy } from '#harness/policy/index.js';
import { getRun, postWebhook, settled, startRuntime, ticketCreated, waitForRun } from '../../support/local-runtime.js';

let rt: LocalRuntime;
let exportPath: string;
let runView: Record<string, unknown>;
beforeAll(async () => {
  rt = await startRuntime();
  const { json } = await postWebhook(
    rt,
    ticketCreated({
      ticketId: '5001',
      requesterId: '9001',
      text: 'Hi, the mug in order 1001 arrived cracked. Refund please, call me on +1 415 555 0100 or (415) 555-0199 or ana@example.com.',
    }),
  );
  await waitForRun(rt, json.runId as string, settled);
  runView = (await getRun(rt, json.runId as string))!;
  exportPath = join(mkdtempSync(join(tmpdir(), 'from-journal-')), 'run.json');
  writeFileSync(exportPath, JSON.stringify(runView));
});
afterAll(async () => rt.close());

/** The numbers the runtime decided the run under: the default policy in the demo store's time zone. */
const policyThen = () => ({ timeZone: demoFixture().shop.timeZone ?? 'UTC' });

describe('the journal keeps each answered question', () => {
  it('records the input, the prompt version and no contact data', () => {
    const rows = (runView.journal as unknown[]).map((r) => JournalRow.parse(r)).filter((r) => r.kind === 'model' && r.outcome === 'ok');
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['triage', 'order_agent']));
    for (const row of rows) {
      expect(row.input, row.name).toBeTruthy();
      expect(row.promptVersion).toMatch(/^[0-9a-f]{12}$/);
      expect(row.input).not.toContain('ana@example.com');
      expect(row.input).not.toContain('555 0100');
      expect(row.input).not.toContain('555-0199');
    }
    expect(rows.find((r) => r.name === 'triage')!.input).toContain('arrived cracked');
  });
});

describe('npm run eval -- --from-journal', () => {
  it('asks the same model again and finds no decision that would change', async () => {
    let out = '';
    const outcome = await runCli(['--from-journal', exportPath, '--out', mkdtempSync(join(tmpdir(), 'fj-out-'))], {
      stdout: (t) => (out += t),
      stderr: { write: () => true, isTTY: false } as never,
      env: {},
      cwd: process.cwd(),
    });
    expect(outcome.exitCode).toBe(0);
    expect(out).toContain('1 asked again');
    expect(out).toContain('decisions that would change: 0 of 1');
  });

  it('reports the decision a different model would take, from the recorded questions alone', async () => {
    const offline = createOfflineModelProvider();
    // A model that reads every ticket as a replacement request.
    const replacer: ModelProvider = {
      name: 'offline',
      async complete(request) {
        const answer = await offline.complete(request);
        return request.specialist === 'order_agent' ? { ...answer, output: { ...(answer.output as object), remedy: 'replacement' } as never } : answer;
      },
    };
    const [runId, rows] = [...parseJournalExport(JSON.stringify(runView))][0]!;
    const outcome = await reaskRun(runId, rows, replacer, OFFLINE_MODEL_CHOICES);
    expect(outcome).toMatchObject({
      kind: 'compared',
      changed: true,
      recorded: { decision: 'auto', amountMinor: 1800 },
      reasked: { decision: 'refuse', remedy: 'replacement' },
    });
  });

  it("re-gates the recorded proposal under today's policy: a lower auto limit turns the recorded automatic refund into an approval", async () => {
    const [runId, run] = [...parseRunExport(JSON.stringify(runView))][0]!;
    const stricter = createPolicy({ ...policyThen(), autoRefundLimitMinor: 1000 });

    const outcome = await reaskRun(runId, run.rows, createOfflineModelProvider(), OFFLINE_MODEL_CHOICES, stricter, run.facts);

    expect(outcome).toMatchObject({
      kind: 'compared',
      recorded: { decision: 'auto', amountMinor: 1800, rules: ['auto_within_policy'] },
      regated: { decision: 'approval', amountMinor: 1800, rules: ['amount_over_auto_limit'] },
      gateChanged: true,
      // The same model gives the same answers: under the same policy they decide the same.
      modelChanged: false,
      changed: true,
      policyThen: (runView.gate as { policyVersion: string }).policyVersion,
    });
  });

  it('finds no gate change under the policy the run was decided under', async () => {
    const [runId, run] = [...parseRunExport(JSON.stringify(runView))][0]!;

    const outcome = await reaskRun(runId, run.rows, createOfflineModelProvider(), OFFLINE_MODEL_CHOICES, createPolicy(policyThen()), run.facts);

    expect(outcome).toMatchObject({ kind: 'compared', recorded: { decision: 'auto' }, regated: { decision: 'auto' }, gateChanged: false, policyThen: null });
  });

  it('takes the policy from --policy (a tenant file or a policy document) and lists the run whose decision it changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fj-policy-'));
    writeFileSync(join(dir, 'policy.json'), JSON.stringify({ autoRefundLimitMinor: 1000 }));
    writeFileSync(join(dir, 'tenant.json'), JSON.stringify({ tenant: 'shop', policy: { autoRefundLimitMinor: 1000 } }));

    for (const file of ['policy.json', 'tenant.json']) {
      let out = '';
      const outcome = await runCli(['--from-journal', exportPath, '--policy', join(dir, file), '--out', mkdtempSync(join(tmpdir(), 'fj-out-'))], {
        stdout: (t) => (out += t),
        stderr: { write: () => true, isTTY: false } as never,
        env: {},
        cwd: process.cwd(),
      });
      expect(outcome.exitCode, out).toBe(0);
      expect(out).toContain('decisions that would change: 1 of 1');
      expect(out).toContain("by today's gate and policy on the recorded answers: 1");
      expect(out).toMatch(/run-\S+: auto 1800 \[11001×1\] → approval 1800 \[11001×1\] \(amount_over_auto_limit\)/);
      expect(out).toContain('by the answers offline gives today: 0');
    }
  });

  it('refuses a policy file with a number it does not know, and --policy without --from-journal', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'fj-policy-')), 'policy.json');
    writeFileSync(bad, JSON.stringify({ autoRefundLimit: 1000 }));
    const errors: string[] = [];
    const io = { stdout: () => undefined, stderr: { write: (t: string) => (errors.push(t), true), isTTY: false } as never, env: {}, cwd: process.cwd() };

    expect((await runCli(['--from-journal', exportPath, '--policy', bad], io)).exitCode).toBe(2);
    expect((await runCli(['--compare', exportPath, exportPath, '--policy', bad], io)).exitCode).toBe(2);
    expect(errors.join('')).toMatch(/--policy .*policy\.json: .*autoRefundLimit/);
    expect(errors.join('')).toContain('--policy <file> goes with --from-journal');
  });

  it('says clearly when the export holds no journal', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'fj-bad-')), 'x.json');
    writeFileSync(bad, '{"hello": 1}');
    let err = '';
    const outcome = await runCli(['--from-journal', bad], {
      stdout: () => undefined,
      stderr: { write: (t: string) => ((err += t), true), isTTY: false } as never,
      env: {},
      cwd: process.cwd(),
    });
    expect(outcome.exitCode).toBe(2);
    expect(err).toContain('no journal rows');
  });
});
