// `npm run eval -- --provider anthropic` end to end against the local fake Messages API: the real
// Anthropic SDK and provider in every step of the local runtime, k runs per ticket, pass^k scored.
// The fake answers each specialist as the offline specialist would, read from the request the SDK
// sent (its system prompt says which specialist, its <case_data> block holds the step's data).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModelProvider } from '#harness/models/index.js';
import type { Specialist } from '#harness/ports.js';
import { ORDER_AGENT_SYSTEM } from '#functions/propose-refund/use-case.js';
import { TRIAGE_SYSTEM } from '#functions/triage/use-case.js';
import { REPLY_AGENT_SYSTEM } from '#functions/draft-reply/use-case.js';
import { REPLY_CHECK_SYSTEM } from '#functions/check-reply/use-case.js';
import { runCli } from '../../../eval/run/cli.js';
import { jsonReply, startFakeMessagesApi, type CapturedRequest, type FakeMessagesApi } from '../../support/fake-messages-api.js';

const offline = createOfflineModelProvider();
const SPECIALISTS: Array<[string, Specialist]> = [
  [TRIAGE_SYSTEM, 'triage'],
  [ORDER_AGENT_SYSTEM, 'order_agent'],
  [REPLY_AGENT_SYSTEM, 'reply_agent'],
  [REPLY_CHECK_SYSTEM, 'reply_check'],
];

async function answer(body: CapturedRequest['body']) {
  const system = (body.system ?? []).map((b) => b.text).join('\n');
  const specialist = SPECIALISTS.find(([prompt]) => system.startsWith(prompt.slice(0, 80)))?.[1];
  const first = body.messages[0]?.content.find((b) => b.type === 'text') as { text: string } | undefined;
  const data = /<case_data>\n([\s\S]*)\n<\/case_data>/.exec(first?.text ?? '')?.[1];
  if (!specialist || !data) return jsonReply({ error: 'unknown request' });
  const { output } = await offline.complete({
    specialist,
    model: body.model,
    system,
    input: JSON.parse(data) as Record<string, unknown>,
    schema: undefined as never,
  });
  return jsonReply(output, { input_tokens: 900, output_tokens: 150 });
}

let fake: FakeMessagesApi;
beforeAll(async () => {
  fake = await startFakeMessagesApi({ respond: answer });
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
