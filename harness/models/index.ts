// Public face of the kernel's model side: the gateway every model call goes through, the price
// table, the budget, the settings, the tools a tool-using specialist gets and the check of a model's
// answer. The providers that answer (anthropic, offline, replay, recorded) and the choice between
// them are adapters the composition root injects: harness/adapters/models/.
export { createModelGateway, DEFAULT_MODEL_CONFIG, type ModelConfig, type ModelGatewayDeps } from './gateway.js';
export { MODEL_PRICES, costMicros, priceFor, type ModelPrice, type PriceTable } from './prices.js';
export { DEFAULT_MAX_TURNS } from './budget.js';
export { DEFAULT_MODEL_CHOICES, NoModelProviderError, type ModelChoices } from './no-provider.js';
export { ModelSettings, ModelChoicesOverride, ModelSettingsError, parseModelSettings } from './settings.js';
export { modelTools, modelToolDefinitions, MODEL_TOOL_DESCRIPTIONS } from './tools.js';
export { journalResult, recordedOutput, schemaProblems } from './model-output.js';
