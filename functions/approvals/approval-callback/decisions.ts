// Approval decisions: look at an approval (changes nothing), and decide it once. The approver is
// whoever the link's signed token was issued to (shared/approvals/approver-links.ts), never a form field. A
// decision is single-use (conditional on 'pending' and the form token), recorded with who decided
// and when, and ends the state machine's wait through the task token, which never leaves the server.
// If that last call fails, the decision stays saved and the same approver's same decision, posted
// again while the run still waits, re-sends it. A decision is recorded on the run only while the
// run is not cancelled (a conditional write, ordered against cancel-run's): one that loses to a
// cancel ends the wait as cancelled and moves no money, and its page says so. A cancel decides on
// the approval record first too, and is refused once an approval is there (cancel-run/use-case.ts):
// a page that says the refund will be issued is never contradicted by a cancel. An approval is
// re-checked against the order as it is now (shared/approvals/order-now-store.ts: the store's order
// read through the harness, and the other runs on it) when it is looked at and when it is approved:
// one whose lines were refunded since (by another run, or by hand in the store) is not approved but
// closed with the reason in a sentence, and its run goes to the team with that sentence (the
// escalation note), so nobody is told it worked. When the store cannot be read, the runs alone are asked, and the page says so.
import type { ProductMetrics } from '#harness/metrics.js';
import type { ApprovalRecord, ApprovalStore, Clock } from '#harness/ports.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import { CANCELLED_APPROVAL_REASON, RUN_CANCELLED_ERROR } from '#functions/shared/domain/cancellation.js';
import { approvalSummaryOf } from '../../shared/approvals/approval-summary.js';
import type { DecideAsRequest, DecisionOutcome, LinkToApproval } from '../../shared/approvals/decisions.js';
import type { ApproverLinks } from '../../shared/approvals/approver-links.js';
import type { Policy } from '#harness/policy/document.js';
import { approvalView as buildEvidence, type ApprovalDisplay, type ApprovalView as ApprovalEvidence } from '../../shared/approvals/approval-view.js';
import { createFormats } from '../../shared/approvals/formats.js';
import type { OrderNow, RunsByOrder } from '../../shared/approvals/order-now.js';
import { createStoreOrderReader, readOrderNowAtStore, type OrderNowSources } from '../../shared/approvals/order-now-store.js';
import type { StepHarness } from '../../shared/step/deps.js';
import { notCarriedOutInWords } from '../../shared/approvals/order-now-words.js';

export interface ApprovalDecisionDeps {
  approvals: ApprovalStore;
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
  /** Built lazily by the caller (the secret is read at first use). */
  links: () => ApproverLinks;
  /** ApprovalsDecided and ApprovalsOverridden (a rejection): the approval override rate. */
  metrics?: ProductMetrics;
  /** The runs on an order: what they refunded since, and their approvals. Absent: the run's snapshot alone is trusted. */
  findRunsByOrder?: RunsByOrder;
  /** The one path to tools: the order is re-read from the store (get_order) when a page is opened and a decision made. Absent: the runs alone. */
  harness?: Pick<StepHarness, 'callTool'>;
  /** How long a page waits for the store before it shows the runs' figures; default 4 s. */
  storeTimeoutMs?: number;
  /** The store's locale and time zone for the sentences a lead reads (money, dates). */
  tenant?: ApprovalDisplay;
  policy?: Policy;
}

export type ApprovalView =
  | { kind: 'not_found' }
  | { kind: 'pending'; approval: ApprovalRecord; run: Run | null; approver: string; orderNow: OrderNow | null }
  | { kind: 'not_an_approver' }
  | { kind: 'closed'; approval: ApprovalRecord; cancelled: boolean };

/** A cancel closed this approval, or the run is cancelled, and no refund was claimed on the run: nothing was refunded. */
export function cancelledBeforeRefund(run: Run | null, approval: Pick<ApprovalRecord, 'status' | 'decidedBy' | 'reason'> | null): boolean {
  if (run?.refund || run?.refundIntent) return false;
  const closedByCancel = approval?.status === 'cancelled' && approval.decidedBy === null && !!approval.reason?.startsWith(CANCELLED_APPROVAL_REASON);
  return !!run?.cancellation || closedByCancel;
}

/** Errors with which an engine says the task token is no longer awaited (AWS SFN and the local engine). */
const TOKEN_GONE = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken', 'TaskTokenNotFoundError']);

/** What every decision reads through: the dependencies, and the one reader of the order as it is now (built once per factory). */
interface DecisionContext {
  deps: ApprovalDecisionDeps;
  orderNowOf: (run: Run | null) => Promise<OrderNow | null>;
}

type DecideInput = { approvalId: string; formToken: string; approverToken: string | undefined; decision: 'approve' | 'reject'; reason: string | null };

