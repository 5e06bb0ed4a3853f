// Typed harness errors. Step handlers map them to outcomes; Step Functions matches on `name`
// (TemporarilyUnavailableError is retried, everything else is caught and escalated).
import type { ToolErrorCategory } from '#shared/contracts/tools.js';

export type ErrorContext = Record<string, string | number | boolean | null | string[]>;

export interface HarnessErrorOptions {
  cause?: unknown;
  context?: ErrorContext;
}

export class HarnessError extends Error {
  readonly context: ErrorContext;

  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HarnessError';
    this.context = options.context ?? {};
  }
}

/** The calling step may not use this tool (per-step allowlist). */
export class ToolNotAllowedError extends HarnessError {
  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options);
    this.name = 'ToolNotAllowedError';
  }
}

/** A call's arguments break a policy rule; `rule` is the rule id (e.g. "order_not_bound"). */
export class ArgumentPolicyError extends HarnessError {
  readonly rule: string;

  constructor(rule: string, message: string, options: HarnessErrorOptions = {}) {
    super(message, { ...options, context: { rule, ...options.context } });
    this.name = 'ArgumentPolicyError';
    this.rule = rule;
  }
}

/** Throws the ArgumentPolicyError of `rule`: what a pure check of a call's arguments does on the first rule they break. */
export function refuseArguments(rule: string, message: string): never {
  throw new ArgumentPolicyError(rule, message);
}

/** The call needs a support lead's approval that binds these exact arguments, and has none. */
export class ApprovalRequiredError extends HarnessError {
  readonly rule: string;

  constructor(rule: string, message: string, options: HarnessErrorOptions = {}) {
    super(message, { ...options, context: { rule, ...options.context } });
    this.name = 'ApprovalRequiredError';
    this.rule = rule;
  }
}

/** The tool answered with a definite failure (not found, not authorized, invalid, conflict). */
export class ToolFailedError extends HarnessError {
  readonly category: ToolErrorCategory;

  constructor(category: ToolErrorCategory, message: string, options: HarnessErrorOptions = {}) {
    super(message, { ...options, context: { category, ...options.context } });
    this.name = 'ToolFailedError';
    this.category = category;
  }
}

/** Worth retrying later. The name is matched verbatim by the state machine's Retry. */
export class TemporarilyUnavailableError extends HarnessError {
  readonly retryAfterMs: number | null;

  constructor(message: string, options: HarnessErrorOptions & { retryAfterMs?: number } = {}) {
    super(message, options);
    this.name = 'TemporarilyUnavailableError';
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

/** A model's output did not match the step's schema (it is never repaired by guessing). */
export class InvalidModelOutputError extends HarnessError {
  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options);
    this.name = 'InvalidModelOutputError';
  }
}

/** The run's cost cap is spent; the run goes to a person. */
export class BudgetExceededError extends HarnessError {
  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options);
    this.name = 'BudgetExceededError';
  }
}

/** How the Refund step escalates a refund whose outcome a person must settle (Escalate records it as the reason). */
export const PENDING_REVIEW_REASON = 'refund outcome unknown, pending review';

/**
 * What is left to do about a money call that may or may not have happened:
 * - `pending_review`: retrying cannot settle it; the run goes to a person now (status 'pending_review').
 * - `retry_same_key`: a retry with the same idempotency key may settle it (the store answers with the
 *   original refund if there was one); carried as the cause of a TemporarilyUnavailableError.
 */
export type AmbiguousOutcomeKind = 'pending_review' | 'retry_same_key';

/**
 * A money call may or may not have happened. `kind` says whether a person must look now; a
 * `pending_review` error's message opens with PENDING_REVIEW_REASON, followed by the detail.
 */
export class AmbiguousOutcomeError extends HarnessError {
  readonly kind: AmbiguousOutcomeKind;

  constructor(kind: AmbiguousOutcomeKind, detail: string, options: HarnessErrorOptions = {}) {
    super(kind === 'pending_review' ? `${PENDING_REVIEW_REASON}: ${detail}` : detail, options);
    this.name = 'AmbiguousOutcomeError';
    this.kind = kind;
  }
}

/** Setup fault: a tool contract drifted from its pin, or a model has no price. Fails closed. */
export class HarnessConfigError extends HarnessError {
  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options);
    this.name = 'HarnessConfigError';
  }
}

/**
 * The model declined to answer (stop reason `refusal`). Not retried and not repaired: the step
 * fails, and the state machine's Catch hands the run to a person with this as the reason.
 */
export class ModelRefusedError extends HarnessError {
  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options);
    this.name = 'ModelRefusedError';
  }
}

/**
 * A model's answer was cut by its output limit (stop reason `max_tokens`) even after the one retry
 * with a larger limit, or when no larger limit was left. An output that cannot be used, so it is
 * an InvalidModelOutputError too; never repaired (the answer was not wrong, it was incomplete).
 */
export class ModelOutputTruncatedError extends InvalidModelOutputError {
  constructor(message: string, options: HarnessErrorOptions = {}) {
    super(message, options);
    this.name = 'ModelOutputTruncatedError';
  }
}
