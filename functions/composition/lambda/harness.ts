// The harness for the entries that call tools or decide (the steps, the approval pages, the console,
// cancel and the run starter): the table's stores and what the entry reaches. The MCP server where the
// function is an MCP client (tools.ts), a transport that fails closed elsewhere (the gate); the chosen
// model provider in the model steps (models.ts), one that fails closed everywhere else.
import { createHarness, type Harness } from '#harness/harness.js';
import type { ModelProvider, ToolTransport } from '#harness/ports.js';
import { DEFAULT_MODEL_CHOICES, noModelProvider, type ModelChoices } from '#harness/models/no-provider.js';
import type { LambdaBase } from '../lambda-app.js';
import { tableOf } from './table.js';
import { policyOf } from './tenant.js';

/** One repair call after an output that fails its schema, then the step fails to Escalate (as core-deps.ts). */
const MODEL_REPAIR_ATTEMPTS = 1;

export interface LambdaModels {
  provider: ModelProvider;
  choices: ModelChoices;
}

/** A function that calls no model (infra gives it no MODEL_PROVIDER): every model call fails closed, as selectModels' `none`. */
export const NO_MODELS: LambdaModels = { provider: noModelProvider(), choices: DEFAULT_MODEL_CHOICES };

/** A function that is no MCP client (infra gives it no MCP_URL, its role may not invoke the server): every tool call fails closed. */
export const NO_TOOLS: ToolTransport = {
  serverId: 'refund-agent-mcp',
  call: async () => {
    throw new Error('missing configuration MCP_URL: this function calls no tools');
  },
  listTools: async () => {
    throw new Error('missing configuration MCP_URL: this function calls no tools');
  },
};

const harnesses = new WeakMap<LambdaBase, Harness>();

/** What an entry's harness reaches: its model provider and its tools (toolsOf in tools.ts, or NO_TOOLS). */
export interface LambdaReach {
  models: LambdaModels;
  tools: ToolTransport;
}

/** The container's harness over what the entry reaches (one per container: an entry passes one). */
export function harnessOf(base: LambdaBase, reach: LambdaReach): Harness {
  const existing = harnesses.get(base);
  if (existing) return existing;
  const { stores, metrics } = tableOf(base);
  const harness = createHarness({
    tools: reach.tools,
    journal: stores.journal,
    idempotency: stores.idempotency,
    models: reach.models.provider,
    modelConfig: { repairAttempts: MODEL_REPAIR_ATTEMPTS },
    policy: policyOf(base),
    clock: base.clock,
    ids: base.ids,
    runs: stores.runs,
    budget: stores.budget,
    locks: stores.locks,
    metrics,
  });
  harnesses.set(base, harness);
  return harness;
}
