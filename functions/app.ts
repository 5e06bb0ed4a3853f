// The composition of every handler from injected dependencies. The Lambda entries
// (functions/<name>/index.ts) build it from AWS config; the local runtime from its emulators.
import type { EventLedger, JournalStore, WorkflowEngine } from '#harness/ports.js';
import type { Run } from '#harness/domain/types.js';
import type { StepDeps } from './shared/step-deps.js';
import type { TicketQueue } from './shared/queue.js';
import { StepEvent } from './shared/step-result.js';
import { createStepHandler } from './shared/step-handler.js';
import { createTriage } from './triage/use-case.js';
import { createCheckOrder } from './check-order/use-case.js';
import { createProposeRefund } from './propose-refund/use-case.js';
import { createGate } from './gate/use-case.js';
import { createRequestApproval, RequestApprovalEvent } from './request-approval/use-case.js';
import { createRefund } from './refund/use-case.js';
import { createDraftReply } from './draft-reply/use-case.js';
import { createCheckReply } from './check-reply/use-case.js';
import { createDone } from './done/use-case.js';
import { createEscalate, EscalateEvent } from './escalate/use-case.js';
import { createWebhookIngestHandler } from './webhook-ingest/handler.js';
import { createRunStarterHandler } from './run-starter/handler.js';
import type { RequesterDirectory } from './run-starter/start-run.js';
import { createApprovalCallbackHandler } from './approval-callback/handler.js';
import { createRunsApiHandler } from './runs-api/handler.js';

export interface AppDeps extends StepDeps {
  tenantName: string;
  journal: JournalStore;
  events: EventLedger;
  workflow: WorkflowEngine;
  queue: TicketQueue;
  requesters: RequesterDirectory;
  webhookSecrets: { zendesk: string };
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  log?: (msg: string, data: object) => void;
}

/** One handler per Task state of state-machine/refund-run.asl.json, keyed by state name. */
export function createStepHandlers(deps: StepDeps) {
  return {
    Triage: createStepHandler(StepEvent, createTriage(deps)),
    CheckOrder: createStepHandler(StepEvent, createCheckOrder(deps)),
    ProposeRefund: createStepHandler(StepEvent, createProposeRefund(deps)),
    Gate: createStepHandler(StepEvent, createGate(deps)),
    RequestApproval: createStepHandler(RequestApprovalEvent, createRequestApproval(deps)),
    Refund: createStepHandler(StepEvent, createRefund(deps)),
    DraftReply: createStepHandler(StepEvent, createDraftReply(deps)),
    CheckReply: createStepHandler(StepEvent, createCheckReply(deps)),
    Done: createStepHandler(StepEvent, createDone(deps)),
    Escalate: createStepHandler(EscalateEvent, createEscalate(deps)),
  };
}
export type StepHandlers = ReturnType<typeof createStepHandlers>;

export function createApp(deps: AppDeps) {
  return {
    steps: createStepHandlers(deps),
    webhookIngest: createWebhookIngestHandler({ tenant: deps.tenantName, secrets: deps.webhookSecrets, queue: deps.queue, clock: deps.clock }),
    runStarter: createRunStarterHandler(deps),
    approvalCallback: createApprovalCallbackHandler({ ...deps, approverEmails: deps.tenant.approverEmails }),
    runsApi: createRunsApiHandler({ runs: deps.runs, journal: deps.journal, tenant: deps.tenantName, findRunsByOrder: deps.findRunsByOrder }),
  };
}
export type App = ReturnType<typeof createApp>;
