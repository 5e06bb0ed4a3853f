// Lambda entry for the Escalate step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. It calls a model (the holding reply).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { modelsOf } from '../lambda/models.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { createEscalate, EscalateEvent } from '../../steps/escalate/use-case.js';

export const handler = observed(
  'escalate',
  composedHandler((base) => createStepHandler(EscalateEvent, createEscalate(stepDepsOf(base, { models: modelsOf(base), tools: toolsOf(base) })))),
);
