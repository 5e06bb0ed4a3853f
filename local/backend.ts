// The local runtime's back half: the MCP server on loopback in front of the sandbox store and
// helpdesk, the MCP client the harness calls it through, and the shared core dependencies. Each
// tool-calling function has its own caller token (the local stand-in for its IAM role), so the
// server's per-caller tool permissions apply locally as deployed. The model provider follows the
// model settings (offline when none are given, as `npm start` runs).
import type { Clock, IdGenerator } from '#harness/ports.js';
import type { Policy } from '#harness/policy/document.js';
import { bearerCredentials, createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import type { ModelSettings } from '#harness/models/index.js';
import type { ModelSetup, SelectDeps } from '#harness/adapters/models/index.js';
import { createMcpDeps } from '#mcp/deps.js';
import { startMcpHttpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { createHelpdesk, type HelpdeskConnector } from '#shared/helpdesk/index.js';
import { createCoreDeps, helpdeskRequesters } from '#functions/composition/core-deps.js';
import type { LocalDynamo } from './emulators/dynamo.js';

export async function createBackend(input: {
  dynamo: LocalDynamo;
  storeUrl: string;
  storeToken: string;
  helpdeskUrl: string;
  helpdeskEmail: string;
  helpdeskToken: string;
  /** The tenant's helpdesk API (the sandbox helpdesk speaks both); default zendesk. */
  helpdeskConnector?: HelpdeskConnector;
  mcpPort: number;
  clock: Clock;
  ids: IdGenerator;
  /** Parsed at the edge (parseModelSettings in local/main.ts); absent = the offline provider. */
  modelSettings?: ModelSettings;
  /** A provider and models built by the caller; given, modelSettings choose nothing. */
  models?: ModelSetup;
  metricSink?: (line: string) => void;
  modelSelectDeps?: Omit<SelectDeps, 'journal'>;
  /** The tenant's refund policy (the store's time zone among it); the default policy when absent. */
  policy?: Policy;
}) {
  const helpdeskConfig = { kind: input.helpdeskConnector ?? 'zendesk', baseUrl: input.helpdeskUrl, email: input.helpdeskEmail, token: input.helpdeskToken };
  // One credential per tool-calling function for our MCP server: minted per start, never in a prompt or a log.
  const callerTokens = mintCallerTokens();
  const mcp = await startMcpHttpServer({
    deps: createMcpDeps({ shopUrl: input.storeUrl, shopifyAdminToken: input.storeToken, helpdesk: helpdeskConfig }, input.clock),
    callerTokens,
    port: input.mcpPort,
  });
  const core = createCoreDeps({
    ...(input.policy ? { policy: input.policy } : {}),
    metricSink: input.metricSink,
    doc: input.dynamo.doc,
    tableName: input.dynamo.tableName,
    tools: createMcpToolTransport({ url: mcp.url, credentials: bearerCredentials(callerTokens), serverId: 'refund-agent-mcp' }),
    modelSettings: input.modelSettings ?? {},
    ...(input.models ? { models: input.models.provider, modelChoices: input.models.choices } : {}),
    modelSelectDeps: input.modelSelectDeps,
    requesters: helpdeskRequesters(createHelpdesk(helpdeskConfig.kind, helpdeskConfig)),
    clock: input.clock,
    ids: input.ids,
  });
  return { ...core, mcpUrl: mcp.url, close: () => mcp.close() };
}
