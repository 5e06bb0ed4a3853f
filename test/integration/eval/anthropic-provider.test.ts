// `npm run eval -- --provider anthropic` end to end against the local fake Messages API: the real
// Anthropic SDK and provider in every step of the local runtime, k runs per ticket, pass^k scored.
// The fake answers each specialist as the offline specialist would, read from the request the SDK
// sent (its system prompt says which specialist, its <case_data> block holds the step's data).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../eval/run/cli.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../../support/fake-messages-api.js';
import { offlineAnswer } from '../../support/offline-messages.js';

let fake: FakeMessagesApi;
beforeAll(async () => {
  fake = await startFakeMessagesApi({ respond: offlineAnswer });
});
afterAll(async () => fake.close());

describe('npm run eval -- --provider anthropic', () => {
  it('runs the golden tickets through the real SDK k times and scores pass^k with the model cost', async () => {
    const out = mkdtempSync(join(tmpdir(), 'eval-anthropic-'));
    let text = '';
    const outcome = await runCli(
      ['--provider', 'anthropic', '--k', '2', '--only', 'damaged-01', '--only', 'partial-qty-01', '--out', out, '--timeout-s', '240'],
      {
        stdout: (t) => (text += t),
        stderr: { write: () => true, isTTY: false } as never,
        env: { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_BASE_URL: fake.url },
        cwd: process.cwd(),
      },
    );
    expect(outcome.exitCode).toBe(0);
    const result = JSON.parse(readFileSync(outcome.jsonPath!, 'utf8')) as {
      tickets: Array<{ id: string; runs: Array<{ journal: Array<{ kind: string; provider: string; costMicros: number }>; score: { pass: boolean } }> }>;
    };
    expect(result.tickets.map((t) => t.id).sort()).toEqual(['damaged-01', 'partial-qty-01']);
    for (const ticket of result.tickets) {
      expect(ticket.runs, ticket.id).toHaveLength(2);
      for (const run of ticket.runs) {
        const models = run.journal.filter((r) => r.kind === 'model');
        expect(models.length).toBeGreaterThan(0);
        expect(models.every((r) => r.provider === 'anthropic')).toBe(true);
        expect(models.reduce((n, r) => n + r.costMicros, 0)).toBeGreaterThan(0);
        expect(run.score.pass, ticket.id).toBe(true);
      }
    }
    expect(text).toContain('pass^2');
    expect(fake.requests.length).toBeGreaterThan(0);
  }, 300_000);
});
