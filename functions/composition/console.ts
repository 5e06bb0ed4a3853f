// The console put together from the app's dependencies (functions/composition/app.ts): the read side over the
// run store and journal, approval decisions as the signed-in lead, the harness's review settlement,
// the dead-letter use case, shadow figures, and the run actions (cancel, re-run, hand back). Without
// console settings every route is a 404.
import type { Run } from '#functions/shared/domain/run.js';
import type { Harness } from '#harness/harness.js';
import type { Clock, JournalStore } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import type { ShadowStore } from '#functions/shared/stores/ports.js';
import { createApprovalDecisions, type ApprovalDecisionDeps } from '../approvals/approval-callback/decisions.js';
import { createDeadLetters, type DeadLettersDeps } from '../intake/dead-letters/use-case.js';
import { createShadowApi } from '../shadow/api/use-case.js';
import { json, type HttpEvent, type HttpResult } from '../shared/http.js';
import type { StepDeps } from '../shared/step/deps.js';
import { createConsoleHandler, type ConsoleHandlerDeps } from '../console/app/handler.js';
import type { Operator } from '../console/app/identity.js';
import { createConsoleData } from '../console/app/use-case.js';
import { createRunActions } from '../console/app/actions.js';
import { createOrderCandidates } from '../console/app/order-candidates.js';
import { createCancelRun } from '../run/cancel-run/use-case.js';
import { createStartRerun } from '../intake/run-starter/rerun.js';
import type { LocalLinkBases } from '../console/app/links.js';
import type { AttachmentReader } from '#shared/helpdesk/index.js';

/** Where and for whom the console runs: set by the local runtime and the console Lambda. */
export interface ConsoleSettings {
  identify(event: HttpEvent): Operator | null;
  csrfSecret: string;
  environment: string;
  stateMachineArn?: string;
  /** Locally: where the sandbox serves a ticket, an order and an execution (the console's links out). */
  localLinks?: LocalLinkBases;
  evalReport?: ConsoleHandlerDeps['evalReport'];
  signInUrl?: string;
}

export interface ConsoleAppDeps extends Omit<ApprovalDecisionDeps, 'links'> {
  tenantName: string;
  runs: RunStore;
  journal: JournalStore;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  harness: StepDeps['harness'];
  deadLetters: DeadLettersDeps;
  shadow: ShadowStore;
  agentMode?: AgentModeConfig;
  tenant: Pick<StepDeps['tenant'], 'helpdesk' | 'store'>;
  clock: Clock;
  console?: ConsoleSettings;
  /** The tenant's helpdesk, read for the customer's images (thumbnails); absent: plain links. */
  attachmentReader?: AttachmentReader;
}

export function createConsole(deps: ConsoleAppDeps, links: ApprovalDecisionDeps['links']): (event: HttpEvent) => Promise<HttpResult> {
  const settings = deps.console;
  if (!settings) return async () => json(404, { error: 'the console is not configured here' });
  // Built on first use: only the console function reads its settings (the CSRF key is a secret).
  let handler: ((event: HttpEvent) => Promise<HttpResult>) | null = null;
  return (event) => (handler ??= build(deps, settings, links))(event);
}

function build(deps: ConsoleAppDeps, settings: ConsoleSettings, links: ApprovalDecisionDeps['links']): (event: HttpEvent) => Promise<HttpResult> {
  // The full harness settles reviews; a step-only fake does not.
  const reviews = 'settleReview' in deps.harness ? (deps.harness as Pick<Harness, 'settleReview'>) : null;
  // The orders a lead may pick for an escalated run, read from the store on the page and again on the pick.
  const orderCandidates = createOrderCandidates(deps.harness);
  const data = createConsoleData({
    tenant: deps.tenantName,
    runs: deps.runs,
    journal: deps.journal,
    findRunsByOrder: deps.findRunsByOrder,
    decisions: createApprovalDecisions({ ...deps, links }),
    reviews,
    deadLetters: createDeadLetters(deps.deadLetters),
    shadow: createShadowApi({ tenant: deps.tenantName, shadow: deps.shadow, agentMode: deps.agentMode, clock: deps.clock }),
    clock: deps.clock,
  });
  return createConsoleHandler({
    tenant: deps.tenantName,
    environment: settings.environment,
    data,
    clock: deps.clock,
    identify: settings.identify,
    csrfSecret: settings.csrfSecret,
    links: { helpdesk: deps.tenant.helpdesk, store: deps.tenant.store, stateMachineArn: settings.stateMachineArn, local: settings.localLinks },
    evalReport: settings.evalReport,
    signInUrl: settings.signInUrl,
    ...(deps.policy ? { policy: deps.policy } : {}),
    ...(deps.attachmentReader ? { attachments: deps.attachmentReader } : {}),
    orderCandidates,
    // Cancel (the cancel-run use case), re-run (run-starter/rerun.ts), hand back (a note through the harness).
    actions: createRunActions({
      runs: deps.runs,
      journal: deps.journal,
      cancelRun: createCancelRun(deps),
      startRerun: createStartRerun(deps),
      harness: deps.harness,
      clock: deps.clock,
      workflow: deps.workflow,
      orderCandidates,
    }),
  });
}
