// RequestApproval: record an approval bound to the exact refund arguments (their hash), keep the
// task token server-side, and email each approver their own link (opaque approval id + a token
// bound to that approver). The state machine waits until the approval callback (or the 24 h
// timeout) ends the wait. The ticket gets an internal holding note saying what waits and why.
import { z } from 'zod';
import { MissingStepDataError } from '../shared/errors.js';
import { createApproverLinks } from '../shared/approver-links.js';
import { enterStep } from '../shared/run-context.js';
import type { StepDeps } from '../shared/step-deps.js';
import { approvalEmail } from './email.js';
import { createFormats } from './formats.js';
import { holdingNote } from './holding-note.js';

export const RequestApprovalEvent = z.object({ runId: z.string().min(1), taskToken: z.string().min(1) });

export function createRequestApproval(deps: Pick<StepDeps, 'runs' | 'approvals' | 'harness' | 'mailer' | 'clock' | 'ids' | 'tenant' | 'policy'>) {
  return async ({ runId, taskToken }: z.infer<typeof RequestApprovalEvent>) => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'RequestApproval');
    if (!run.gate || !run.proposal) throw new MissingStepDataError(runId, 'gate decision');
    const { argsHash, amountMinor, currency } = await deps.harness.previewRefund(ctx, run);
    const now = deps.clock.now();
    const approvalId = `apr_${deps.ids.random()}`;
    const expiresAt = new Date(now.getTime() + deps.tenant.approvalTtlHours * 3_600_000).toISOString();
    const summary = {
      approvalId,
      status: 'pending' as const,
      argsHash,
      amountMinor,
      currency,
      requestedAt: now.toISOString(),
      expiresAt,
      decidedBy: null,
      decidedAt: null,
      reason: null,
    };
    await deps.approvals.create({
      ...summary,
      runId,
      tenant: run.tenant,
      taskToken,
      formToken: deps.ids.random(),
      tool: 'refund_create',
      policyVersion: run.gate.policyVersion,
    });
    // The ticket says what is pending; a note that cannot be left is in the journal, the wait goes on.
    try {
      const fmt = createFormats({ locale: deps.tenant.store?.locale, timeZone: deps.tenant.store?.timeZone ?? deps.policy?.document.timeZone, now });
      const body = holdingNote({ run: { ...run, approval: summary }, amountMinor, currency, expiresAt, fmt, ...(deps.policy ? { policy: deps.policy } : {}) });
      await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body });
    } catch {
      // journaled by the harness
    }
    const updated = await deps.runs.update(runId, { approval: summary, status: 'awaiting_approval' });
    // One email per approver: each link decides only as the approver it was sent to.
    const links = createApproverLinks({ secret: deps.tenant.approvalLinkSecret, approverEmails: deps.tenant.approverEmails });
    for (const approver of deps.tenant.approverEmails) {
      const link = links.linkFor(deps.tenant.publicBaseUrl, approvalId, approver);
      await deps.mailer.send({
        from: deps.tenant.senderEmail,
        to: [approver],
        ...approvalEmail({ run: updated, link, approver, expiresAt, amountMinor, currency, now, tenant: deps.tenant, policy: deps.policy }),
      });
    }
    return { outcome: 'waiting' as const, approvalId };
  };
}
