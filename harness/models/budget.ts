// What one model call may spend, decided before it is made: its cost (the worst case reserved
// against the caps: every input character counted as a token at the dearer of the input and
// cache-write prices, an over-estimate on purpose, plus the max_tokens actually sent at the output
// price), its API calls (the turn cap) and its time (a deadline the provider reads, so that every
// attempt, backoff and fallback of the call ends inside the step's Lambda timeout). Pure, except
// the deadline's async context.
import { AsyncLocalStorage } from 'node:async_hooks';
import { canonicalJson } from '../hash.js';
import type { ModelRequest, Specialist } from '../ports.js';
import { priceFor, type PriceTable } from './prices.js';
import { HarnessConfigError } from '../errors.js';

/** API calls one specialist answer may take: tool turns, the max_tokens retry and the repair together. */
export const DEFAULT_MAX_TURNS = 6;

/** max_tokens per specialist: a triage or a check is short, a proposal or a reply longer. */
export const DEFAULT_MAX_OUTPUT_TOKENS: Readonly<Record<Specialist, number>> = {
  triage: 1024,
  order_agent: 2048,
  reply_agent: 2048,
  reply_check: 1024,
};

export interface BudgetConfig {
  /** Per-run cost cap in micro-dollars ($0.25). */
  runCostCapMicros: number;
  /** Per-tenant cost cap per UTC day in micro-dollars ($40). */
  dailyCostCapMicros: number;
  /** Gateway calls (reservations) per specialist per run, across step retries. */
  maxTurnsPerSpecialist: number;
  /** max_tokens sent when a request names none; the reservation prices exactly this. */
  maxOutputTokens: Readonly<Record<Specialist, number>>;
  /** Wall-clock time of one model call, all its API calls included (see timeBudget below). */
  timeBudgetMs: number;
  /** No API attempt starts with less time left than this: it could not finish. */
  minAttemptMs: number;
}

/**
 * 75 s for a model call: the model-calling Lambdas have 120 s, and the rest covers the step's own
 * reads and writes, one tool call begun before the deadline and a post_draft after the model.
 */
export const DEFAULT_BUDGET: BudgetConfig = {
  runCostCapMicros: 250_000,
  dailyCostCapMicros: 40_000_000,
  maxTurnsPerSpecialist: 6,
  maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
  timeBudgetMs: 75_000,
  minAttemptMs: 3_000,
};

/** Tokens for the request and response framing that the character count does not see. */
const FRAMING_TOKENS = 200;

export function worstCaseMicros(provider: string, request: ModelRequest<unknown>, config: BudgetConfig, prices: PriceTable): number {
  if (provider === 'offline') return 0;
  const price = priceFor(request.model, prices);
  if (!price) throw new HarnessConfigError(`no price for model ${request.model} in the table of ${prices.asOf}`, { context: { model: request.model } });
  const repairChars = request.repair ? canonicalJson(request.repair).length : 0;
  const inputTokens = request.system.length + canonicalJson(request.input).length + repairChars + FRAMING_TOKENS;
  const outputTokens = request.maxOutputTokens ?? config.maxOutputTokens[request.specialist];
  // A tool-using specialist may take several turns, each resending the context: reserve them all.
  const turns = request.tools ? Math.max(1, request.tools.maxTurns ?? DEFAULT_MAX_TURNS) : 1;
  const perMillion = turns * (inputTokens * Math.max(price.inputPerMTok, price.cacheWritePerMTok) + outputTokens * price.outputPerMTok);
  return Math.ceil(perMillion / 1_000_000);
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The time left to the model call in progress, as the provider sees it. */
export interface TimeBudget {
  leftMs(): number;
  minAttemptMs: number;
}

/** Outside a gateway call (a provider used on its own) there is no deadline. */
const UNBOUNDED: TimeBudget = { leftMs: () => Number.POSITIVE_INFINITY, minAttemptMs: 0 };

// The deadline travels with the call's async context rather than through ModelRequest: the
// gateway sets it once around all the API calls of one answer, the provider reads it per attempt.
const budgets = new AsyncLocalStorage<TimeBudget>();

/** Runs one model call (every API call of it) under a deadline `budgetMs` from now. */
export function withTimeBudget<R>(budget: { budgetMs: number; minAttemptMs: number }, call: () => Promise<R>): Promise<R> {
  const deadline = performance.now() + budget.budgetMs;
  return budgets.run({ leftMs: () => deadline - performance.now(), minAttemptMs: budget.minAttemptMs }, call);
}

export function timeBudget(): TimeBudget {
  return budgets.getStore() ?? UNBOUNDED;
}

/** Enough time left for one more API attempt. */
export const hasTimeForAttempt = (budget: TimeBudget = timeBudget()): boolean => budget.leftMs() >= budget.minAttemptMs;
