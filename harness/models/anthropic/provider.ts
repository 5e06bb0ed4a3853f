// The anthropic model provider: one specialist answer through the Messages API, with structured
// output (output_config.format from the specialist's zod schema), prompt-cache markers on the
// stable prefix, bounded retries and a fallback model, and for the order agent a tool loop of at
// most six turns whose tool calls run through the harness. It returns the parsed JSON as is: the
// gateway validates it with zod and asks for one repair. Built at the edge by select.ts.
import Anthropic from '@anthropic-ai/sdk';
import { InvalidModelOutputError } from '../../errors.js';
import type { ModelProvider, ModelRequest, ModelResponse, ModelTools, Specialist } from '../../ports.js';
import { buildParams, DEFAULT_MAX_TOKENS, inputMessage, repairMessages } from './request.js';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryPolicy, type Sleep } from './retry.js';

type Message = Anthropic.Messages.Message;
type MessageParam = Anthropic.Messages.MessageParam;
type Usage = ModelResponse<unknown>['usage'];

export const DEFAULT_MAX_TURNS = 6;
/** A tool result the model reads is bounded: an order is a few KB; more is a fault, not data. */
const MAX_TOOL_RESULT_CHARS = 20_000;

export interface AnthropicProviderOptions {
  /** A built client (tests point one at a local fake); otherwise one is built from apiKey. */
  client?: Anthropic;
  apiKey?: string;
  baseURL?: string;
  /** Deadline of one HTTP attempt. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  /** Tried when the chosen model stays unavailable; a request's own fallbackModel wins. */
  fallbackModel?: string;
  maxTokens?: Partial<Record<Specialist, number>>;
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

async function runTools(tools: ModelTools, message: Message): Promise<MessageParam> {
  const results: Anthropic.Messages.ToolResultBlockParam[] = [];
  for (const block of message.content) {
    if (block.type !== 'tool_use') continue;
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
  const client =
    options.client ??
    new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs ?? 30_000 });
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? realSleep;

  return {
    name: 'anthropic',
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      const maxTokens = options.maxTokens?.[request.specialist] ?? DEFAULT_MAX_TOKENS[request.specialist];
      const maxTurns = request.tools ? Math.max(1, request.tools.maxTurns ?? DEFAULT_MAX_TURNS) : 1;
      const fallback = request.fallbackModel ?? options.fallbackModel;
      // Once a turn fell back, the later turns stay on the fallback (one prompt cache, one price).
      let models = fallback && fallback !== request.model ? [request.model, fallback] : [request.model];
      const messages: MessageParam[] = [inputMessage(request.input), ...(request.repair ? repairMessages(request.repair) : [])];
      let usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
      let attempts = 0;

      for (let turn = 1; turn <= maxTurns; turn++) {
        const call = await withRetries({
          models,
          policy,
          sleep,
          send: (model) => client.messages.create(buildParams(request, model, messages, maxTokens)).withResponse(),
        });
        attempts += call.attempts;
        models = models.slice(models.indexOf(call.model));
        const { data: message, request_id: requestId } = call.result;
        usage = addUsage(usage, message.usage);

        if (message.stop_reason === 'tool_use' && request.tools) {
          if (turn === maxTurns) {
            throw new InvalidModelOutputError(`${request.specialist} used its ${maxTurns} turns without an answer`, {
              context: { specialist: request.specialist, model: message.model, turns: turn },
            });
          }
          messages.push({ role: 'assistant', content: message.content as Anthropic.Messages.ContentBlockParam[] });
          messages.push(await runTools(request.tools, message));
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
      // Unreachable: the loop returns or throws on its last turn.
      throw new InvalidModelOutputError(`${request.specialist} gave no answer`, { context: { specialist: request.specialist } });
    },
  };
}