export function createApprovalDecisions(deps: ApprovalDecisionDeps) {
  const sources: OrderNowSources = {
    ...(deps.findRunsByOrder ? { findRunsByOrder: deps.findRunsByOrder } : {}),
    ...(deps.harness ? { readStoreOrder: createStoreOrderReader(deps.harness) } : {}),
    ...(deps.storeTimeoutMs !== undefined ? { storeTimeoutMs: deps.storeTimeoutMs } : {}),
  };
  const c: DecisionContext = { deps, orderNowOf: (run: Run | null) => readOrderNowAtStore(sources, run) };
  return {
    view: (approvalId: string, approverToken: string | undefined) => view(c, approvalId, approverToken),
    decide: (input: DecideInput) => decide(c, input),
    /**
     * A decision from the console by a signed-in lead (functions/console/app): the approver is who the
     * console's sign-in says, not a link token; otherwise the same single-use, recorded decision.
     */
    decideAs: (input: DecideAsRequest) => decideAs(c, input),
    evidenceForRun: (run: Run, linkToApproval: LinkToApproval) => evidenceForRun(c, run, linkToApproval),
    evidenceOf: (approvalId: string, linkToApproval: LinkToApproval) => evidenceOf(c, approvalId, linkToApproval),
  };
}

const isWaiting = (run: Run | null) => !!run && !run.cancellation && run.status === 'awaiting_approval' && run.state === 'RequestApproval';

async function load(deps: ApprovalDecisionDeps, approvalId: string) {
  const approval = await deps.approvals.get(approvalId);
  const run = approval ? await deps.runs.get(approval.runId) : null;
  return { approval, run };
}

async function view(c: DecisionContext, approvalId: string, approverToken: string | undefined): Promise<ApprovalView> {
  const { approval, run } = await load(c.deps, approvalId);
  if (!approval) return { kind: 'not_found' };
  if (approval.status !== 'pending' || run?.cancellation) return { kind: 'closed', approval, cancelled: cancelledBeforeRefund(run, approval) };
  const approver = c.deps.links().verify(approvalId, approverToken);
  if (!approver) return { kind: 'not_an_approver' };
  return { kind: 'pending', approval, run, approver, orderNow: await c.orderNowOf(run) };
}

/** Why approving this run's refund would refund nothing now, in a sentence; null when it can still be made. */
async function cannotRefund(c: DecisionContext, run: Run | null): Promise<string | null> {
  const now = await c.orderNowOf(run);
  if (!now || !run?.order) return null;
  const timeZone = c.deps.tenant?.store?.timeZone ?? c.deps.policy?.document.timeZone;
  const fmt = createFormats({ locale: c.deps.tenant?.store?.locale, timeZone, now: c.deps.clock.now() });
  return notCarriedOutInWords(now, run.order.orderNumber, fmt);
}

/** Ends the wait; the run reads 'running' only once the engine has the decision. */
async function deliver(deps: ApprovalDecisionDeps, decided: ApprovalRecord, resent: boolean): Promise<DecisionOutcome> {
  const approved = decided.status === 'approved';
  // 'cancelled' here is an approval that could not be carried out: its reason is the sentence the team reads.
  const notCarriedOut = decided.status === 'cancelled' ? (decided.reason ?? 'the refund can no longer be made') : null;
  try {
    await deps.workflow.sendTaskSuccess(decided.taskToken, {
      outcome: approved ? 'continue' : 'escalate',
      detail: {
        decision: decided.status,
        approvalId: decided.approvalId,
        reason: approved ? null : (notCarriedOut ?? `refund rejected by ${decided.decidedBy}${decided.reason ? `: ${decided.reason}` : ''}`),
      },
    });
  } catch (error) {
    if (TOKEN_GONE.has((error as Error).name)) {
      const run = await deps.runs.get(decided.runId);
      return { kind: 'closed', approval: decided, cancelled: cancelledBeforeRefund(run, decided), waitOver: true };
    }
    return { kind: 'undelivered', approval: decided };
  }
  // Only a run still waiting reads 'running' again: never over a cancel, nor over a later step's status.
  const running = await deps.runs.updateIf(decided.runId, { status: 'running' }, { statusIn: ['awaiting_approval'], notCancelled: true });
  const now = running ?? (await deps.runs.get(decided.runId));
  if (now?.cancellation) return { kind: 'closed', approval: decided, cancelled: cancelledBeforeRefund(now, decided) };
  if (notCarriedOut) return { kind: 'not_carried_out', approval: decided, message: notCarriedOut };
  return { kind: 'decided', approval: decided, resent };
}

