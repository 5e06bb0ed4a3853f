// The dependencies every runtime shares, from already-built clients: the DynamoDB stores, the
// harness over the MCP tool transport and the model provider chosen from the model settings
// (anthropic with a key, offline without, replay on request), and the requester directory.
import { createProductMetrics, NO_METRICS } from '#harness/metrics.js';
import { createMetricsEmitter, type MetricSink } from '#shared/metrics.js';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { storeDepsOf } from '../shared/step/store-deps.js';
import { createHarness } from '#harness/index.js';
import { DEFAULT_MODEL_CHOICES, type ModelSettings } from '#harness/models/index.js';
import { selectModels, type SelectDeps } from '#harness/adapters/models/index.js';
import type { Policy } from '#harness/policy/document.js';
import type { Clock, IdGenerator, ModelProvider, ToolTransport } from '#harness/ports.js';
import type { RequesterDirectory } from '../shared/requesters.js';
import type { ModelChoices } from '../shared/step/deps.js';

/** Default models per specialist; the tenant config's `models` (MODEL_CHOICES) overrides them. */
export const DEFAULT_MODELS: ModelChoices = DEFAULT_MODEL_CHOICES;

/** One repair call after an output that fails its schema, then the step fails to Escalate. */
const MODEL_REPAIR_ATTEMPTS = 1;

export function createCoreDeps(input: {
  doc: DynamoDBDocumentClient;
  tableName: string;
  tools: ToolTransport;
  /** A provider built by the caller (tests); otherwise one is chosen from `modelSettings`. */
  models?: ModelProvider;
  /** Parsed at the edge (parseModelSettings); absent = offline. */
  modelSettings?: ModelSettings;
  /** Test seams of the provider selection (a client on a local fake Messages API). */
  modelSelectDeps?: Omit<SelectDeps, 'journal'>;
  requesters: RequesterDirectory;
  clock: Clock;
  ids: IdGenerator;
  policy?: Policy;
  modelChoices?: ModelChoices;
  /** Where metric lines (CloudWatch EMF) go: stdout in Lambda, the local runtime's log locally. */
  metricSink?: MetricSink;
  /** Days run and journal rows are kept (TTL); the stores' default (400) when absent. */
  retentionDays?: number;
}) {
  const metrics = input.metricSink ? createProductMetrics(createMetricsEmitter({ sink: input.metricSink, clock: input.clock })) : NO_METRICS;
  const stores = createDynamoStores({
    client: input.doc,
    tableName: input.tableName,
    clock: input.clock,
    ids: input.ids,
    ...(input.retentionDays === undefined ? {} : { retentionDays: input.retentionDays }),
  });
  const selected = input.models
    ? { provider: input.models, choices: null }
    : selectModels(input.modelSettings ?? {}, { ...input.modelSelectDeps, journal: stores.journal });
  const models = selected.provider;
  const harness = createHarness({
    tools: input.tools,
    journal: stores.journal,
    idempotency: stores.idempotency,
    models,
    modelConfig: { repairAttempts: MODEL_REPAIR_ATTEMPTS },
    policy: input.policy,
    clock: input.clock,
    ids: input.ids,
    runs: stores.runs,
    budget: stores.budget,
    locks: stores.locks,
    metrics,
  });
  return {
    stores,
    deps: {
      ...storeDepsOf(stores, metrics),
      harness,
      policy: harness.policy,
      requesters: input.requesters,
      clock: input.clock,
      ids: input.ids,
      models: input.modelChoices ?? selected.choices ?? DEFAULT_MODELS,
    },
  };
}

// In a file of its own so the Lambda entries compose it without this file's model providers.
export { helpdeskRequesters } from '../shared/requesters.js';
