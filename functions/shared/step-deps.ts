// What the step use cases need, injected. Built once per Lambda container from config
// (shared/lambda-deps.ts) or by the local runtime from its emulators.
import type { ZodType } from 'zod';
import type { ApprovalStore, Clock, IdGenerator, RunStore } from '#harness/ports.js';
import type { Proposal } from '#harness/domain/types.js';
import type { Harness } from '#harness/tool-gateway.js';
import type { ProductMetrics } from '#harness/metrics.js';

/** The harness as the steps use it: the one path to tools and models, and the gate's decision. */
export type StepHarness = Pick<Harness, 'callTool' | 'callModel' | 'decideGate' | 'previewRefund' | 'refund'>;

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
    /** Server secret the per-approver approval links are signed with (shared/approver-links.ts). */
    approvalLinkSecret: string;
  };
}

export type ProposalSchema = ZodType<Proposal>;
