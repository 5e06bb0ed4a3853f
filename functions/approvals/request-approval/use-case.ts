// RequestApproval: record an approval bound to the exact refund arguments (their hash), keep the
// task token server-side, and email each approver their own link (opaque approval id + a token
// bound to that approver). The state machine waits until the approval callback (or the 24 h
// timeout) ends the wait. The ticket gets an internal holding note saying what waits and why.
// Safe to retry (a Lambda retry, a run resumed after a crash): the run names its approval before
// the record is written; a retry takes up the run's pending approval for the same arguments, binds
// it to the new attempt's task token, and leaves the note and emails the approval records as done.
import * as z from 'zod';
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { ApprovalRecord } from '#harness/ports.js';
import { MissingStepDataError } from '../../shared/errors.js';
import { createApproverLinks } from '../../shared/approvals/approver-links.js';
import { approvalSummaryOf } from '../../shared/approvals/approval-summary.js';
import { enterStep } from '../../shared/step/run-context.js';
import type { StepDeps } from '../../shared/step/deps.js';
import { approvalEmail } from './email.js';
import { createFormats } from '../../shared/approvals/formats.js';
import { holdingNote } from './holding-note.js';
import { readOrderNow, type OrderNow, type RunsByOrder } from '../../shared/approvals/order-now.js';

export const RequestApprovalEvent = z.object({ runId: z.string().min(1), taskToken: z.string().min(1) });

/**
 * `findRunsByOrder` (the app's, functions/composition/app.ts AppDeps) names the other approvals on the same order
 * in the email and the holding note, so a lead sees them together; absent, the run alone is shown.
 */
export type RequestApprovalDeps = Pick<StepDeps, 'runs' | 'approvals' | 'harness' | 'mailer' | 'clock' | 'ids' | 'tenant' | 'policy'> & {
  findRunsByOrder?: RunsByOrder;
};

export function createRequestApproval(deps: RequestApprovalDeps) {
  return async ({ runId, taskToken }: z.infer<typeof RequestApprovalEvent>) => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'RequestApproval');
    if (!run.gate || !run.proposal) throw new MissingStepDataError(runId, 'gate decision');
    const { argsHash, amountMinor, currency, tool } = await deps.harness.previewRefund(ctx, run);
    const now = deps.clock.now();
    let approval = await takeUp(deps, run, argsHash, taskToken, tool);
    if (!approval) {
      const summary = newApprovalSummary(deps, { argsHash, amountMinor, currency }, now);
      // Named on the run first, so a retry finds it whatever point this attempt reaches.
      await deps.runs.update(runId, { approval: summary });
      approval = await create(deps, run, summary, taskToken, tool);
    }
    const summary = approvalSummaryOf(approval);
    const { approvalId } = summary;
    // One order, one live approval in view: another pending on the same order is named beside this one.
    const orderNow = await readOrderNow(deps.findRunsByOrder, run).catch(() => null);
    // The ticket says what is pending, once; a note that cannot be left is in the journal, the wait goes on.
    if (!approval.holdingNoteAt && (await postHoldingNote(deps, run, ctx, summary, now, orderNow))) {
      await deps.approvals.recordProgress(approvalId, { holdingNoteAt: now.toISOString() });
    }
    const updated = await deps.runs.update(runId, { approval: summary, status: 'awaiting_approval' });
    await emailApprovers(deps, { run: updated, approval, summary, now, orderNow });
    return { outcome: 'waiting' as const, approvalId };
  };
}

/** The run's pending approval for these arguments, now waiting on `taskToken`; null when there is none to take up. */
async function takeUp(deps: RequestApprovalDeps, run: Run, argsHash: string, taskToken: string, tool: ApprovalRecord['tool']): Promise<ApprovalRecord | null> {
  const named = run.approval;
  if (named?.status !== 'pending' || named.argsHash !== argsHash) return null;
  const record = await deps.approvals.get(named.approvalId);
  // The run named it and the attempt stopped before writing it: written now, under the same id.
  if (!record) return create(deps, run, named, taskToken, tool);
  if (record.status !== 'pending' || record.argsHash !== argsHash) return null;
  return (await deps.approvals.recordProgress(record.approvalId, { taskToken })) ? { ...record, taskToken } : null;
}

async function create(deps: RequestApprovalDeps, run: Run, summary: ApprovalSummary, taskToken: string, tool: ApprovalRecord['tool']): Promise<ApprovalRecord> {
  const record: ApprovalRecord = {
    ...summary,
    runId: run.runId,
    tenant: run.tenant,
    taskToken,
    formToken: deps.ids.random(),
    tool,
    policyVersion: run.gate!.policyVersion,
  };
  await deps.approvals.create(record);
  return record;
}

/** A new pending approval for the refund's arguments, expiring after the tenant's approval TTL. */
function newApprovalSummary(deps: RequestApprovalDeps, refund: Pick<ApprovalSummary, 'argsHash' | 'amountMinor' | 'currency'>, now: Date): ApprovalSummary {
  return {
    approvalId: `apr_${deps.ids.random()}`,
    status: 'pending',
    argsHash: refund.argsHash,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    requestedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.tenant.approvalTtlHours * 3_600_000).toISOString(),
    decidedBy: null,
    decidedAt: null,
    reason: null,
  };
}

type ApproverEmails = { run: Run; approval: ApprovalRecord; summary: ApprovalSummary; now: Date; orderNow: OrderNow | null };

/**
 * One email per approver: each link decides only as the approver it was sent to. Each is
 * recorded as sent, so a retry emails only those not emailed yet.
 */
async function emailApprovers(deps: RequestApprovalDeps, { run, approval, summary, now, orderNow }: ApproverEmails): Promise<void> {
  const { approvalId, expiresAt } = summary;
  const links = createApproverLinks({ secret: deps.tenant.approvalLinkSecret, approverEmails: deps.tenant.approverEmails });
  const emailed = new Set((approval.emailedTo ?? []).map((a) => a.toLowerCase()));
  for (const approver of deps.tenant.approverEmails) {
    if (emailed.has(approver.toLowerCase())) continue;
    const link = links.linkFor(deps.tenant.publicBaseUrl, approvalId, approver);
    await deps.mailer.send({
      from: deps.tenant.senderEmail,
      to: [approver],
      ...approvalEmail({
        run,
        link,
        approver,
        expiresAt,
        amountMinor: summary.amountMinor,
        currency: summary.currency,
        now,
        tenant: deps.tenant,
        policy: deps.policy,
        orderNow,
        linkToApproval: (otherId) => links.linkFor(deps.tenant.publicBaseUrl, otherId, approver),
      }),
    });
    emailed.add(approver.toLowerCase());
    await deps.approvals.recordProgress(approvalId, { emailedTo: [...emailed] });
  }
}

/** True when the note is on the ticket; a failure is journaled by the harness and the wait goes on. */
async function postHoldingNote(
  deps: RequestApprovalDeps,
  run: Run,
  ctx: Parameters<StepDeps['harness']['callTool']>[0],
  summary: ApprovalSummary,
  now: Date,
  orderNow: OrderNow | null,
): Promise<boolean> {
  try {
    const fmt = createFormats({ locale: deps.tenant.store?.locale, timeZone: deps.tenant.store?.timeZone ?? deps.policy?.document.timeZone, now });
    const body = holdingNote({
      run: { ...run, approval: summary },
      amountMinor: summary.amountMinor,
      currency: summary.currency,
      expiresAt: summary.expiresAt,
      fmt,
      orderNow,
      ...(deps.policy ? { policy: deps.policy } : {}),
    });
    await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body });
    return true;
  } catch {
    return false;
  }
}
