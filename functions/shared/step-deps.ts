// What the step use cases need, injected. Built once per Lambda container from config
// (shared/lambda-deps.ts) or by the local runtime from its emulators.
import type { ZodType } from 'zod';
import type { ToolInput, ToolName, ToolOutput } from '#mcp/contracts/tools.js';
import type { ApprovalRecord, ApprovalStore, Clock, IdGenerator, ModelRequest, RunStore, StepContext } from '#harness/ports.js';
import type { Run, RefundReceipt, Proposal } from '#harness/domain/types.js';
import type { Policy } from '#harness/policy/document.js';

/** The harness as the steps use it: the one path to tools and models. */
export interface StepHarness {
  callTool<N extends Exclude<ToolName, 'refund_create'>>(ctx: StepContext, name: N, args: ToolInput<N>): Promise<ToolOutput<N>>;
  callModel<T>(ctx: StepContext, request: ModelRequest<T>): Promise<T>;
  /** The exact refund_create arguments the harness would send for this run, and their hash. */
  previewRefund(ctx: StepContext, run: Run): Promise<{ argsHash: string; amountMinor: number; currency: string }>;
  refund(ctx: StepContext, input: { run: Run; approval: ApprovalRecord | null }): Promise<RefundReceipt>;
}

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
  policy: Policy;
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
