// `npm run eval` in process, through real local runtimes (a Zendesk tenant and a Gorgias tenant):
// a small golden set written here from the demo store, four of its five tickets picked with --only,
// signed webhooks in, the JSON result and the HTML report out. Checks what the runner records, not
// how well the model does: the same test holds whatever the pipeline decides.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import type { GoldenTicket } from '../../../eval/golden/schema.js';
import { runCli, type CliOutcome } from '../../../eval/run/cli.js';
import type { EvalResult } from '../../../eval/run/types.js';

const auto = (amountMinor: number, sku: string, order: number) => ({
  outcome: 'auto_refund' as const,
  amountMinor,
  currency: 'USD',
  lines: [{ sku, quantity: 1 }],
  reason: 'damaged' as const,
  boundOrder: order,
  escalation: null,
  approvalRules: [],
  trajectory: ['get_order' as const, 'refund_create' as const, 'post_draft' as const],
});
const claim = (order: number, sku: string) => ({ orderNumber: order, remedy: 'refund' as const, reason: 'damaged' as const, lines: [{ sku, quantity: 1 }] });

const TICKETS: GoldenTicket[] = [
  {
    id: 'damaged-01',
    category: 'single_damaged',
    helpdesk: 'zendesk',
    ticketId: '5001',
    language: 'en',
    requester: '7001',
    subject: 'My mug arrived broken',
    body: 'Hi, the mug in order 1001 arrived cracked. Could I get a refund please? Thanks, Ana',
    claim: claim(1001, 'MUG-STONE'),
    label: auto(1800, 'MUG-STONE', 1001),
  },
  {
    id: 'damaged-02',
    category: 'single_damaged',
    helpdesk: 'gorgias',
    ticketId: '5002',
    language: 'en',
    requester: '7002',
    subject: 'Blanket has a hole',
    body: 'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.',
    claim: claim(1002, 'THROW-WOOL'),
    label: { ...auto(6200, 'THROW-WOOL', 1002), outcome: 'approval', approvalRules: ['amount_over_auto_limit'], trajectory: ['get_order'] },
  },
  {
    id: 'replace-01',
    category: 'refund_vs_replacement',
    helpdesk: 'zendesk',
    ticketId: '5004',
    language: 'en',
    requester: '7004',
    subject: 'Delivery address',
    body: 'Hi, can I change the delivery address for order 1004 to 12 Elm Street, Springfield? Thank you!',
    claim: { orderNumber: 1004, remedy: 'other', reason: 'other', lines: [] },
    label: {
      outcome: 'escalate',
      amountMinor: 0,
      currency: null,
      lines: [],
      reason: 'other',
      boundOrder: null,
      escalation: 'not_refund_request',
      approvalRules: [],
      trajectory: ['post_draft'],
    },
  },
  {
    id: 'lang-01',
    category: 'non_english',
    helpdesk: 'gorgias',
    ticketId: '5005',
    language: 'es',
    requester: '7005',
    subject: 'Delantal dañado',
    body: 'Hola, el delantal del pedido 1005 llegó dañado. Quiero un reembolso, por favor.',
    followUps: ['Adjunto una foto del daño.'],
    claim: claim(1005, 'APRON-COT'),
    label: auto(2800, 'APRON-COT', 1005),
  },
  {
    id: 'typos-01',
    category: 'typos',
    helpdesk: 'zendesk',
    ticketId: '5003',
    language: 'en',
    requester: '7003',
    subject: 'Plate cracked in transit',
    body: 'the plaet from ordr 1003 came crakced, refnd pls',
    claim: claim(1003, 'PLATE-GLAZE'),
    label: auto(2400, 'PLATE-GLAZE', 1003),
  },
];

let dir: string;
const quietErr = { isTTY: false, write: () => true };

async function evalRun(args: string[], exitCode = 0): Promise<{ outcome: CliOutcome; stdout: string; result: EvalResult }> {
  let stdout = '';
  const outcome = await runCli(['--golden', join(dir, 'golden'), '--out', join(dir, 'out'), ...args], {
    stdout: (text) => void (stdout += text),
    stderr: quietErr,
    env: {},
    cwd: dir,
  });
  expect(outcome.exitCode, stdout).toBe(exitCode);
  return { outcome, stdout, result: JSON.parse(readFileSync(outcome.jsonPath!, 'utf8')) as EvalResult };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-runner-'));
  mkdirSync(join(dir, 'golden', 'tickets'), { recursive: true });
  writeFileSync(join(dir, 'golden', 'fixture.json'), JSON.stringify(demoFixture()));
  writeFileSync(join(dir, 'golden', 'tickets', 'demo.json'), JSON.stringify(TICKETS));
});

