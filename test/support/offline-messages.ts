// A model stand-in for the local fake Messages API (fake-messages-api.ts `respond`): answers each
// request as the offline specialist would, read from the request the SDK sent (its system prompt
// says which specialist, its <case_data> block holds the step's data), with fixed usage. For whole
// runs through the anthropic provider, such as `npm run eval -- --provider anthropic`.
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import type { Specialist } from '#harness/ports.js';
import { ORDER_AGENT_SYSTEM } from '#functions/steps/propose-refund/use-case.js';
import { TRIAGE_SYSTEM } from '#functions/steps/triage/use-case.js';
import { REPLY_AGENT_SYSTEM } from '#functions/steps/draft-reply/use-case.js';
import { REPLY_CHECK_SYSTEM } from '#functions/steps/check-reply/use-case.js';
import { jsonReply, type CapturedRequest, type ScriptedReply } from './fake-messages-api.js';

const offline = createOfflineModelProvider();
const SPECIALISTS: Array<[string, Specialist]> = [
  [TRIAGE_SYSTEM, 'triage'],
  [ORDER_AGENT_SYSTEM, 'order_agent'],
  [REPLY_AGENT_SYSTEM, 'reply_agent'],
  [REPLY_CHECK_SYSTEM, 'reply_check'],
];

export async function offlineAnswer(body: CapturedRequest['body']): Promise<ScriptedReply> {
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