async function decide(c: DecisionContext, input: DecideInput): Promise<DecisionOutcome> {
  const { approval, run } = await load(c.deps, input.approvalId);
  if (!approval) return { kind: 'not_found' };
  const approver = c.deps.links().verify(input.approvalId, input.approverToken);
  const status = input.decision === 'approve' ? 'approved' : 'rejected';
  if (approval.status !== 'pending' || run?.cancellation) {
    // The same approver repeating the same decision while the run still waits: the first answer
    // was saved but never reached the engine. Re-send it.
    const same = approval.status === status || (approval.status === 'cancelled' && approval.decidedBy !== null);
    const retry = approver !== null && approval.decidedBy === approver && same && approval.formToken === input.formToken;
    if (retry && isWaiting(run)) return deliver(c.deps, approval, true);
    return { kind: 'closed', approval, cancelled: cancelledBeforeRefund(run, approval) };
  }
  if (!approver) return { kind: 'not_an_approver' };
  const now = c.deps.clock.now();
  if (now.toISOString() >= approval.expiresAt) return { kind: 'expired', approval };
  // Nothing left to refund: whichever button, the approval ends as "nothing left" (approval-state.ts), with why.
  const undoable = await cannotRefund(c, run);
  const decided = await c.deps.approvals.decide({
    approvalId: input.approvalId,
    formToken: input.formToken,
    status: undoable ? 'cancelled' : status,
    decidedBy: approver,
    decidedAt: now.toISOString(),
    reason: undoable ?? input.reason,
  });
  if (!decided) return lost(c.deps, input.approvalId);
  return recordDecision(c.deps, decided);
}

async function decideAs(c: DecisionContext, input: DecideAsRequest): Promise<DecisionOutcome> {
  const { approval, run } = await load(c.deps, input.approvalId);
  if (!approval) return { kind: 'not_found' };
  if (approval.status !== 'pending' || run?.cancellation) return { kind: 'closed', approval, cancelled: cancelledBeforeRefund(run, approval) };
  const now = c.deps.clock.now();
  if (now.toISOString() >= approval.expiresAt) return { kind: 'expired', approval };
  const undoable = await cannotRefund(c, run);
  const decided = await c.deps.approvals.decide({
    approvalId: input.approvalId,
    formToken: approval.formToken,
    status: undoable ? 'cancelled' : input.decision === 'approve' ? 'approved' : 'rejected',
    decidedBy: input.approver,
    decidedAt: now.toISOString(),
    reason: undoable ?? input.reason,
  });
  if (!decided) return lost(c.deps, input.approvalId);
  return recordDecision(c.deps, decided);
}

/** A decision whose single-use write lost: to another decision, or to a cancel (which closes the approval first). */
async function lost(deps: ApprovalDecisionDeps, approvalId: string): Promise<DecisionOutcome> {
  const { approval, run } = await load(deps, approvalId);
  if (!approval || approval.status === 'pending') return { kind: 'stale_form' };
  return { kind: 'closed', approval, cancelled: cancelledBeforeRefund(run, approval) };
}

/** The saved decision on the run, counted, and delivered to the waiting execution. */
async function recordDecision(deps: ApprovalDecisionDeps, decided: ApprovalRecord): Promise<DecisionOutcome> {
  const recorded = await deps.runs.updateIf(decided.runId, { approval: approvalSummaryOf(decided) }, { notCancelled: true });
  // Counted when the decision is saved (once: the conditional write above is single-use); an
  // approval that could not be carried out was no decision on the proposal, and is not counted.
  if (decided.status !== 'cancelled') deps.metrics?.count(decided.tenant, 'ApprovalsDecided');
  if (decided.status === 'rejected') deps.metrics?.count(decided.tenant, 'ApprovalsOverridden');
  if (!recorded) {
    // The cancel reached the run first: the decision is kept for the audit, the wait ends as cancelled.
    await deps.runs.update(decided.runId, { approval: approvalSummaryOf(decided) });
    await deps.workflow.sendTaskFailure(decided.taskToken, RUN_CANCELLED_ERROR, 'the run was cancelled').catch(() => undefined);
    return { kind: 'closed', approval: decided, cancelled: true };
  }
  return deliver(deps, decided, false);
}

/** The console's own page of a run: its pages link other runs there, relative to where they are read. */
const linkToRun = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

/**
 * The evidence a lead reads for a run's approval, with the order as it is now (the console's queue
 * and confirm page); `linkToApproval` says where this reader opens another approval on the order.
 */
async function evidenceForRun(c: DecisionContext, run: Run, linkToApproval: LinkToApproval): Promise<ApprovalEvidence | null> {
  const a = run.approval;
  if (!a) return null;
  const orderNow = await c.orderNowOf(run).catch(() => null);
  const input = { run, amountMinor: a.amountMinor, currency: a.currency, expiresAt: a.expiresAt, now: c.deps.clock.now(), orderNow, linkToApproval, linkToRun };
  return buildEvidence({ ...input, ...(c.deps.tenant ? { tenant: c.deps.tenant } : {}), ...(c.deps.policy ? { policy: c.deps.policy } : {}) });
}

/** An approval by id with its run and evidence (no approver token: the console's signed-in lead). */
async function evidenceOf(c: DecisionContext, approvalId: string, linkToApproval: LinkToApproval) {
  const { approval, run } = await load(c.deps, approvalId);
  if (!approval) return null;
  const current = run?.approval?.approvalId === approvalId ? run : null;
  return { approval, run, evidence: current ? await evidenceForRun(c, current, linkToApproval) : null };
}
