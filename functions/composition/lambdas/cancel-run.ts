// Lambda entry for POST /api/runs/{runId}/cancel: the table, Step Functions (stop) and the harness
// (the holding note's end through post_draft); no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { workflowOf } from '../lambda/aws.js';
import { NO_MODELS } from '../lambda/harness.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createCancelRunHandler } from '../../run/cancel-run/handler.js';

export const handler = observed(
  'cancel-run',
  composedHandler((base) => createCancelRunHandler({ ...stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) }), workflow: workflowOf(base) })),
);
