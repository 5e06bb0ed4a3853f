// Dispatch, under the customer's lock: the preview_refund dry run compared with the arguments
// (preview.ts; not on a resend of an unknown outcome) → pin check → the idempotency record written BEFORE dispatch (conditional put) →
// refund_create with the key (bounded retries, tool-dispatch.ts) → the record completed with the
// receipt, or marked unknown and kept. An outcome nobody can tell keeps the lock to its expiry, so
// the next count sees the refund, and throws an AmbiguousOutcomeError: `pending_review` when a retry
// cannot settle it, `retry_same_key` (inside a TemporarilyUnavailableError) when the retry can.
import { RefundCreateOutput } from '#shared/contracts/tools.js';
import type { RefundReceipt } from '../domain/types.js';
import { AmbiguousOutcomeError, ArgumentPolicyError, TemporarilyUnavailableError, ToolFailedError } from '../errors.js';
import type { IdempotencyRecord } from '../ports.js';
import { RULES } from '../policy/rules.js';
import type { HeldLock } from './customer-lock.js';
import { boundDetail } from './journal-detail.js';
import { comparePreview, previewOf } from './preview.js';
import { moneyWords } from '../policy/reason-words.js';
import { journalRefusal, REFUND_TOOL, store, type AuthorisedRefund, type RefundDeps } from './refund-context.js';
import { answerFromRecord, toReceipt } from './refund-settle.js';
import type { FailedDispatch } from './tool-dispatch.js';

/** A dispatched refund_create: what was sent, the lock it was sent under and how long it took. */
interface Sent {
  refund: AuthorisedRefund;
  held: HeldLock;
  latencyMs: number;
}

/**
 * A resend of these very arguments under a key whose outcome is unknown skips the dry run: the first
 * attempt ran it before its record was written, and if that refund was made after all, the store's
 * preview now disagrees (the lines are refunded) and would refuse a refund that exists. The key
 * answers it instead; had it not been made, Shopify's refundCreate runs its own checks on the resend.
 */
const isResend = (refund: AuthorisedRefund) => refund.earlier !== null && refund.earlier.argsHash === refund.argsHash;

/** A dry run before the write: the store must agree on lines, amount and transaction. */
async function dryRun(deps: RefundDeps, refund: AuthorisedRefund): Promise<void> {
  const { boundCtx, args } = refund;
  const dry = await deps.caller.callTool(boundCtx, 'preview_refund', previewOf(args), { internal: true });
  const mismatch = comparePreview(args, dry, [], refund.facts.taxesIncluded === true);
  if (mismatch) {
    await journalRefusal(
      deps,
      refund.ctx,
      new ArgumentPolicyError(RULES.previewMismatch, `the store's dry run disagrees: ${mismatch}`),
      refund.argsHash,
      refund.key,
    );
  }
}

/** The record written before dispatch; one another attempt already completed is returned (its receipt answers). */
async function beginRecord(deps: RefundDeps, refund: AuthorisedRefund): Promise<IdempotencyRecord | null> {
  const { ctx, run, key, argsHash } = refund;
  const { created, record } = await store('the idempotency store', () =>
    deps.idempotency.begin({ key, runId: run.runId, argsHash, createdAt: deps.clock.now().toISOString() }),
  );
  if (!created && record.argsHash !== argsHash) {
    await journalRefusal(
      deps,
      ctx,
      new ArgumentPolicyError(RULES.idempotencyKeyReused, 'the idempotency key was first used for other arguments'),
      argsHash,
      key,
    );
  }
  return !created && record.status === 'succeeded' ? record : null;
}

async function journalAllowed(deps: RefundDeps, refund: AuthorisedRefund): Promise<void> {
  const { ctx, argsHash, key, verdict } = refund;
  const approved = verdict.approvalRequired;
  await deps.caller.journalTool({
    kind: 'decision',
    ctx,
    name: REFUND_TOOL,
    argsHash,
    outcome: 'ok',
    detail: `dispatch allowed (${approved ? 'approved' : 'auto'})${isResend(refund) ? '; the same key resent, outcome unknown before' : ''}`,
    latencyMs: 0,
    idempotencyKey: key,
    decision: 'allow',
    rule: approved ? RULES.dispatchAllowed : RULES.autoWithinPolicy,
    approvalId: verdict.approvalId,
  });
}

function journalError(deps: RefundDeps, sent: Sent, detail: string): Promise<void> {
  const { ctx, argsHash, key, verdict } = sent.refund;
  const { latencyMs } = sent;
  const approvalId = verdict.approvalId;
  return deps.caller.journalTool({ ctx, name: REFUND_TOOL, argsHash, outcome: 'error', detail, latencyMs, idempotencyKey: key, approvalId });
}

