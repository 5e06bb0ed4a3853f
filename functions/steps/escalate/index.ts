// Lambda entry for the Escalate step: its dependencies built on the first event and kept for the container
// (functions/shared/lambda/), then the use case. It calls a model (the holding reply).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { modelsOf } from '../../shared/lambda/models.js';
import { toolsOf } from '../../shared/lambda/tools.js';
import { stepDepsOf } from '../../shared/lambda/steps.js';
import { createStepHandler } from '../../shared/step-handler.js';
import { createEscalate, EscalateEvent } from './use-case.js';

export const handler = observed(
  'escalate',
  composedHandler((base) => createStepHandler(EscalateEvent, createEscalate(stepDepsOf(base, { models: modelsOf(base), tools: toolsOf(base) })))),
);
