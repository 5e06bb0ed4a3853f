// A priced model provider ('anthropic') that answers any request with a valid refund-request triage
// and fixed token usage, counting its calls; optionally after a short wait, so calls overlap.
import type { ModelProvider, ModelRequest, ModelResponse } from '#harness/ports.js';

export function pricedTriageModel(options: { inputTokens: number; outputTokens: number; delayMs?: number }): ModelProvider & { calls: number } {
  const provider = {
    name: 'anthropic' as const,
    calls: 0,
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      provider.calls += 1;
      if (options.delayMs !== undefined) await new Promise((r) => setTimeout(r, options.delayMs));
      const output = {
        intent: 'refund_request',
        confidence: 0.9,
        orderNumber: '1001',
        orderNumbersMentioned: ['1001'],
        orderQuote: null,
        language: 'en',
        reason: 'damaged',
        itemHints: [],
        riskFlags: [],
      };
      return {
        output: request.schema.parse(output),
        model: request.model,
        requestId: null,
        stopReason: 'end_turn',
        usage: { inputTokens: options.inputTokens, outputTokens: options.outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 },
      };
    },
  };
  return provider;
}
