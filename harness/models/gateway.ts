// callModel: the checked path to a model. Reserve the worst-case cost against the run's cap, the
// tenant's daily cap and the specialist's turn cap (BudgetStore, conditional counters) before the
// call; validate the output after; settle the actual cost from the dated price table; one journal
// row; cost added to the run. Built by createHarness.
import { BudgetExceededError, InvalidModelOutputError } from '../errors.js';
import { boundDetail, safeArgsHash } from '../gateway/journal-detail.js';
import { journalResult, schemaProblems } from './model-output.js';
import type { BudgetLimit, BudgetReservation, BudgetStore, Clock, JournalStore, ModelProvider, ModelRequest, ModelResponse, RunStore, StepContext } from '../ports.js';
import { DEFAULT_BUDGET, utcDay, worstCaseMicros, type BudgetConfig } from './budget.js';
import { MODEL_PRICES, costMicros, type PriceTable } from './prices.js';

export interface ModelConfig extends BudgetConfig {
  prices: PriceTable;
  /** Calls after an output that fails its schema, told what was wrong (0 = none: fail at once). */
  repairAttempts?: number;
}

/** $0.25 a run, $40 a tenant-day, six turns a specialist. */
export const DEFAULT_MODEL_CONFIG: ModelConfig = { ...DEFAULT_BUDGET, prices: MODEL_PRICES };

export interface ModelGatewayDeps {
  models: ModelProvider;
  journal: JournalStore;
  clock: Clock;
  config: ModelConfig;
  budget: BudgetStore;
  runs?: RunStore;
}

const LIMIT_TEXT: Record<BudgetLimit, (config: ModelConfig) => string> = {
  run_cost: (c) => `the run's cost cap of ${c.runCostCapMicros} µ$`,
  tenant_daily_cost: (c) => `the tenant's daily cost cap of ${c.dailyCostCapMicros} µ$`,
  specialist_turns: (c) => `the cap of ${c.maxTurnsPerSpecialist} turns for this specialist`,
};

export function createModelGateway(deps: ModelGatewayDeps) {
  const { models, journal, clock, config, runs, budget } = deps;

  async function journalModel(ctx: StepContext, request: ModelRequest<unknown>, row: {
    outcome: 'ok' | 'error' | 'refused';
    detail: string;
    latencyMs: number;
    cost: number;
    response: ModelResponse<unknown> | null;
    rule?: string;
  }): Promise<void> {
    const bounded = row.response && row.outcome === 'ok' ? journalResult(row.response.output) : null;
    await journal.append({
      runId: ctx.runId,
      at: clock.now().toISOString(),
      step: ctx.step,
      kind: 'model',
      name: request.specialist,
      provider: models.name,
      // The system prompt is stable and the input is the step's data: hash, never store.
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
      ...(bounded ? { result: bounded.result, truncated: bounded.truncated } : {}),
      ...(row.rule ? { decision: 'refuse' as const, rule: row.rule } : {}),
    });
  }

  async function reserve(ctx: StepContext, request: ModelRequest<unknown>): Promise<BudgetReservation> {
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
    const error = new BudgetExceededError(`budget exceeded: ${LIMIT_TEXT[answer.limit](config)} would be passed (committed ${answer.committedMicros} µ$, this call up to ${micros} µ$)`, {
      context: { limit: answer.limit, committedMicros: answer.committedMicros, reserveMicros: micros },
    });
    await journalModel(ctx, request, { outcome: 'refused', detail: error.message, latencyMs: 0, cost: 0, response: null, rule: `budget_${answer.limit}` });
    throw error;
  }

  async function callModel<T>(ctx: StepContext, request: ModelRequest<T>): Promise<T> {
    const reservation = await reserve(ctx, request as ModelRequest<unknown>);
    const started = performance.now();
    let response: ModelResponse<T>;
    try {
      response = await models.complete(request);
    } catch (error) {
      // Usage unknown: the worst case stays reserved (settled as spent).
      const name = error instanceof Error ? error.name : 'Error';
      await journalModel(ctx, request, { outcome: 'error', detail: `provider failed: ${name}`, latencyMs: performance.now() - started, cost: 0, response: null });
      throw error;
    }
    const latencyMs = performance.now() - started;
    const cost = costMicros(models.name, response.model, response.usage, config.prices);
    await budget.settle(reservation, cost);
    if (cost > 0 && runs) await runs.addCost(ctx.runId, cost);
    const parsed = request.schema.safeParse(response.output);
    if (!parsed.success) {
      const paths = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
      const problems = schemaProblems(parsed.error);
      const error = new InvalidModelOutputError(`${request.specialist} output does not match its schema at ${paths}`, {
        context: { specialist: request.specialist, model: response.model, problems },
      });
      const repairsLeft = (config.repairAttempts ?? 0) - (request.repair ? 1 : 0);
      const detail = `${error.message}: ${problems.join('; ')}; ${describeResponse(response)}${request.repair ? '; after a repair' : ''}`;
      await journalModel(ctx, request, { outcome: 'error', detail, latencyMs, cost, response });
      // One repair: the same request, told what was wrong; its own reservation and journal row.
      if (repairsLeft > 0) return callModel(ctx, { ...request, repair: { previousOutput: response.output, problems } });
      throw error;
    }
    const detail = `${describeResponse(response)}${request.repair ? ', repaired' : ''}`;
    await journalModel(ctx, request, { outcome: 'ok', detail, latencyMs, cost, response });
    return parsed.data;
  }

  function describeResponse(response: ModelResponse<unknown>): string {
    const parts = [`stop ${response.stopReason}`];
    if (response.requestId) parts.push(`request ${response.requestId}`);
    if ((response.turns ?? 1) > 1) parts.push(`${response.turns} turns`);
    if ((response.attempts ?? 1) > 1) parts.push(`${response.attempts} attempts`);
    return parts.join(', ');
  }

  return { callModel };
}
