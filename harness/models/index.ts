// Public face of the model side: the gateway, the price table, the providers (anthropic, offline,
// replay, recorded), the provider selection and settings, and the tools a tool-using specialist gets.
export { createModelGateway, DEFAULT_MODEL_CONFIG, type ModelConfig, type ModelGatewayDeps } from './gateway.js';
export { MODEL_PRICES, costMicros, priceFor, type ModelPrice, type PriceTable } from './prices.js';
export { createOfflineModelProvider, OFFLINE_MODELS } from './offline/provider.js';
export { createAnthropicModelProvider, DEFAULT_MAX_TURNS, type AnthropicProviderOptions } from './anthropic/provider.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './anthropic/retry.js';
export { createReplayModelProvider, replayRun, journalRowsOf, type ReplayModelProvider } from './replay/provider.js';
export {
  createRecordedModelProvider,
  createRecordingModelProvider,
  readCorpus,
  type Corpus,
  type RecordedModelProvider,
  type RecordingModelProvider,
} from './recorded/index.js';
export {
  selectModels,
  modelProviderKind,
  NoModelProviderError,
  DEFAULT_MODEL_CHOICES,
  OFFLINE_MODEL_CHOICES,
  type ModelChoices,
  type ModelProviderKind,
  type ModelSetup,
  type SelectDeps,
} from './select.js';
export { ModelSettings, ModelChoicesOverride, ModelSettingsError, parseModelSettings } from './settings.js';
export { modelTools, modelToolDefinitions, MODEL_TOOL_DESCRIPTIONS } from './tools.js';
export { journalResult, recordedOutput, schemaProblems } from './model-output.js';
export { triageTicket, findOrderNumbers, detectLanguage } from './offline/triage.js';
export { proposeRefund } from './offline/order-agent.js';
export { writeReply, checkReply, type ReplyFacts } from './offline/reply.js';
