// Model prices as dated data, in micro-dollars per million tokens, and the cost of one call; with
// each model's output ceiling, the most a max_tokens retry may ask for (gateway.ts).
// Figures: Anthropic list prices as quoted on 2026-09-23 (Haiku 4.5 $1/$5, Sonnet 5 $2/$10 with
// $0.20 cached reads). Cache writes are not quoted there; they follow Anthropic's 1.25 × input
// rule for a 5-minute cache write, and Haiku's cached read its 0.1 × input rule. Output ceilings:
// 64 000 tokens for Haiku 4.5 as published; Sonnet 5 is given the same until its figure is checked
// (our limits are 1-4 k tokens, far below either).
import { HarnessConfigError } from '../errors.js';
import type { ModelResponse } from '../ports.js';

export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  cacheWritePerMTok: number;
  cacheReadPerMTok: number;
  /** The model's own ceiling on max_tokens: a raised limit never asks for more. */
  maxOutputTokens: number;
}

export interface PriceTable {
  asOf: string;
  currency: 'USD';
  models: Readonly<Record<string, ModelPrice>>;
}

export const MODEL_PRICES: PriceTable = {
  asOf: '2026-09-23',
  currency: 'USD',
  models: {
    'claude-haiku-4-5': { inputPerMTok: 1_000_000, outputPerMTok: 5_000_000, cacheWritePerMTok: 1_250_000, cacheReadPerMTok: 100_000, maxOutputTokens: 64_000 },
    'claude-sonnet-5': { inputPerMTok: 2_000_000, outputPerMTok: 10_000_000, cacheWritePerMTok: 2_500_000, cacheReadPerMTok: 200_000, maxOutputTokens: 64_000 },
  },
};

/** Exact id, else the longest priced prefix (dated snapshots such as claude-haiku-4-5-20251001). */
export function priceFor(model: string, table: PriceTable = MODEL_PRICES): ModelPrice | null {
  const exact = table.models[model];
  if (exact) return exact;
  const prefix = Object.keys(table.models)
    .filter((id) => model.startsWith(`${id}-`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? (table.models[prefix] ?? null) : null;
}

/** Cost in micro-dollars, rounded up. Offline and replayed calls are free; an unpriced real model fails closed. */
export function costMicros(provider: string, model: string, usage: ModelResponse<unknown>['usage'], table: PriceTable = MODEL_PRICES): number {
  if (provider === 'offline' || provider === 'replay') return 0;
  const price = priceFor(model, table);
  if (!price) throw new HarnessConfigError(`no price for model ${model} in the table of ${table.asOf}`, { context: { model } });
  const perMillion =
    usage.inputTokens * price.inputPerMTok +
    usage.outputTokens * price.outputPerMTok +
    usage.cacheWriteTokens * price.cacheWritePerMTok +
    usage.cacheReadTokens * price.cacheReadPerMTok;
  return Math.ceil(perMillion / 1_000_000);
}
