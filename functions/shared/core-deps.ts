// The dependencies every runtime shares, from already-built clients: the DynamoDB stores, the
// harness over the MCP tool transport and a model provider, and the requester directory.
// Used by the Lambda composition (lambda-app.ts) and the local runtime (local/backend.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDynamoStores } from '#harness/adapters/dynamo/index.js';
import { createHarness } from '#harness/index.js';
import type { Policy } from '#harness/policy/document.js';
import type { Clock, IdGenerator, ModelProvider, ToolTransport } from '#harness/ports.js';
import type { RequesterDirectory } from '../run-starter/start-run.js';
import type { ModelChoices } from './step-deps.js';

/** Default models per specialist (tenant config may choose others in a later issue). */
export const DEFAULT_MODELS: ModelChoices = {
  triage: 'claude-haiku-4-5',
  orderAgent: 'claude-sonnet-5',
  replyAgent: 'claude-sonnet-5',
  replyCheck: 'claude-haiku-4-5',
};

export function createCoreDeps(input: {
  doc: DynamoDBDocumentClient;
  tableName: string;
  tools: ToolTransport;
  models: ModelProvider;
  requesters: RequesterDirectory;
  clock: Clock;
  ids: IdGenerator;
  policy?: Policy;
  modelChoices?: ModelChoices;
}) {
  const stores = createDynamoStores({ client: input.doc, tableName: input.tableName, clock: input.clock, ids: input.ids });
  const harness = createHarness({
    tools: input.tools,
    journal: stores.journal,
    idempotency: stores.idempotency,
    models: input.models,
    policy: input.policy,
    clock: input.clock,
    ids: input.ids,
    runs: stores.runs,
  });
  return {
    stores,
    deps: {
      runs: stores.runs,
      approvals: stores.approvals,
      journal: stores.journal,
      events: stores.events,
      findRunsByOrder: stores.findRunsByOrder,
      harness,
      policy: harness.policy,
      requesters: input.requesters,
      clock: input.clock,
      ids: input.ids,
      models: input.modelChoices ?? DEFAULT_MODELS,
    },
  };
}

/** Requester look-ups through the helpdesk API (the email the ticket binds the order to). */
export function helpdeskRequesters(helpdesk: { getRequester(userId: string): Promise<{ email: string } | null> }): RequesterDirectory {
  return { emailOf: async (requesterId) => (await helpdesk.getRequester(requesterId))?.email ?? null };
}
