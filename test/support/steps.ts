// Test support for the step use cases and HTTP handlers in functions/: a workflow engine that
// records what it is told, synthetic API Gateway v2 events, runs at a given step, and an approval
// record as RequestApproval stores it. Builds on the harness fixtures (in-memory stores, a fake MCP
// transport, the offline models) so the use cases run through the real harness and policy.
import type { HttpEvent } from '#functions/shared/http.js';
import { DEFAULT_MODELS } from '#functions/composition/core-deps.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { RefundReceipt } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, makeOrder, makeProposal, makeRun, makeTriage, ticketIn } from './fixtures.js';
import { setupHarness } from './harness.js';

export { NOW, daysAgo, fixedClock, makeOrder, makeRun, makeTriage, makeProposal } from './fixtures.js';

/** A WorkflowEngine that records every call; `failStart` makes the next start throw. */
export function recordingWorkflow() {
  const starts: Array<{ name: string; input: { runId: string } }> = [];
  const successes: Array<{ taskToken: string; output: Record<string, unknown> }> = [];
  const failures: Array<{ taskToken: string; error: string; cause: string }> = [];
  const startedNames = new Set<string>();
  let failNextStart: Error | null = null;
  const engine: WorkflowEngine & { failStart(error: Error): void } = {
    async start(input) {
      starts.push(structuredClone(input));
      if (failNextStart) {
        const error = failNextStart;
        failNextStart = null;
        throw error;
      }
      const started = !startedNames.has(input.name);
      startedNames.add(input.name);
      return { started };
    },
    async sendTaskSuccess(taskToken, output) {
      successes.push({ taskToken, output: structuredClone(output) });
    },
    async sendTaskFailure(taskToken, error, cause) {
      failures.push({ taskToken, error, cause });
    },
    failStart(error) {
      failNextStart = error;
    },
  };
  return { engine, starts, successes, failures };
}

/** A synthetic API Gateway HTTP API (payload v2) event, as the Lambda integration delivers it. */
export function httpEvent(input: {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: string;
  base64?: boolean;
  contentType?: string;
}): HttpEvent {
  const rawQueryString = new URLSearchParams(input.query ?? {}).toString();
  return {
    version: '2.0',
    routeKey: `${input.method} ${input.path}`,
    rawPath: input.path,
    rawQueryString,
    headers: { host: 'abc123.execute-api.us-east-1.amazonaws.com', ...(input.contentType ? { 'content-type': input.contentType } : {}) },
    queryStringParameters: input.query,
    pathParameters: input.pathParameters,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: input.method, path: input.path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: `${input.method} ${input.path}`,
      stage: '$default',
      time: '23/Sep/2026:12:00:00 +0000',
      timeEpoch: NOW.getTime(),
    },
    body: input.body === undefined ? undefined : input.base64 ? Buffer.from(input.body, 'utf8').toString('base64') : input.body,
    isBase64Encoded: input.base64 ?? false,
  };
}

/** A POST of the approval page's form, url-encoded like a browser sends it. */
export function formPost(approvalId: string, fields: Record<string, string>, options: { base64?: boolean } = {}): HttpEvent {
  return httpEvent({
    method: 'POST',
    path: `/approvals/${approvalId}`,
    pathParameters: { approvalId },
    body: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
    base64: options.base64,
  });
}

/** A run that went through Triage, CheckOrder and ProposeRefund for `order` (default: an 1800 mug). */
export function proposedRun(overrides: Partial<Run> = {}, order: Order = makeOrder()): Run {
  const facts = toOrderFacts(order, 0);
  // A triage in another language than English: the customer's words are in it (the reply's language is read from them).
  const language = overrides.triage?.language;
  const words = language && !overrides.ticket ? { ticket: { ...makeRun().ticket, ...ticketIn(language) } } : {};
  return makeRun({ state: 'ProposeRefund', triage: makeTriage(), order: facts, proposal: makeProposal(facts), ...words, ...overrides });
}

/** The receipt the Refund step stores after refunding the run's proposal. */
export function receiptFor(run: Run, overrides: Partial<RefundReceipt> = {}): RefundReceipt {
  if (!run.order || !run.proposal) throw new Error('receiptFor needs a run with an order and a proposal');
  return {
    refundId: 'gid://shopify/Refund/77',
    orderId: run.order.orderId,
    orderNumber: run.order.orderNumber,
    amountMinor: run.gate?.amountMinor ?? run.proposal.amountMinor ?? 0,
    currency: run.proposal.currency,
    createdAt: NOW.toISOString(),
    idempotencyKey: `refund-agent:${run.runId}`,
    ...overrides,
  };
}

/** The approval RequestApproval would have stored for `run`, pending, valid for 24 hours. */
export function pendingApproval(run: Run, overrides: Partial<ApprovalRecord> = {}): ApprovalRecord {
  return {
    approvalId: 'apr_0001',
    status: 'pending',
    argsHash: 'sha256:args',
    amountMinor: run.proposal?.amountMinor ?? 6200,
    currency: 'USD',
    requestedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 24 * 3_600_000).toISOString(),
    decidedBy: null,
    decidedAt: null,
    reason: null,
    runId: run.runId,
    tenant: run.tenant,
    taskToken: 'AQCEAAAAKgAAAAMAAAAAAAAAAT-task-token-do-not-leak',
    formToken: 'form-token-1',
    tool: 'refund_create',
    policyVersion: 'default-2026-09+abc',
    ...overrides,
  };
}

/** The step use cases' dependencies over the real harness, in-memory stores and the offline models. */
export function setupSteps(options: Parameters<typeof setupHarness>[0] = {}) {
  const h = setupHarness(options);
  const deps = {
    runs: h.stores.runs,
    approvals: h.stores.approvals,
    harness: h.harness,
    policy: h.harness.policy,
    clock: h.clock,
    ids: h.ids,
    models: DEFAULT_MODELS,
  };
  return { ...h, deps };
}
