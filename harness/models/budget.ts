// The worst-case cost of a model call, reserved before it is made: every input character counted
// as a token at the dearer of the input and cache-write prices (an over-estimate on purpose), plus
// the call's max output tokens at the output price. Offline calls cost nothing. Pure.
import { canonicalJson } from '../hash.js';
import type { ModelRequest } from '../ports.js';
import { priceFor, type PriceTable } from './prices.js';
import { HarnessConfigError } from '../errors.js';

export interface BudgetConfig {
  /** Per-run cost cap in micro-dollars ($0.25). */
  runCostCapMicros: number;
  /** Per-tenant cost cap per UTC day in micro-dollars ($40). */
  dailyCostCapMicros: number;
  /** Model calls per specialist per run. */
  maxTurnsPerSpecialist: number;
  /** Max output tokens assumed when a request names none. */
  defaultMaxOutputTokens: number;
}

export const DEFAULT_BUDGET: BudgetConfig = {
  runCostCapMicros: 250_000,
  dailyCostCapMicros: 40_000_000,
  maxTurnsPerSpecialist: 6,
  defaultMaxOutputTokens: 1024,
};

/** Tokens for the request and response framing that the character count does not see. */
const FRAMING_TOKENS = 200;

export function worstCaseMicros(provider: string, request: ModelRequest<unknown>, config: BudgetConfig, prices: PriceTable): number {
  if (provider === 'offline') return 0;
  const price = priceFor(request.model, prices);
  if (!price) throw new HarnessConfigError(`no price for model ${request.model} in the table of ${prices.asOf}`, { context: { model: request.model } });
  const inputTokens = request.system.length + canonicalJson(request.input).length + FRAMING_TOKENS;
  const outputTokens = request.maxOutputTokens ?? config.defaultMaxOutputTokens;
  // A tool-using specialist may take several turns, each resending the context: reserve them all.
  const turns = request.tools ? (request.tools.maxTurns ?? 6) : 1;
  const perMillion = turns * (inputTokens * Math.max(price.inputPerMTok, price.cacheWritePerMTok) + outputTokens * price.outputPerMTok);
  return Math.ceil(perMillion / 1_000_000);
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
