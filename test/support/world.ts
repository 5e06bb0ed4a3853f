// The suites' world: the demo sandbox store and helpdesk, our MCP server in front of them and the
// harness's MCP client, all on loopback HTTP; DynamoDB stores on dynalite (or DynamoDB Local); and a
// run that has passed the Gate for an order of the demo store, built from facts the harness read.
import { createInMemoryLockStore } from '#harness/adapters/memory/locks.js';
import { bearerCredentials, createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import { createDynamoStores, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { OrderFacts, Proposal, Triage } from '#harness/domain/types.js';
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import { DEFAULT_POLICY, decideGate } from '#harness/policy/index.js';
import type { ApprovalRecord, ModelProvider, ToolTransport } from '#harness/ports.js';
import { createHarness, type Harness, type HarnessDeps } from '#harness/harness.js';
import { createMcpDeps } from '#mcp/deps.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { startSandboxHelpdesk, startSandboxStore, type SandboxFixture } from '#local/sandbox/index.js';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock, HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from './sandboxes.js';

export { clock };
/** One token per tool-calling function, as the local runtime mints them: each step calls as itself. */
export const CALLER_TOKENS = mintCallerTokens();

export interface World {
  sandboxes: Sandboxes;
  mcp: LocalMcpServer;
  tools: ToolTransport;
  stores: DynamoStores;
  /** A fresh harness over the same stores and server (a new Lambda container after a crash). */
  harness(overrides?: Partial<HarnessDeps>): Harness;
  /** Refunds the sandbox store holds for an order number (the provider's truth). */
  refundsOf(orderNumber: string): Promise<Array<{ id: string; amountMinor: number }>>;
  close(): Promise<void>;
}

let seq = 0;
export const ids = { random: () => `id${String(++seq).padStart(8, '0')}${Math.random().toString(36).slice(2, 8)}` };

/** The sandboxes seeded from another fixture than the demo store's. */
async function startSandboxes(fixture: SandboxFixture): Promise<Sandboxes> {
  const store = await startSandboxStore({ fixture, clock, accessToken: STORE_TOKEN });
  const helpdesk = await startSandboxHelpdesk({ fixture, clock, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN });
  return { store, helpdesk, close: async () => void (await Promise.all([store.close(), helpdesk.close()])) };
}

export async function startWorld(
  db: { doc: DynamoDBDocumentClient; tableName: string },
  models: ModelProvider = createOfflineModelProvider(),
  options: { fixture?: SandboxFixture } = {},
): Promise<World> {
  const sandboxes = options.fixture ? await startSandboxes(options.fixture) : await startDemoSandboxes();
  const deps = createMcpDeps(
    {
      shopUrl: sandboxes.store.url,
      shopifyAdminToken: STORE_TOKEN,
      helpdesk: { baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN },
    },
    clock,
  );
  const mcp = await startMcpHttpServer({ deps, callerTokens: CALLER_TOKENS });
  const tools = createMcpToolTransport({ url: mcp.url, credentials: bearerCredentials(CALLER_TOKENS), serverId: 'refund-agent-mcp', timeoutMs: 5000 });
  const stores = createDynamoStores({ client: db.doc, tableName: db.tableName, clock, ids });
  return {
    sandboxes,
    mcp,
    tools,
    stores,
    harness: (overrides = {}) =>
      createHarness({
        tools,
        journal: stores.journal,
        idempotency: stores.idempotency,
        models,
        clock,
        ids,
        runs: stores.runs,
        budget: stores.budget,
        // Each harness its own customer lock, as each was before createHarness required one: a crash
        // suite's dead attempt would otherwise hold the customer's lease (2 min) over the next test's run.
        locks: createInMemoryLockStore({ clock }),
        sleep: async () => {},
        ...overrides,
      }),
    async refundsOf(orderNumber) {
      const order = sandboxes.store.store.orders.find((o) => o.name === `#${orderNumber}`);
      return (order?.refunds ?? []).map((r) => ({ id: r.id, amountMinor: r.amountMinor }));
    },
    async close() {
      await mcp.close();
      await sandboxes.close();
    },
  };
}

/** The proposal ProposeRefund would make: quantity 1 of the order's first line, at its unit price. */
function firstLineProposal(facts: OrderFacts): Proposal {
  const line = facts.lineItems[0]!;
  return {
    remedy: 'refund',
    lineItems: [{ lineItemId: line.id, quantity: 1, quote: 'It arrived broken' }],
    amountMinor: line.unitPriceMinor,
    currency: facts.currency,
    reason: 'damaged',
    unclear: null,
    evidence: ['ticket'],
  };
}

/** Triage of a plain damaged-item refund request naming the order. */
function damagedTriage(orderNumber: string): Triage {
  return {
    intent: 'refund_request',
    confidence: 0.9,
    orderNumber,
    orderNumbersMentioned: [orderNumber],
    orderQuote: null,
    language: 'en',
    reason: 'damaged',
    itemHints: [],
    riskFlags: [],
  };
}

/** The Zendesk ticket the run answers: "It arrived broken." from the requester, received now. */
function brokenItemTicket(tenant: string, runId: string, requesterEmail: string, now: string): Run['ticket'] {
  return {
    tenant,
    helpdesk: 'zendesk',
    eventId: `evt-${runId}`,
    eventType: 'ticket.created',
    ticketId: '5001',
    requesterId: '9001',
    requesterEmail,
    subject: 'Broken',
    body: 'It arrived broken.',
    receivedAt: now,
  };
}

/** A run that went through CheckOrder, ProposeRefund (quantity 1 of the first line) and Gate, stored. */
export async function gatedRun(world: World, input: { runId: string; orderNumber: string; requesterEmail: string; tenant?: string }): Promise<Run> {
  const tenant = input.tenant ?? 'demo';
  const h = world.harness();
  const ctx = { tenant, runId: input.runId, step: 'CheckOrder' as const, boundOrderId: null };
  const { order } = await h.callTool(ctx, 'get_order', { orderNumber: input.orderNumber });
  const facts = toOrderFacts(order, 0);
  const proposal = firstLineProposal(facts);
  const triage = damagedTriage(input.orderNumber);
  const now = clock.now().toISOString();
  const ticket = brokenItemTicket(tenant, input.runId, input.requesterEmail, now);
  const gate = decideGate({
    ticketEmail: input.requesterEmail,
    customerText: [ticket.subject, ticket.body],
    ticketReceivedAt: now,
    triage,
    order: facts,
    proposal,
    policy: DEFAULT_POLICY,
    now: clock.now(),
  });
  const run: Run = {
    runId: input.runId,
    tenant,
    status: 'running',
    state: 'Gate',
    ticket,
    triage,
    order: facts,
    proposal,
    gate,
    approval: null,
    refund: null,
    draft: null,
    escalation: null,
    costMicros: 0,
    createdAt: now,
    updatedAt: now,
  };
  await world.stores.runs.create(run);
  return run;
}

/** The approval RequestApproval would store, already approved by a lead. */
export async function approve(world: World, run: Run, overrides: Partial<ApprovalRecord> = {}): Promise<ApprovalRecord> {
  const preview = await world.harness().previewRefund({ tenant: run.tenant, runId: run.runId, step: 'RequestApproval', boundOrderId: run.order!.orderId }, run);
  const record: ApprovalRecord = {
    approvalId: `apr_${run.runId}`,
    status: 'approved',
    argsHash: preview.argsHash,
    amountMinor: preview.amountMinor,
    currency: preview.currency,
    requestedAt: clock.now().toISOString(),
    expiresAt: new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
    decidedBy: 'lead@demo-store.example',
    decidedAt: clock.now().toISOString(),
    reason: null,
    runId: run.runId,
    tenant: run.tenant,
    taskToken: 'task-token-secret',
    formToken: 'form-token-secret',
    tool: 'refund_create',
    policyVersion: run.gate!.policyVersion,
    ...overrides,
  };
  await world.stores.approvals.create(record);
  const { approvalId, status, argsHash, amountMinor, currency, requestedAt, expiresAt, decidedBy, decidedAt, reason } = record;
  await world.stores.runs.update(run.runId, {
    approval: { approvalId, status, argsHash, amountMinor, currency, requestedAt, expiresAt, decidedBy, decidedAt, reason },
    state: 'RequestApproval',
  });
  return record;
}
