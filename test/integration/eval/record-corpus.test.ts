// `npm run eval -- --provider anthropic --record <dir>` writes a corpus from the API's answers (the
// local fake Messages API behind the real SDK, answering as the offline specialists would), and
// `--provider recorded --answers <dir>` replays it: the same outcome, amount and lines, the same
// specialists called in the same order, and no request to the API.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '#harness/adapters/models/recorded/index.js';
import { runCli } from '../../../eval/run/cli.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../../support/fake-messages-api.js';
import { offlineAnswer } from '../../support/offline-messages.js';

interface Run {
  observation: { outcome: string; amountMinor: number; lines: unknown[] };
  journal: Array<{ kind: string; name: string; provider: string; outcome: string }>;
}
interface Result {
  meta: { provider: string; recording?: { dir: string; answers: number }; recorded?: { fromCorpus: number; fromFallback: number; missing: string[] } };
  tickets: Array<{ id: string; runs: Run[] }>;
}

let fake: FakeMessagesApi;
beforeAll(async () => {
  fake = await startFakeMessagesApi({ respond: offlineAnswer });
});
afterAll(async () => fake.close());

async function evalRun(args: string[]): Promise<Result> {
  const outcome = await runCli([...args, '--only', 'damaged-01', '--out', mkdtempSync(join(tmpdir(), 'eval-record-out-')), '--timeout-s', '240'], {
    stdout: () => {},
    stderr: { write: () => true, isTTY: false } as never,
    env: { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_BASE_URL: fake.url },
    cwd: process.cwd(),
  });
  expect(outcome.exitCode).toBe(0);
  return JSON.parse(readFileSync(outcome.jsonPath!, 'utf8')) as Result;
}

const modelCalls = (run: Run) => run.journal.filter((r) => r.kind === 'model').map((r) => [r.name, r.outcome]);

describe('npm run eval -- --record', () => {
  it('writes a corpus from the API that --provider recorded replays to the same run without the API', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-recorded-'));

    const live = await evalRun(['--provider', 'anthropic', '--record', dir]);
    const requests = fake.requests.length;
    const replay = await evalRun(['--provider', 'recorded', '--answers', dir]);

    const [liveRun, replayRun] = [live.tickets[0]!.runs[0]!, replay.tickets[0]!.runs[0]!];
    expect(live.meta.recording).toEqual({ dir, answers: requests });
    expect(Object.keys(readCorpus(dir).get('damaged-01')!).sort()).toEqual(['order_agent', 'reply_agent', 'reply_check', 'triage']);
    expect(replayRun.observation).toMatchObject({
      outcome: liveRun.observation.outcome,
      amountMinor: liveRun.observation.amountMinor,
      lines: liveRun.observation.lines,
    });
    expect(liveRun.observation.outcome).toBe('auto_refund');
    expect(modelCalls(replayRun)).toEqual(modelCalls(liveRun));
    expect(replayRun.journal.filter((r) => r.kind === 'model').every((r) => r.provider === 'recorded')).toBe(true);
    expect(replay.meta.recorded).toMatchObject({ fromCorpus: requests, fromFallback: 0, missing: [] });
    expect(fake.requests.length).toBe(requests);
  }, 300_000);
});
