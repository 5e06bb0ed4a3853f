// Public face of the local Step Functions runner.
export { createLocalWorkflowEngine } from './engine.js';
export type { ExecutionResult, LocalWorkflowEngine, LocalWorkflowEngineOptions } from './engine.js';
export type { ErrorInfo, ExecutionStatus, ExecutionView, LocalWorkflowEvent, Transition } from './executions.js';
export type { StepHandler, StepHandlers } from './overrides.js';
export { realTimer } from './task-tokens.js';
export type { PendingTaskToken, Timer } from './task-tokens.js';
export { localFunctionArn, localStateMachineArn, listTaskStates, loadDefinition, loadDefinitionParts } from './definition.js';
export type { DefinitionSource, TaskSpec } from './definition.js';
export {
  EngineClosedError,
  ExecutionNotFoundError,
  InvalidDefinitionError,
  LocalWorkflowError,
  MissingTaskHandlerError,
  StateError,
  TaskTokenNotFoundError,
  UnsupportedTaskResourceError,
} from './errors.js';
