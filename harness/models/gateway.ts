// callModel: the checked path to a model. One specialist answer is a short series of API calls:
// the first, at most one retry with a larger max_tokens when the answer was cut, and one repair
// when it fails its schema, all within the turn cap (API calls, tool turns included) and one time
// budget; a refusal fails at once. Before each call the worst-case cost at the max_tokens actually
// sent is reserved against the run's cap, the tenant's daily cap and the specialist's turn cap
// (BudgetStore, conditional counters); after it the actual cost is settled from the dated price
// table, a journal row (with the stop reason) written and the cost added to the run. Built by
// createHarness.
import { BudgetExceededError, InvalidModelOutputError, type ErrorContext, ModelOutputTruncatedError, ModelRefusedError } from '../errors.js';
import { boundDetail, safeArgsHash } from '../gateway/journal-detail.js';
import { journalInput, journalResult, schemaProblems } from './model-output.js';
import { sha256Hex } from '../hash.js';
import type {
  BudgetLimit,
  BudgetReservation,
  BudgetStore,
  Clock,
  JournalStore,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  RunCostStore,
  StepContext,
} from '../ports.js';
import { DEFAULT_BUDGET, DEFAULT_MAX_TURNS, hasTimeForAttempt, utcDay, withTimeBudget, worstCaseMicros, type BudgetConfig } from './budget.js';
import { MODEL_PRICES, costMicros, priceFor, type PriceTable } from './prices.js';

export interface ModelConfig extends BudgetConfig {
  prices: PriceTable;
  /** Calls after an output that fails its schema, told what was wrong (0 = none: fail at once). */
  repairAttempts?: number;
}

/** $0.25 a run, $40 a tenant-day, six turns a specialist, 75 s a model call. */
export const DEFAULT_MODEL_CONFIG: ModelConfig = { ...DEFAULT_BUDGET, prices: MODEL_PRICES };

export interface ModelGatewayDeps {
  models: ModelProvider;
  journal: JournalStore;
  clock: Clock;
  config: ModelConfig;
  budget: BudgetStore;
  runs?: RunCostStore;
}

/** How the gateway reads a stop reason; any other (end_turn, stop_sequence, offline, replayed) is an answer to check. */
const STOP_KINDS: Readonly<Record<string, 'cut' | 'refused' | 'unfinished'>> = {
  max_tokens: 'cut',
  model_context_window_exceeded: 'cut',
  refusal: 'refused',
  tool_use: 'unfinished',
  pause_turn: 'unfinished',
};

/**
 * The request as sent: a tool user gets only the API calls left. A retry or a repair starts the
 * conversation again; the tools answer a repeated call from what they already returned (tools.ts).
 */
function withCallsLeft<T>(request: ModelRequest<T>, callsLeft: number): ModelRequest<T> {
  const tools = request.tools;
  if (!tools) return request;
  return { ...request, tools: { definitions: tools.definitions, execute: (name, input) => tools.execute(name, input), maxTurns: callsLeft } };
}

/** One model row: how the call ended and what it cost. */
interface ModelRow {
  outcome: 'ok' | 'error' | 'refused';
  detail: string;
  latencyMs: number;
  cost: number;
  response: ModelResponse<unknown> | null;
  rule?: string;
}

const LIMIT_TEXT: Record<BudgetLimit, (config: ModelConfig) => string> = {
  run_cost: (c) => `the run's cost cap of ${c.runCostCapMicros} µ$`,
  tenant_daily_cost: (c) => `the tenant's daily cost cap of ${c.dailyCostCapMicros} µ$`,
  specialist_turns: (c) => `the cap of ${c.maxTurnsPerSpecialist} turns for this specialist`,
};