/** The store answered: a receipt for exactly these arguments completes the record; anything else is unknown. */
async function recordAnswer(deps: RefundDeps, sent: Sent, answer: unknown): Promise<RefundReceipt> {
  const { ctx, args, key, argsHash, bound, verdict } = sent.refund;
  const output = RefundCreateOutput.safeParse(answer);
  const forTheseArgs =
    output.success &&
    output.data.orderId === args.orderId &&
    output.data.amount.amountMinor === args.amount.amountMinor &&
    output.data.amount.currency === args.amount.currency &&
    // Asked for store credit, the store must say it paid store credit (and the reverse).
    (output.data.method ?? 'original_payment') === (args.method ?? 'original_payment');
  // Money may have moved and the store may not show it yet: the next count waits for the lease.
  if (!forTheseArgs) sent.held.keepUntilExpiry();
  if (!output.success) {
    await deps.idempotency.markUnknown(key, 'refund_create output did not match its contract');
    await journalError(deps, sent, 'output does not match the contract; outcome unknown');
    throw new TemporarilyUnavailableError('refund outcome unknown; retry with the same key', {
      cause: new AmbiguousOutcomeError('retry_same_key', 'refund_create returned an unreadable result'),
    });
  }
  if (!forTheseArgs) {
    await deps.idempotency.markUnknown(key, 'refund_create answered for other arguments');
    await journalError(deps, sent, 'the store answered with another order or amount');
    throw new AmbiguousOutcomeError('pending_review', 'refund_create answered for another order or amount');
  }
  const receipt = toReceipt(output.data, key, bound.orderNumber);
  await deps.idempotency.complete(key, receipt);
  await deps.caller.journalTool({
    ctx,
    name: REFUND_TOOL,
    argsHash,
    outcome: 'ok',
    detail: `refund ${receipt.refundId}: ${moneyWords(receipt.amountMinor, receipt.currency)}`,
    latencyMs: sent.latencyMs,
    idempotencyKey: key,
    output: receipt,
    approvalId: verdict.approvalId,
  });
  return receipt;
}

/** The call failed: a definite refusal is passed on; anything that may have moved money keeps the record unknown. */
async function recordFailure(deps: RefundDeps, sent: Sent, result: FailedDispatch): Promise<never> {
  const detail = deps.caller.describeFailure(result);
  const definite = result.kind === 'failed' && result.error.category !== 'temporarily_unavailable' && result.error.category !== 'conflict';
  if (!definite) sent.held.keepUntilExpiry();
  // The record is never deleted: an unknown outcome keeps its key for the retry or for a person.
  await deps.idempotency.markUnknown(sent.refund.key, boundDetail(detail));
  await journalError(deps, sent, detail);
  if (result.kind === 'failed' && result.error.category === 'conflict') {
    throw new AmbiguousOutcomeError('pending_review', 'the store refused the idempotency key for these arguments');
  }
  if (result.kind === 'failed' && result.error.category !== 'temporarily_unavailable') {
    throw new ToolFailedError(result.error.category, `refund_create: ${result.error.category}`, { context: { tool: REFUND_TOOL } });
  }
  // Timeout, 5xx or a lost connection after dispatch: it may have happened. The record stays and
  // the retry sends the same key, so the store answers with the original refund if there was one.
  throw new TemporarilyUnavailableError('refund outcome unknown; retry with the same key', {
    cause: new AmbiguousOutcomeError('retry_same_key', detail),
    retryAfterMs: result.kind === 'failed' ? result.error.retryAfterMs : undefined,
  });
}

/** The one dispatch of an authorised refund, under the customer's lock. */
export async function dispatchRefund(deps: RefundDeps, refund: AuthorisedRefund, held: HeldLock): Promise<RefundReceipt> {
  const { ctx, args, key, argsHash } = refund;
  if (!isResend(refund)) await dryRun(deps, refund);
  await deps.caller.assertPinned(ctx, REFUND_TOOL, argsHash, key);
  const started = performance.now();
  const done = await beginRecord(deps, refund);
  if (done) return answerFromRecord(deps, ctx, done, argsHash, 'already done');
  await journalAllowed(deps, refund);
  const result = await deps.caller.dispatch(REFUND_TOOL, args as unknown as Record<string, unknown>, ctx.step);
  const sent: Sent = { refund, held, latencyMs: performance.now() - started };
  if (result.kind === 'ok') return recordAnswer(deps, sent, result.output);
  return recordFailure(deps, sent, result);
}
