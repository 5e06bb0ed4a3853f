// Lambda entry for the ProposeRefund Task: its dependencies built on the first event and kept for the
// container (functions/composition/lambda/), then CheckOrder, the order agent's proposal and the Gate's
// decision on it (order-task.ts). It calls a model (the order agent) and the order tools; the Gate
// applies the tenant's mode (AGENT_MODE).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { modelsOf } from '../lambda/models.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { StepEvent } from '../../shared/step/result.js';
import { createOrderTask } from '../../steps/propose-refund/order-task.js';

export const handler = observed(
  'propose-refund',
  composedHandler((base) => createStepHandler(StepEvent, createOrderTask(stepDepsOf(base, { models: modelsOf(base), tools: toolsOf(base) })))),
);
