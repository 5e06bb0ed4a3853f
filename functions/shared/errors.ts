// Errors of the step use cases and handlers. Names matter: Step Functions Retry/Catch match on
// `name` (see state-machine/refund-run.asl.json).
export class StepError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StepError';
  }
}

/** The run row the execution refers to is missing: the run cannot go on. */
export class RunNotFoundError extends StepError {
  constructor(readonly runId: string) {
    super(`run ${runId} not found`);
    this.name = 'RunNotFoundError';
  }
}

/** A step ran without what an earlier step should have produced (a defect, not bad input). */
export class MissingStepDataError extends StepError {
  constructor(
    readonly runId: string,
    readonly what: string,
  ) {
    super(`run ${runId} has no ${what}`);
    this.name = 'MissingStepDataError';
  }
}

/** An incoming event or request that does not match its schema. */
export class InvalidEventError extends StepError {
  constructor(
    message: string,
    readonly issues: unknown,
  ) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * The run was cancelled, or already closed (done, escalated), when a step was about to start: the
 * step does nothing, and the state machine's Catch hands over to Escalate, which finalizes.
 */
export class RunClosedError extends StepError {
  constructor(
    readonly runId: string,
    readonly status: string,
  ) {
    super(`run ${runId} is ${status}; the step does nothing`);
    this.name = 'RunClosedError';
  }
}
