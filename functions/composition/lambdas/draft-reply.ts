// Lambda entry for the DraftReply step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. It calls a model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_TOOLS } from '../lambda/harness.js';
import { modelsOf } from '../lambda/models.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { StepEvent } from '../../shared/step/result.js';
import { createDraftReply } from '../../steps/draft-reply/use-case.js';

export const handler = observed(
  'draft-reply',
  composedHandler((base) => createStepHandler(StepEvent, createDraftReply(stepDepsOf(base, { models: modelsOf(base), tools: NO_TOOLS })))),
);
