// `npm run eval -- --provider recorded` end to end, through real local runtimes of both helpdesks:
// a corpus is written from the journals of an offline run of two golden tickets (eval/corpora/
// convert.ts import), then edited, and the recorded run answers every model call from it by golden
// ticket, specialist and call. An unchanged ticket comes out as it did; a ticket whose recorded
// triage was changed follows the recorded answer, not its text; replies the corpus lacks come from
// the offline fallback, counted in the result's meta; a ticket the corpus lacks leaves its first
// call as a pending request, and its run fails even though its label (escalate) is what a run
// without answers comes to.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpus, writeCorpusFile } from '#harness/adapters/models/recorded/index.js';
import { importEvalResult } from '../../../eval/corpora/convert.js';
import { runCli } from '../../../eval/run/cli.js';

interface Result {
  meta: { provider: string; k: number; recorded?: { answers: string; fallback: string | null; fromCorpus: number; fromFallback: number; missing: string[] } };
  tickets: Array<{
    id: string;
    runs: Array<{
      observation: { outcome: string; amountMinor: number; lines: unknown[]; boundOrder: string | null; error?: string };
      score: { pass: boolean };
      journal: Array<{ kind: string; name: string; provider: string; detail: string }>;
    }>;
  }>;
}

const quietIo = (text: { out: string; err: string }) => ({
  stdout: (t: string) => void (text.out += t),
  stderr: { write: (t: string) => Boolean((text.err += t)), isTTY: false } as never,
  env: {},
  cwd: process.cwd(),
});

async function evalRun(args: string[]): Promise<{ exitCode: number; result: Result | null; errors: string }> {
  const text = { out: '', err: '' };
  const outcome = await runCli([...args, '--out', mkdtempSync(join(tmpdir(), 'eval-recorded-out-')), '--timeout-s', '240'], quietIo(text));
  return { exitCode: outcome.exitCode, result: outcome.jsonPath ? (JSON.parse(readFileSync(outcome.jsonPath, 'utf8')) as Result) : null, errors: text.err };
}

const ticket = (result: Result, id: string) => result.tickets.find((t) => t.id === id)!.runs[0]!;

describe('npm run eval -- --provider recorded', () => {
  it('answers every model call from the corpus by golden ticket, specialist and call', async () => {
    // A corpus from an offline run: damaged-01 (Zendesk, auto refund) and damaged-02 (Gorgias, approval).
    const offline = await evalRun(['--only', 'damaged-01', '--only', 'damaged-02']);
    const corpus = mkdtempSync(join(tmpdir(), 'corpus-'));
    const { files, skipped } = importEvalResult(offline.result);
    expect(skipped).toEqual([]);
    for (const file of files) writeCorpusFile(corpus, file);
    // damaged-01 without its reply answers (the fallback writes them); damaged-02 read as no refund request at all.
    const answers = readCorpus(corpus);
    writeCorpusFile(corpus, {
      ticketId: 'damaged-01',
      answers: { triage: answers.get('damaged-01')!.triage, order_agent: answers.get('damaged-01')!.order_agent },
    });
    const triage02 = answers.get('damaged-02')!.triage![0] as Record<string, unknown>;
    writeCorpusFile(corpus, { ticketId: 'damaged-02', answers: { triage: [{ ...triage02, intent: 'other' }] } });
    const pending = mkdtempSync(join(tmpdir(), 'pending-'));

    const recorded = await evalRun([
      ...['--provider', 'recorded', '--answers', corpus, '--fallback', 'offline', '--pending', pending, '--k', '2'],
      ...['--only', 'damaged-01', '--only', 'damaged-02', '--only', 'replace-01'],
    ]);

    const result = recorded.result!;
    expect(result.meta).toMatchObject({ provider: 'recorded', k: 1, recorded: { answers: corpus, fallback: 'offline', missing: ['replace-01/triage/0'] } });
    // Unchanged answers, unchanged run: the same refund as offline, every model row from the recorded provider.
    const same = ticket(result, 'damaged-01');
    expect(same.observation).toMatchObject(pick(ticket(offline.result!, 'damaged-01').observation));
    expect(same.observation.outcome).toBe('auto_refund');
    const models = same.journal.filter((r) => r.kind === 'model');
    expect(models.every((r) => r.provider === 'recorded')).toBe(true);
    const fromFallback = models.filter((r) => r.detail.includes('fallback:offline:damaged-01/'));
    expect(fromFallback.map((r) => r.name).sort()).toEqual(['reply_agent', 'reply_check']);
    // The meta counts every fallback answer of the run (damaged-02's escalation has a reply too).
    const fallbackRows = result.tickets.flatMap((t) => t.runs[0]!.journal.filter((r) => r.kind === 'model' && r.detail.includes('fallback:offline:')));
    expect(result.meta.recorded!.fromFallback).toBe(fallbackRows.length);
    // The recorded triage decides, not the ticket's text.
    expect(ticket(result, 'damaged-02').observation.outcome).toBe('escalate');
    // No corpus file: the first call is written down and the run fails.
    const unanswered = ticket(result, 'replace-01');
    expect(unanswered.observation).toMatchObject({ outcome: 'error', error: 'no recorded answer for triage call 0' });
    expect(unanswered.score.pass).toBe(false);
    expect(ticket(result, 'replace-01').journal.filter((r) => r.kind === 'model')).toEqual([
      expect.objectContaining({ name: 'triage', provider: 'recorded', detail: 'provider failed: HarnessConfigError' }),
    ]);
    const request = JSON.parse(readFileSync(join(pending, 'replace-01', 'triage-0.json'), 'utf8')) as { outputSchema: { type: string }; answer: unknown };
    expect(request).toMatchObject({ ticketId: 'replace-01', specialist: 'triage', call: 0, outputSchema: { type: 'object' }, answer: null });
  }, 300_000);

  it('refuses --provider recorded without --answers, or with a corpus directory that is not there', async () => {
    const none = await evalRun(['--provider', 'recorded', '--only', 'damaged-01']);
    const gone = await evalRun(['--provider', 'recorded', '--answers', join(tmpdir(), 'no-such-corpus'), '--only', 'damaged-01']);

    expect([none.exitCode, gone.exitCode]).toEqual([2, 2]);
    expect(none.errors).toContain('--provider recorded needs --answers <corpus dir>');
    expect(gone.errors).toContain(`--answers: no corpus directory at ${join(tmpdir(), 'no-such-corpus')}`);
  });
});

const pick = (o: Result['tickets'][number]['runs'][number]['observation']) => ({
  outcome: o.outcome,
  amountMinor: o.amountMinor,
  lines: o.lines,
  boundOrder: o.boundOrder,
});
