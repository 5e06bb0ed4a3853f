// Lambda entry for the ProcessReturn step: the refund on receipt through the harness (process_return),
// or the return closed or cancelled. It calls no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_MODELS } from '../lambda/harness.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { ProcessReturnEvent, createProcessReturn } from '../../steps/process-return/use-case.js';

export const handler = observed(
  'process-return',
  composedHandler((base) => createStepHandler(ProcessReturnEvent, createProcessReturn(stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) })))),
);
