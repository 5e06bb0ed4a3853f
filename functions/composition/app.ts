// The composition of every handler from injected dependencies. The Lambda entries
// (functions/composition/lambdas/<name>.ts) build it from AWS config; the local runtime from its emulators.
import type { JournalStore } from '#harness/ports.js';
import type { EventLedger, ShadowStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { StepName } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { NO_METRICS } from '#harness/metrics.js';
import type { StepDeps } from '../shared/step/deps.js';
import { queueRequestOpener, type TicketQueue } from '../shared/queue.js';
import { StepEvent } from '../shared/step/result.js';
import { createStepHandler } from '../shared/step/handler.js';
import { createTriage } from '../steps/triage/use-case.js';
import { createCheckOrder } from '../steps/check-order/use-case.js';
import { createOrderTask } from '../steps/propose-refund/order-task.js';
import { AwaitReturnEvent, createAwaitReturn } from '../steps/await-return/use-case.js';
import { ProcessReturnEvent, createProcessReturn } from '../steps/process-return/use-case.js';
import { createGate } from '../steps/gate/use-case.js';
import { createRequestApproval, RequestApprovalEvent } from '../approvals/request-approval/use-case.js';
import { createRefund } from '../steps/refund/use-case.js';
import { createDraftReply } from '../steps/draft-reply/use-case.js';
import { createCheckReply } from '../steps/check-reply/use-case.js';
import { createEscalate, EscalateEvent } from '../steps/escalate/use-case.js';
import { createShadow } from '../shadow/step/use-case.js';
import { createShadowApiHandler } from '../shadow/api/handler.js';
import { createWebhookIngestHandler } from '../intake/webhook-ingest/handler.js';
import { createRunStarterHandler } from '../intake/run-starter/handler.js';
import type { RequesterDirectory } from '../shared/requesters.js';
import { createApprovalCallbackHandler } from '../approvals/approval-callback/handler.js';
import { createRunsApiHandler } from '../run/runs-api/handler.js';
import { createCancelRunHandler } from '../run/cancel-run/handler.js';
import { createDeadLettersHandler } from '../intake/dead-letters/handler.js';
import { composeStalledRunsSweep } from './stalled-runs.js';
import { createApproverLinks, type ApproverLinks } from '../shared/approvals/approver-links.js';
import type { DeadLetterQueue } from '../shared/domain/dead-letters.js';
import type { WebhookSecrets } from '../intake/webhook-ingest/helpdesks.js';
import { composeStoreWebhook } from './store-webhook.js';
import { withRunStarterPorts } from './run-starter.js';
import { createConsole, type ConsoleSettings } from './console.js';
import type { AttachmentReader } from '#shared/helpdesk/index.js';

export interface AppDeps extends StepDeps {
  tenantName: string;
  journal: JournalStore;
  events: EventLedger;
  workflow: WorkflowEngine;
  queue: TicketQueue;
  requesters: RequesterDirectory;
  /** Per-helpdesk webhook secrets; POST /webhooks/{helpdesk} exists for each one present. */
  webhookSecrets: WebhookSecrets;
  /** Shopify's webhook signing secret; POST /webhooks/shopify answers 404 without it. */
  storeWebhookSecret?: string;
  /** The ticket queue's dead-letter queue, where poison messages go with their reason. */
  deadLetters?: DeadLetterQueue;
  /** The ticket queue's maxReceiveCount (the run starter dead-letters on that receive). */
  maxReceiveCount?: number;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  /** Shadow mode's counters and promotions (required here; optional for the steps alone). */
  shadow: ShadowStore;
  /** The operator console (functions/console/app): who is asking, its CSRF key, where it runs; absent, its routes 404. */
  console?: ConsoleSettings;
  /** The tenant's helpdesk, read for the customer's images on the console and approval pages; absent: plain links. */
  attachmentReader?: AttachmentReader;
  log?: (msg: string, data: object) => void;
}

/**
 * One handler per step (STEP_NAMES), keyed by its Task state in state-machine/refund-run.asl.json.
 * CheckOrder and the Gate are no Tasks of their own: the ProposeRefund Task runs CheckOrder, the order
 * agent and the Gate (propose-refund/order-task.ts); their handlers here serve callers that drive one
 * step at a time.
 */
export function createStepHandlers(deps: StepDeps) {
  return {
    Triage: createStepHandler(StepEvent, createTriage(deps)),
    CheckOrder: createStepHandler(StepEvent, createCheckOrder(deps)),
    ProposeRefund: createStepHandler(StepEvent, createOrderTask(deps)),
    Gate: createStepHandler(StepEvent, createGate(deps)),
    RequestApproval: createStepHandler(RequestApprovalEvent, createRequestApproval(deps)),
    Refund: createStepHandler(StepEvent, createRefund(deps)),
    DraftReply: createStepHandler(StepEvent, createDraftReply(deps)),
    CheckReply: createStepHandler(StepEvent, createCheckReply(deps)),
    AwaitReturn: createStepHandler(AwaitReturnEvent, createAwaitReturn(deps)),
    ProcessReturn: createStepHandler(ProcessReturnEvent, createProcessReturn(deps)),
    Escalate: createStepHandler(EscalateEvent, createEscalate(deps)),
    Shadow: createStepHandler(StepEvent, createShadow(deps)),
  } satisfies Record<StepName, unknown>;
}
export type StepHandlers = ReturnType<typeof createStepHandlers>;

export function createApp(deps: AppDeps) {
  // The Triage step has the run starter open a ticket's other requests' runs through the ticket queue.
  const steps = createStepHandlers({ ...deps, requestRuns: deps.requestRuns ?? queueRequestOpener(deps.queue) });
  // Built on first use: only the functions that sign or check approval links need the secret.
  let links: ApproverLinks | null = null;
  const approverLinks = () => (links ??= createApproverLinks({ secret: deps.tenant.approvalLinkSecret, approverEmails: deps.tenant.approverEmails }));
  const noDeadLetters: DeadLetterQueue = {
    send: async () => {
      throw new Error('no dead-letter queue configured');
    },
    list: async () => [],
  };
  const metrics = deps.metrics ?? NO_METRICS;
  return {
    steps,
    webhookIngest: createWebhookIngestHandler({
      tenant: deps.tenantName,
      secrets: deps.webhookSecrets,
      queue: deps.queue,
      clock: deps.clock,
      events: deps.events,
    }),
    storeWebhook: composeStoreWebhook({ ...deps, metrics }),
    runStarter: createRunStarterHandler(withRunStarterPorts(deps)),
    approvalCallback: createApprovalCallbackHandler({
      ...deps,
      links: approverLinks,
      ...(deps.attachmentReader ? { attachments: deps.attachmentReader } : {}),
    }),
    runsApi: createRunsApiHandler({ runs: deps.runs, journal: deps.journal, tenant: deps.tenantName, findRunsByOrder: deps.findRunsByOrder }),
    cancelRun: createCancelRunHandler(deps),
    shadowApi: createShadowApiHandler({ tenant: deps.tenantName, shadow: deps.shadow, agentMode: deps.agentMode, clock: deps.clock }),
    deadLetters: createDeadLettersHandler({ deadLetters: deps.deadLetters ?? noDeadLetters, queue: deps.queue }),
    console: createConsole({ ...deps, deadLetters: { deadLetters: deps.deadLetters ?? noDeadLetters, queue: deps.queue } }, approverLinks),
    sweepStalledRuns: composeStalledRunsSweep({ ...deps, metrics, escalate: (input) => steps.Escalate(input) }),
  };
}
export type App = ReturnType<typeof createApp>;
