// Lambda entry for the RequestApproval step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. It calls no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_MODELS } from '../lambda/harness.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { createRequestApproval, RequestApprovalEvent } from '../../approvals/request-approval/use-case.js';

export const handler = observed(
  'request-approval',
  composedHandler((base) => createStepHandler(RequestApprovalEvent, createRequestApproval(stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) })))),
);
