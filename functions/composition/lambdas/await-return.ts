// Lambda entry for the AwaitReturn step: keeps the wait's task token on the run row. It calls no tool and no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_MODELS, NO_TOOLS } from '../lambda/harness.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { AwaitReturnEvent, createAwaitReturn } from '../../steps/await-return/use-case.js';

export const handler = observed(
  'await-return',
  composedHandler((base) => createStepHandler(AwaitReturnEvent, createAwaitReturn(stepDepsOf(base, { models: NO_MODELS, tools: NO_TOOLS })))),
);
