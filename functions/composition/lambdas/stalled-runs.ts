// Lambda entry for the stalled-runs sweeper (EventBridge schedule, e.g. every 5 minutes): the table,
// Step Functions (stop) and the Escalate use case in-process, which calls a model (the holding reply).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { workflowOf } from '../lambda/aws.js';
import { modelsOf } from '../lambda/models.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { createEscalate, EscalateEvent } from '../../steps/escalate/use-case.js';
import { composeStalledRunsSweep } from '../stalled-runs.js';

export const handler = observed(
  'stalled-runs',
  composedHandler((base) => {
    const deps = stepDepsOf(base, { models: modelsOf(base), tools: toolsOf(base) });
    const escalate = createStepHandler(EscalateEvent, createEscalate(deps));
    const sweep = composeStalledRunsSweep({ ...deps, workflow: workflowOf(base), escalate: (input) => escalate(input) });
    return () => sweep();
  }),
);