async function journalModel(deps: ModelGatewayDeps, ctx: StepContext, request: ModelRequest<unknown>, row: ModelRow): Promise<void> {
  const { models, journal, clock } = deps;
  const bounded = row.response && row.outcome === 'ok' ? journalResult(row.response.output) : null;
  // An answered call keeps its question, so a new model or prompt can be asked it again.
  const asked = row.outcome === 'ok' ? journalInput(request.input) : null;
  await journal.append({
    runId: ctx.runId,
    at: clock.now().toISOString(),
    step: ctx.step,
    kind: 'model',
    name: request.specialist,
    provider: models.name,
    // The hash identifies the question; the bounded, redacted input below lets it be asked again.
    argsHash: safeArgsHash({ specialist: request.specialist, model: request.model, system: request.system, input: request.input }),
    outcome: row.outcome,
    detail: boundDetail(row.detail),
    latencyMs: Math.max(0, Math.round(row.latencyMs)),
    costMicros: row.cost,
    model: row.response?.model ?? request.model,
    // All prompt tokens, cached or not: the row has one input column; cost already weighs them.
    inputTokens: row.response ? row.response.usage.inputTokens + row.response.usage.cacheReadTokens + row.response.usage.cacheWriteTokens : null,
    outputTokens: row.response?.usage.outputTokens ?? null,
    cacheReadTokens: row.response?.usage.cacheReadTokens ?? null,
    cacheWriteTokens: row.response?.usage.cacheWriteTokens ?? null,
    idempotencyKey: null,
    // Its own field, never passed through redaction: the id that finds this call in the provider's logs.
    ...(row.response?.requestId ? { requestId: row.response.requestId.slice(0, 200) } : {}),
    ...(bounded ? { result: bounded.result, truncated: bounded.truncated } : {}),
    ...(asked ? { input: asked.input, inputTruncated: asked.truncated, promptVersion: sha256Hex(request.system).slice(0, 12) } : {}),
    ...(row.rule ? { decision: 'refuse' as const, rule: row.rule } : {}),
  });
}

async function reserve(deps: ModelGatewayDeps, ctx: StepContext, request: ModelRequest<unknown>): Promise<BudgetReservation> {
  const { models, clock, config, budget } = deps;
  const micros = worstCaseMicros(models.name, request, config, config.prices);
  const answer = await budget.reserve({
    tenant: ctx.tenant,
    runId: ctx.runId,
    day: utcDay(clock.now()),
    specialist: request.specialist,
    micros,
    runCapMicros: config.runCostCapMicros,
    dailyCapMicros: config.dailyCostCapMicros,
    maxTurns: config.maxTurnsPerSpecialist,
  });
  if (answer.ok) return answer.reservation;
  const passed = `${LIMIT_TEXT[answer.limit](config)} would be passed (committed ${answer.committedMicros} µ$, this call up to ${micros} µ$)`;
  const error = new BudgetExceededError(`budget exceeded: ${passed}`, {
    context: { limit: answer.limit, committedMicros: answer.committedMicros, reserveMicros: micros },
  });
  await journalModel(deps, ctx, request, { outcome: 'refused', detail: error.message, latencyMs: 0, cost: 0, response: null, rule: `budget_${answer.limit}` });
  throw error;
}

/** One provider call (with its own tool turns): reserve, call, settle. A failure is journaled and passed on. */
async function exchange<T>(
  deps: ModelGatewayDeps,
  ctx: StepContext,
  request: ModelRequest<T>,
): Promise<{ response: ModelResponse<T>; latencyMs: number; cost: number }> {
  const { models, config, runs, budget } = deps;
  const reservation = await reserve(deps, ctx, request as ModelRequest<unknown>);
  const started = performance.now();
  let response: ModelResponse<T>;
  try {
    response = await models.complete(request);
  } catch (error) {
    // Usage unknown: the worst case stays reserved (settled as spent).
    const name = error instanceof Error ? error.name : 'Error';
    const latencyMs = performance.now() - started;
    await journalModel(deps, ctx, request, { outcome: 'error', detail: `provider failed: ${name}`, latencyMs, cost: 0, response: null });
    throw error;
  }
  const latencyMs = performance.now() - started;
  const cost = costMicros(models.name, response.model, response.usage, config.prices);
  await budget.settle(reservation, cost);
  if (cost > 0 && runs) await runs.addCost(ctx.runId, cost);
  return { response, latencyMs, cost };
}

