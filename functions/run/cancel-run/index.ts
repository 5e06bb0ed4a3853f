// Lambda entry for POST /api/runs/{runId}/cancel: the table, Step Functions (stop) and the harness
// (the holding note's end through post_draft); no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { workflowOf } from '../../shared/lambda/aws.js';
import { NO_MODELS } from '../../shared/lambda/harness.js';
import { toolsOf } from '../../shared/lambda/tools.js';
import { stepDepsOf } from '../../shared/lambda/steps.js';
import { createCancelRunHandler } from './handler.js';

export const handler = observed(
  'cancel-run',
  composedHandler((base) => createCancelRunHandler({ ...stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) }), workflow: workflowOf(base) })),
);
