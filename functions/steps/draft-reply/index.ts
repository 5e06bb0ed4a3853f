// Lambda entry for the DraftReply step: its dependencies built on the first event and kept for the container
// (functions/shared/lambda/), then the use case. It calls a model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { NO_TOOLS } from '../../shared/lambda/harness.js';
import { modelsOf } from '../../shared/lambda/models.js';
import { stepDepsOf } from '../../shared/lambda/steps.js';
import { createStepHandler } from '../../shared/step-handler.js';
import { StepEvent } from '../../shared/step-result.js';
import { createDraftReply } from './use-case.js';

export const handler = observed(
  'draft-reply',
  composedHandler((base) => createStepHandler(StepEvent, createDraftReply(stepDepsOf(base, { models: modelsOf(base), tools: NO_TOOLS })))),
);