async function answer<T>(deps: ModelGatewayDeps, ctx: StepContext, request: ModelRequest<T>): Promise<T> {
  const { config } = deps;
  const { specialist } = request;
  const maxCalls = Math.max(1, request.tools?.maxTurns ?? DEFAULT_MAX_TURNS);
  const ceiling = priceFor(request.model, config.prices)?.maxOutputTokens ?? 0;
  // Every call carries the run id: a retry and a repair too, since they start from `next`.
  let next: ModelRequest<T> = { ...request, runId: ctx.runId, maxOutputTokens: request.maxOutputTokens ?? config.maxOutputTokens[specialist] };
  let calls = 0;
  let raised = false;
  let repairsLeft = config.repairAttempts ?? 0;

  for (;;) {
    const sent = withCallsLeft(next, maxCalls - calls);
    const { response, latencyMs, cost } = await exchange(deps, ctx, sent);
    calls += response.turns ?? 1;
    // Another API call only within the turn cap and the time budget.
    const canFollow = calls < maxCalls && hasTimeForAttempt();
    const said = describeResponse(response, raised ? sent.maxOutputTokens : undefined);
    const row = { latencyMs, cost, response };
    const context = { specialist, model: response.model, stopReason: response.stopReason, requestId: response.requestId };

    switch (STOP_KINDS[response.stopReason]) {
      case 'refused': {
        const error = new ModelRefusedError(`${specialist}: the model declined to answer (stop refusal)`, { context });
        await journalModel(deps, ctx, sent, { ...row, outcome: 'error', detail: `${error.message}; ${said}` });
        throw error;
      }
      case 'cut': {
        // Cut, not wrong: never repaired. One retry with twice the limit (within the model's own), its own reservation.
        const tokens = sent.maxOutputTokens ?? config.maxOutputTokens[specialist];
        const raiseTo = Math.min(tokens * 2, ceiling);
        const retry = response.stopReason === 'max_tokens' && !raised && raiseTo > tokens && canFollow;
        const message = `${specialist} answer cut at ${tokens} output tokens${raised ? ' after a retry with a larger limit' : ''}`;
        await journalModel(deps, ctx, sent, { ...row, outcome: 'error', detail: `${message}${retry ? `, retrying with ${raiseTo}` : ''}; ${said}` });
        if (!retry) throw new ModelOutputTruncatedError(message, { context: { ...context, maxOutputTokens: tokens } });
        raised = true;
        next = { ...next, maxOutputTokens: raiseTo };
        continue;
      }
      case 'unfinished': {
        const error = new InvalidModelOutputError(`${specialist} gave no answer within its ${maxCalls} API calls`, { context: { ...context, calls } });
        await journalModel(deps, ctx, sent, { ...row, outcome: 'error', detail: `${error.message}; ${said}` });
        throw error;
      }
    }

    const checked = await checkSchema(deps, ctx, request, { sent, row, said, context });
    if (checked.ok) return checked.data;
    // One repair: the same request, told what was wrong; its own reservation and journal row.
    if (repairsLeft <= 0 || !canFollow) throw checked.error;
    repairsLeft -= 1;
    next = { ...next, repair: { previousOutput: response.output, problems: checked.problems } };
  }
}

/** One API call's reply as answer() journals it: the request as sent, the row's figures, what the reply said. */
interface Reply<T> {
  sent: ModelRequest<T>;
  row: Pick<ModelRow, 'latencyMs' | 'cost'> & { response: ModelResponse<T> };
  said: string;
  context: ErrorContext;
}

/** The reply checked against the step's schema: its data, or the journaled error and the problems a repair is told. */
async function checkSchema<T>(
  deps: ModelGatewayDeps,
  ctx: StepContext,
  request: ModelRequest<T>,
  reply: Reply<T>,
): Promise<{ ok: true; data: T } | { ok: false; error: InvalidModelOutputError; problems: string[] }> {
  const { sent, row, said, context } = reply;
  const parsed = request.schema.safeParse(row.response.output);
  if (parsed.success) {
    await journalModel(deps, ctx, sent, { ...row, outcome: 'ok', detail: `${said}${sent.repair ? ', repaired' : ''}` });
    return { ok: true, data: parsed.data };
  }
  const paths = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
  const problems = schemaProblems(parsed.error);
  const error = new InvalidModelOutputError(`${request.specialist} output does not match its schema at ${paths}`, { context: { ...context, problems } });
  const detail = `${error.message}: ${problems.join('; ')}; ${said}${sent.repair ? '; after a repair' : ''}`;
  await journalModel(deps, ctx, sent, { ...row, outcome: 'error', detail });
  return { ok: false, error, problems };
}

function describeResponse(response: ModelResponse<unknown>, raisedTokens?: number): string {
  const parts = [`stop ${response.stopReason}`];
  if (response.requestId) parts.push(`request ${response.requestId}`);
  if (raisedTokens !== undefined) parts.push(`max_tokens ${raisedTokens}`);
  if ((response.turns ?? 1) > 1) parts.push(`${response.turns} turns`);
  if ((response.attempts ?? 1) > 1) parts.push(`${response.attempts} attempts`);
  return parts.join(', ');
}

export function createModelGateway(deps: ModelGatewayDeps) {
  const { config } = deps;
  return {
    callModel: async <T>(ctx: StepContext, request: ModelRequest<T>): Promise<T> =>
      withTimeBudget({ budgetMs: config.timeBudgetMs, minAttemptMs: config.minAttemptMs }, () => answer(deps, ctx, request)),
  };
}
