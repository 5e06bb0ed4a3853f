// Lambda entry for the CheckReply step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. It calls a model (the reply check; a failed check escalates in-process).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { modelsOf } from '../lambda/models.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { StepEvent } from '../../shared/step/result.js';
import { createCheckReply } from '../../steps/check-reply/use-case.js';

export const handler = observed(
  'check-reply',
  composedHandler((base) => createStepHandler(StepEvent, createCheckReply(stepDepsOf(base, { models: modelsOf(base), tools: toolsOf(base) })))),
);
