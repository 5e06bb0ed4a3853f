// What the step use cases need, injected. Built once per Lambda container from config
// (functions/composition/lambda/steps.ts) or by the local runtime from its emulators.
import type { ZodType } from 'zod';
import type { ApprovalStore, Clock, IdGenerator } from '#harness/ports.js';
import type { RunStore, ShadowStore, TicketLedger } from '#functions/shared/stores/ports.js';
import type { RequestRunOpener } from '#functions/shared/queue.js';
import type { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import type { Proposal } from '#harness/domain/types.js';
import type { HelpdeskConnector } from '#shared/helpdesk/index.js';
import type { Policy } from '#harness/policy/document.js';
import type { Harness } from '#harness/harness.js';
import type { ProductMetrics } from '#harness/metrics.js';

/** The harness as the steps use it: the one path to tools and models, and the gate's decision. */
export type StepHarness = Pick<
  Harness,
  'callTool' | 'callModel' | 'decideGate' | 'previewRefund' | 'refund' | 'openReturn' | 'processReturn' | 'closeReturn' | 'cancelReturn'
>;

export interface Mailer {
  send(message: { from: string; to: string[]; subject: string; text: string; html: string }): Promise<void>;
}

export interface ModelChoices {
  triage: string;
  orderAgent: string;
  replyAgent: string;
  replyCheck: string;
}

export interface StepDeps {
  runs: RunStore;
  approvals: ApprovalStore;
  harness: StepHarness;
  /** The product's metrics (tickets closed, refunds issued, budget hits, run cost); absent, none. */
  metrics?: ProductMetrics;
  mailer: Mailer;
  clock: Clock;
  ids: IdGenerator;
  models: ModelChoices;
  tenant: {
    approverEmails: string[];
    senderEmail: string;
    /** Base URL of the approval pages, e.g. https://abc.execute-api.../ or http://127.0.0.1:4000 */
    publicBaseUrl: string;
    approvalTtlHours: number;
    /** Server secret the per-approver approval links are signed with (shared/approvals/approver-links.ts). */
    approvalLinkSecret: string;
    /** The store as the approval email and page show it; each field falls back (shared/approvals/approval-view.ts). */
    store?: StoreProfile;
    /** The tenant's helpdesk, for the link to the ticket (Zendesk, Gorgias); absent: no link. */
    helpdesk?: { kind: HelpdeskConnector; baseUrl: string };
    /**
     * The local runtime's own read-only pages of the sandbox store and helpdesk (`/sandbox/orders/{n}`,
     * `/sandbox/tickets/{id}`), linked where there is no Shopify admin or helpdesk UI; absent when deployed.
     */
    sandboxPagesBaseUrl?: string;
    /** Base URL of a deployed runs console: the approval email links `<consoleBaseUrl>/runs/<runId>`; absent: no link. */
    consoleBaseUrl?: string;
    /** Where customers send a return when the store made no label (the reply's instructions); absent: the draft asks the team to add them. */
    returnAddress?: string;
    /** How long banks take to show a refund, in the tenant's words; absent: shared/reply-status.ts's default. */
    bankTimes?: string;
  };
  /** The refund policy in force (the harness's): the numbers the approval email explains. Absent: the default policy. */
  policy?: Policy;
  /** The tenant's modes per ticket class (shadow, assist, auto); absent: auto for every class. */
  agentMode?: AgentModeConfig;
  /** Shadow mode's counters and runtime promotions; the gate reads a class's promotion here. */
  shadow?: ShadowStore;
  /** The ledgers of tickets with several requests (the ticket's limit, its runs' ends, its one draft); absent: no ticket is split. */
  tickets?: TicketLedger;
  /** Opens the runs of a ticket's other requests (the Triage step, through the run starter); absent: no ticket is split. */
  requestRuns?: RequestRunOpener;
}

/** How the store presents itself to a lead. Missing fields fall back; missing link data omits the link. */
export interface StoreProfile {
  /** Shown in the subject, e.g. "Hearth & Clay"; default: the tenant name. */
  name?: string;
  /** `<shop>.myshopify.com`, for the link to the order in Shopify admin; absent: no link. */
  domain?: string;
  /** BCP 47 locale of money amounts, e.g. "en-US", "de-DE"; default en-US. */
  locale?: string;
  /** IANA time zone of dates and the expiry; default: the policy's (UTC unless set). */
  timeZone?: string;
}

export type ProposalSchema = ZodType<Proposal>;