describe('npm run eval on four golden tickets', () => {
  let run: Awaited<ReturnType<typeof evalRun>>;
  beforeAll(async () => {
    run = await evalRun(['--only', 'single_damaged', '--only', 'replace-*', '--only', 'lang-01', '--follow-ups', 'webhook', '--k', '3']);
  });

  it('runs the tickets --only names, once each: the offline model is deterministic', () => {
    const { result } = run;
    expect(result.tickets.map((t) => t.id)).toEqual(['damaged-01', 'damaged-02', 'lang-01', 'replace-01']);
    expect(result.meta).toMatchObject({ provider: 'offline', kRequested: 3, k: 1, only: ['single_damaged', 'replace-*', 'lang-01'] });
    expect(result.meta.notes).toContain('k=3 requested; the offline provider is deterministic, so k is 1');
    expect(result.tickets.every((t) => t.runs.length === 1)).toBe(true);
  });

  it('lets every run settle through the real pipeline, on the tenant of its helpdesk', () => {
    for (const t of run.result.tickets) {
      const o = t.runs[0]!.observation;
      expect(['auto_refund', 'approval', 'escalate', 'done_no_refund'], `${t.id}: ${o.error ?? ''}`).toContain(o.outcome);
      expect(o.runId).toMatch(/^run-/);
      expect(o.latencyMs).toBeGreaterThan(0);
      expect(t.runs[0]!.journal?.length).toBeGreaterThan(0);
      // Every path but the approval wait leaves a note through the tenant's own helpdesk API.
      if (o.outcome !== 'approval') expect(o.tools, t.id).toContainEqual(expect.objectContaining({ name: 'post_draft', outcome: 'ok' }));
    }
    expect(run.result.tickets.map((t) => t.helpdesk)).toEqual(['zendesk', 'gorgias', 'gorgias', 'zendesk']);
  });

  it("runs the store on the eval clock: 12:00 noon in the fixture's time zone (UTC for the demo store) when the run starts", () => {
    // Every journal row is stamped by the runtime's clock; the webhooks were accepted, so their
    // signed timestamps were on the same clock (the Zendesk ingest allows 5 minutes of skew).
    const stamps = run.result.tickets.flatMap((t) => (t.runs[0]!.journal ?? []).map((row) => (row as { at: string }).at));
    expect(stamps.length).toBeGreaterThan(0);
    for (const at of stamps) expect(at, at).toMatch(/T12:0\d:\d\d(\.\d+)?Z$/);
  });

  it('sends follow-ups as later messages on the same ticket with --follow-ups webhook', () => {
    expect(run.result.tickets.find((t) => t.id === 'lang-01')!.runs[0]!.observation.followUpsAttached).toBe(1);
  });

  it('scores each run against its label and keeps the summary consistent with the runs', () => {
    const { result } = run;
    const passes = result.tickets.filter((t) => t.runs[0]!.score.pass).length;
    expect(result.summary).toMatchObject({ tickets: 4, runs: 4, settled: 4, timedOut: 0, errors: 0 });
    expect(result.summary.overall.passes).toBe(passes);
    expect(Object.keys(result.summary.categories)).toEqual(['non_english', 'refund_vs_replacement', 'single_damaged']);
    for (const t of result.tickets) {
      const { observation: o, score } = t.runs[0]!;
      expect(score.pass).toBe(score.mismatches.length === 0);
      // Money that moved is what the store holds under the run's idempotency keys.
      expect(o.outcome === 'auto_refund').toBe(o.refunds.length > 0);
    }
    expect(run.stdout).toContain('refund-agent eval: offline, k=1, 4 tickets, 4 runs');
  });

  it('writes a self-contained HTML report next to the JSON', () => {
    const html = readFileSync(run.outcome.htmlPath!, 'utf8');
    expect(run.outcome.htmlPath).toBe(run.outcome.jsonPath!.replace(/\.json$/, '.html'));
    expect(run.outcome.jsonPath).toMatch(/eval-offline-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
    expect(html).toContain('aria-label="pass@1 per category"');
    expect(html).not.toMatch(/<script/i);
    expect(existsSync(join(dir, 'out', '.gitignore'))).toBe(true);
  });
});

describe('npm run eval bounded by --timeout-s', () => {
  it('reports the runs that did not settle in time as timed out and failed, stops, and exits 1', async () => {
    const started = Date.now();
    const { result, stdout } = await evalRun(['--only', 'typos-01', '--only', 'damaged-01', '--timeout-s', '1'], 1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.summary).toMatchObject({ runs: 2, timedOut: 2, settled: 0, complete: false });
    expect(result.summary.overall).toMatchObject({ passes: 0, pass1: 0 });
    expect(result.tickets.flatMap((t) => t.runs.map((r) => r.score.pass))).toEqual([false, false]);
    expect(stdout).toContain('INCOMPLETE: 2 run(s) did not settle within 1s; they count as failed');
    expect(stdout).toContain('FAILED: the eval is incomplete, so it exits 1');
  });
});
