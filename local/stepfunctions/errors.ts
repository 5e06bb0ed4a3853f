// Typed errors of the local Step Functions runner. Configuration errors are thrown to the caller of
// createLocalWorkflowEngine; TaskTokenNotFoundError mirrors SFN's TaskDoesNotExist for the approval
// callback; StateError is what a Task override throws into the interpreter, named so Retry/Catch match.

export class LocalWorkflowError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LocalWorkflowError';
  }
}

/** A Task state has no in-process handler: every Task must be overridden or it would call AWS. */
export class MissingTaskHandlerError extends LocalWorkflowError {
  constructor(readonly stateNames: string[]) {
    super(`No local handler for Task state(s): ${stateNames.join(', ')}`);
    this.name = 'MissingTaskHandlerError';
  }
}

/** A Task uses an integration the local runner does not emulate. */
export class UnsupportedTaskResourceError extends LocalWorkflowError {
  constructor(
    readonly stateName: string,
    readonly resource: string,
  ) {
    super(`Task state ${stateName} uses unsupported resource ${resource}`);
    this.name = 'UnsupportedTaskResourceError';
  }
}

export class InvalidDefinitionError extends LocalWorkflowError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidDefinitionError';
  }
}

/** Like SFN's TaskDoesNotExist: the token is unknown, already answered, or its wait timed out. */
export class TaskTokenNotFoundError extends LocalWorkflowError {
  constructor() {
    super('Task token is unknown or no longer pending');
    this.name = 'TaskTokenNotFoundError';
  }
}

export class EngineClosedError extends LocalWorkflowError {
  constructor() {
    super('The local workflow engine is closed');
    this.name = 'EngineClosedError';
  }
}

export class ExecutionNotFoundError extends LocalWorkflowError {
  constructor(readonly executionName: string) {
    super(`No execution named ${executionName}`);
    this.name = 'ExecutionNotFoundError';
  }
}

/**
 * Thrown into the interpreter when a Task fails. `name` becomes the ASL `Error` (what Retry/Catch
 * match) and `message` the `Cause`, shaped like Lambda's error payload as Step Functions reports it.
 */
export class StateError extends Error {
  constructor(errorName: string, cause: string) {
    super(cause);
    this.name = errorName;
  }

  /** Maps anything a handler throws to the Error/Cause pair AWS would report for a Lambda error. */
  static fromHandlerFailure(thrown: unknown): StateError {
    if (thrown instanceof StateError) return thrown;
    const errorType = thrown instanceof Error && thrown.name ? thrown.name : 'Error';
    const errorMessage = thrown instanceof Error ? thrown.message : String(thrown);
    return new StateError(errorType, JSON.stringify({ errorType, errorMessage }));
  }
}

export const STATES_TIMEOUT = 'States.Timeout';
