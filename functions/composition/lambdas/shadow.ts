// Lambda entry for the Shadow step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. Shadow mode: the proposal note, then the run stops; it calls no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_MODELS } from '../lambda/harness.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { StepEvent } from '../../shared/step/result.js';
import { createShadow } from '../../shadow/step/use-case.js';

export const handler = observed(
  'shadow',
  composedHandler((base) => createStepHandler(StepEvent, createShadow(stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) })))),
);
