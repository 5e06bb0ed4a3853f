// callModel: the checked path to a model. Cost cap before the call, schema validation after,
// cost from the dated price table, one journal row, cost added to the run. Built by createHarness.
import { BudgetExceededError, InvalidModelOutputError } from '../errors.js';
import { boundDetail, safeArgsHash } from '../gateway/journal-detail.js';
import type { Clock, JournalStore, ModelProvider, ModelRequest, ModelResponse, RunStore, StepContext } from '../ports.js';
import { MODEL_PRICES, costMicros, type PriceTable } from './prices.js';

export interface ModelConfig {
  /** Per-run cost cap in micro-dollars; a run at or above it makes no further model call. */
  runCostCapMicros: number;
  prices: PriceTable;
}

/** $0.25 a run: about seven clean runs' worth of model calls. */
export const DEFAULT_MODEL_CONFIG: ModelConfig = { runCostCapMicros: 250_000, prices: MODEL_PRICES };

export interface ModelGatewayDeps {
  models: ModelProvider;
  journal: JournalStore;
  clock: Clock;
  config: ModelConfig;
  runs?: RunStore;
}

export function createModelGateway(deps: ModelGatewayDeps) {
  const { models, journal, clock, config, runs } = deps;

  async function journalModel(ctx: StepContext, request: ModelRequest<unknown>, row: {
    outcome: 'ok' | 'error' | 'refused';
    detail: string;
    latencyMs: number;
    cost: number;
    response: ModelResponse<unknown> | null;
  }): Promise<void> {
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
      idempotencyKey: null,
    });
  }

  async function callModel<T>(ctx: StepContext, request: ModelRequest<T>): Promise<T> {
    if (runs) {
      const run = await runs.get(ctx.runId);
      if (run && run.costMicros >= config.runCostCapMicros) {
        const error = new BudgetExceededError(`run cost ${run.costMicros} µ$ reached the cap of ${config.runCostCapMicros} µ$`, {
          context: { costMicros: run.costMicros, capMicros: config.runCostCapMicros },
        });
        await journalModel(ctx, request, { outcome: 'refused', detail: error.message, latencyMs: 0, cost: 0, response: null });
        throw error;
      }
    }
    const started = performance.now();
    let response: ModelResponse<T>;
    try {
      response = await models.complete(request);
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      await journalModel(ctx, request, { outcome: 'error', detail: `provider failed: ${name}`, latencyMs: performance.now() - started, cost: 0, response: null });
      throw error;
    }
    const latencyMs = performance.now() - started;
    const cost = costMicros(models.name, response.model, response.usage, config.prices);
    if (cost > 0 && runs) await runs.addCost(ctx.runId, cost);
    const parsed = request.schema.safeParse(response.output);
    if (!parsed.success) {
      const paths = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
      const error = new InvalidModelOutputError(`${request.specialist} output does not match its schema at ${paths}`, {
        context: { specialist: request.specialist, model: response.model },
      });
      await journalModel(ctx, request, { outcome: 'error', detail: error.message, latencyMs, cost, response });
      throw error;
    }
    const detail = `stop ${response.stopReason}${response.requestId ? `, request ${response.requestId}` : ''}`;
    await journalModel(ctx, request, { outcome: 'ok', detail, latencyMs, cost, response });
    return parsed.data;
  }

  return { callModel };
}

