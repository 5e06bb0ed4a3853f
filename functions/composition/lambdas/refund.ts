// Lambda entry for the Refund step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. It calls no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_MODELS } from '../lambda/harness.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { StepEvent } from '../../shared/step/result.js';
import { createRefund } from '../../steps/refund/use-case.js';

export const handler = observed(
  'refund',
  composedHandler((base) => createStepHandler(StepEvent, createRefund(stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) })))),
);
