// Chooses the model provider and the model of each specialist from parsed settings (settings.ts).
// Named by MODEL_PROVIDER; locally, without it, anthropic when a key is configured and offline
// (deterministic, free) when not. Deployed the provider is never inferred: a function whose
// environment names none calls no model, and a model call there fails closed (NoModelProviderError).
// Also says how long one model call can take with the chosen settings (worstCaseModelCallMs).
import { readFileSync } from 'node:fs';
import { HarnessConfigError } from '../../errors.js';
import type { JournalStore, ModelProvider } from '../../ports.js';
import { createAnthropicModelProvider, DEFAULT_TIMEOUT_MS, type AnthropicProviderOptions } from './anthropic/provider.js';
import { DEFAULT_RETRY_POLICY, worstCaseApiCallMs, type RetryPolicy } from './anthropic/retry.js';
import { DEFAULT_BUDGET, DEFAULT_MAX_TURNS, type BudgetConfig } from '../../models/budget.js';
import { createOfflineModelProvider, OFFLINE_MODELS } from './offline/provider.js';
import { createReplayModelProvider, journalRowsOf } from './replay/provider.js';
import { ModelSettingsError, type ModelSettings } from '../../models/settings.js';
import { DEFAULT_MODEL_CHOICES, noModelProvider, type ModelChoices } from '../../models/no-provider.js';

// The defaults and the no-model provider live apart (no-provider.ts), so the functions that call no
// model compose without the providers (and the Anthropic SDK) in their bundles.
export { DEFAULT_MODEL_CHOICES, NoModelProviderError, type ModelChoices } from '../../models/no-provider.js';

export const OFFLINE_MODEL_CHOICES: ModelChoices = {
  triage: OFFLINE_MODELS.triage,
  orderAgent: OFFLINE_MODELS.order_agent,
  replyAgent: OFFLINE_MODELS.reply_agent,
  replyCheck: OFFLINE_MODELS.reply_check,
};

export interface ModelSetup {
  provider: ModelProvider;
  choices: ModelChoices;
}

export interface SelectDeps {
  /** The journal a REPLAY_RUN_ID is read from. */
  journal?: JournalStore;
  /** Test seams of the anthropic provider (a client on a local fake, an instant sleep). */
  anthropic?: Pick<AnthropicProviderOptions, 'client' | 'sleep' | 'retry'>;
  readFile?: (path: string) => string;
}

export type ModelProviderKind = 'anthropic' | 'offline' | 'replay' | 'none';

/**
 * Which provider the settings choose. MODEL_PROVIDER when set. Deployed without it, none: the parser
 * refused every model setting that comes without a provider, so this function calls no model.
 * Locally without it, anthropic with a key and offline without one (`npm start` prints which).
 */
export function modelProviderKind(settings: ModelSettings): ModelProviderKind {
  if (settings.MODEL_PROVIDER) return settings.MODEL_PROVIDER;
  if (settings.AWS_LAMBDA_FUNCTION_NAME) return 'none';
  return settings.ANTHROPIC_API_KEY ? 'anthropic' : 'offline';
}

/**
 * The longest one model call (callModel) can take with these settings: its API calls (the turn
 * cap), each with every attempt timing out (MODEL_TIMEOUT_MS), the longest backoffs and the
 * fallback model (MODEL_FALLBACK), bounded by the gateway's time budget, which cuts every attempt
 * to the time left. Offline and replayed answers take no network time. The unit tests hold it
 * against the model-calling Lambdas' timeouts.
 */
export function worstCaseModelCallMs(
  settings: ModelSettings,
  budget: Pick<BudgetConfig, 'timeBudgetMs'> = DEFAULT_BUDGET,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): number {
  if (modelProviderKind(settings) !== 'anthropic') return 0;
  const perApiCall = worstCaseApiCallMs({ timeoutMs: settings.MODEL_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS, policy, models: settings.MODEL_FALLBACK ? 2 : 1 });
  return Math.min(DEFAULT_MAX_TURNS * perApiCall, budget.timeBudgetMs);
}

export function selectModels(settings: ModelSettings, deps: SelectDeps = {}): ModelSetup {
  const kind = modelProviderKind(settings);
  const chosen: ModelChoices = { ...DEFAULT_MODEL_CHOICES, ...settings.MODEL_CHOICES };
  switch (kind) {
    case 'anthropic':
      // parseModelSettings refuses this already; settings built by hand must not reach the SDK's own env lookup.
      if (!settings.ANTHROPIC_API_KEY) throw new ModelSettingsError(['ANTHROPIC_API_KEY: MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY']);
      return {
        provider: createAnthropicModelProvider({
          apiKey: settings.ANTHROPIC_API_KEY,
          baseURL: settings.ANTHROPIC_BASE_URL,
          timeoutMs: settings.MODEL_TIMEOUT_MS,
          fallbackModel: settings.MODEL_FALLBACK,
          ...deps.anthropic,
        }),
        choices: chosen,
      };
    case 'replay': {
      const { REPLAY_JOURNAL: file, REPLAY_RUN_ID: runId } = settings;
      const read = deps.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
      const journal = deps.journal;
      const provider = file
        ? createReplayModelProvider(journalRowsOf(JSON.parse(read(file)) as unknown))
        : createReplayModelProvider(async () => {
            if (!journal || !runId) throw new HarnessConfigError('replay by run id needs the journal store');
            return journal.listByRun(runId);
          });
      return { provider, choices: chosen };
    }
    case 'offline':
      return { provider: createOfflineModelProvider(), choices: OFFLINE_MODEL_CHOICES };
    case 'none':
      return { provider: noModelProvider(), choices: chosen };
  }
}
