// The anthropic provider: one specialist answer through the Messages API, with structured
// output (output_config.format from the specialist's zod schema), prompt-cache markers on the
// stable prefix, bounded retries and a fallback model inside the call's time budget, and for the
// order agent a tool loop whose tool calls run through the harness, within the API calls the
// gateway leaves it (tools.maxTurns). It returns the parsed JSON as is, with the stop reason of the
// last turn: the gateway validates it with zod, retries a cut answer once with a larger max_tokens,
// fails a refusal, and asks for one repair. Built at the edge by select.ts.
import Anthropic from '@anthropic-ai/sdk';
import { TemporarilyUnavailableError } from '../../../errors.js';
import type { ModelProvider, ModelRequest, ModelResponse, ModelTools } from '../../../ports.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_MAX_TURNS, hasTimeForAttempt, timeBudget, type TimeBudget } from '../../../models/budget.js';
import { buildParams, inputMessage, repairMessages } from './request.js';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryPolicy, type Sleep } from './retry.js';

type Message = Anthropic.Messages.Message;
type MessageParam = Anthropic.Messages.MessageParam;
type Usage = ModelResponse<unknown>['usage'];

export { DEFAULT_MAX_TURNS };
/** Deadline of one HTTP attempt (MODEL_TIMEOUT_MS), before the call's time budget cuts it. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A tool result the model reads is bounded: an order is a few KB; more is a fault, not data. */
const MAX_TOOL_RESULT_CHARS = 20_000;

export interface AnthropicProviderOptions {
  /** A built client (tests point one at a local fake); otherwise one is built from apiKey. */
  client?: Anthropic;
  apiKey?: string;
  baseURL?: string;
  /** Deadline of one HTTP attempt (the SDK's own retries are off: maxRetries 0). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  /** Tried when the chosen model stays unavailable; a request's own fallbackModel wins. */
  fallbackModel?: string;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function addUsage(total: Usage, usage: Message['usage']): Usage {
  return {
    inputTokens: total.inputTokens + (usage.input_tokens ?? 0),
    outputTokens: total.outputTokens + (usage.output_tokens ?? 0),
    cacheReadTokens: total.cacheReadTokens + (usage.cache_read_input_tokens ?? 0),
    cacheWriteTokens: total.cacheWriteTokens + (usage.cache_creation_input_tokens ?? 0),
  };
}

/** The answer's JSON, or the raw text when it is not JSON (the gateway's schema check rejects it). */
function outputOf(message: Message): unknown {
  const text = message.content
    .filter((block): block is Anthropic.Messages.TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('')
    .trim();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A tool call or a turn that could not finish inside the call's time budget is not started. */
function assertTimeLeft(time: TimeBudget, what: string): void {
  if (hasTimeForAttempt(time)) return;
  throw new TemporarilyUnavailableError(`model call out of time before ${what}`);
}

async function runTools(tools: ModelTools, message: Message, time: TimeBudget): Promise<MessageParam> {
  const results: Anthropic.Messages.ToolResultBlockParam[] = [];
  for (const block of message.content) {
    if (block.type !== 'tool_use') continue;
    assertTimeLeft(time, `tool ${block.name}`);
    const result = await tools.execute(block.name, block.input);
    const text = result.ok ? JSON.stringify(result.output ?? null) : result.error;
    results.push({
      type: 'tool_result',
      tool_use_id: block.id,
      content: text.length > MAX_TOOL_RESULT_CHARS ? `${text.slice(0, MAX_TOOL_RESULT_CHARS)}…(truncated)` : text,
      ...(result.ok ? {} : { is_error: true }),
    });
  }
  return { role: 'user', content: results };
}

export function createAnthropicModelProvider(options: AnthropicProviderOptions): ModelProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = options.client ?? new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: timeoutMs });
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? realSleep;

  return {
    name: 'anthropic',
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      // The gateway sets max_tokens (it reserved their cost) and the API calls left (tools.maxTurns).
      const maxTokens = request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS[request.specialist];
      const maxTurns = request.tools ? Math.max(1, request.tools.maxTurns ?? DEFAULT_MAX_TURNS) : 1;
      const fallback = request.fallbackModel ?? options.fallbackModel;
      const time = timeBudget();
      // Once a turn fell back, the later turns stay on the fallback (one prompt cache, one price).
      let models = fallback && fallback !== request.model ? [request.model, fallback] : [request.model];
      const messages: MessageParam[] = [inputMessage(request.input), ...(request.repair ? repairMessages(request.repair) : [])];
      let usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
      let attempts = 0;

      for (let turn = 1; ; turn++) {
        const call = await withRetries({
          models,
          policy,
          sleep,
          timeoutMs,
          time,
          send: (model, timeout) => client.messages.create(buildParams(request, model, messages, maxTokens), { timeout, maxRetries: 0 }).withResponse(),
        });
        attempts += call.attempts;
        models = models.slice(models.indexOf(call.model));
        const { data: message, request_id: requestId } = call.result;
        usage = addUsage(usage, message.usage);

        // Another turn only for tool calls, and only within the API calls left. Any other stop
        // (an answer, a cut one, a refusal, tool calls with no turn left) goes to the gateway.
        if (message.stop_reason === 'tool_use' && request.tools && turn < maxTurns) {
          messages.push({ role: 'assistant', content: message.content as Anthropic.Messages.ContentBlockParam[] });
          messages.push(await runTools(request.tools, message, time));
          continue;
        }
        return {
          output: outputOf(message) as T,
          model: message.model,
          requestId: requestId ?? message.id ?? null,
          stopReason: message.stop_reason ?? 'unknown',
          usage,
          turns: turn,
          attempts,
        };
      }
    },
  };
}
