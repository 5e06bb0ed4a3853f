// The model providers, as adapters of the kernel's ModelProvider port (harness/ports.ts): the
// Anthropic API, the offline model (a deterministic, labelled test double that says "unclear" when it
// cannot read a ticket with confidence), a replay of a run's journal and a recorded corpus; and the
// choice between them from the settings. The composition root (functions/composition/core-deps.ts, the
// local runtime, the evals) picks one and hands it to the kernel's model gateway.
export { createOfflineModelProvider, OFFLINE_MODELS } from './offline/provider.js';
export { createAnthropicModelProvider, type AnthropicProviderOptions } from './anthropic/provider.js';
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
export { selectModels, modelProviderKind, OFFLINE_MODEL_CHOICES, type ModelProviderKind, type ModelSetup, type SelectDeps } from './select.js';
export { triageTicket, findOrderNumbers, detectLanguage } from './offline/triage.js';
export { proposeRefund } from './offline/order-agent.js';
export { writeReply, checkReply, type ReplyFacts } from './offline/reply.js';
