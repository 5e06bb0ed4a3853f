// Lambda entry for the RequestApproval step: its dependencies built on the first event and kept for the container
// (functions/shared/lambda/), then the use case. It calls no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { NO_MODELS } from '../../shared/lambda/harness.js';
import { toolsOf } from '../../shared/lambda/tools.js';
import { stepDepsOf } from '../../shared/lambda/steps.js';
import { createStepHandler } from '../../shared/step-handler.js';
import { createRequestApproval, RequestApprovalEvent } from './use-case.js';

export const handler = observed(
  'request-approval',
  composedHandler((base) => createStepHandler(RequestApprovalEvent, createRequestApproval(stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) })))),
);
