// Lambda entry for the ticket queue (SQS FIFO event source, partial batch responses on): the table,
// Step Functions, the helpdesk's requesters, the dead-letter queue and the harness (a cancelled run's
// holding note through post_draft); no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { workflowOf } from '../../shared/lambda/aws.js';
import { NO_MODELS } from '../../shared/lambda/harness.js';
import { queuesOf } from '../../shared/lambda/queues.js';
import { requestersOf } from '../../shared/lambda/requesters.js';
import { toolsOf } from '../../shared/lambda/tools.js';
import { stepDepsOf } from '../../shared/lambda/steps.js';
import { createRunStarterHandler } from './handler.js';

export const handler = observed(
  'run-starter',
  composedHandler((base) => {
    const { deadLetters, maxReceiveCount } = queuesOf(base);
    return createRunStarterHandler({
      ...stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) }),
      workflow: workflowOf(base),
      requesters: requestersOf(base),
      ...(deadLetters ? { deadLetters, maxReceiveCount } : {}),
    });
  }),
);
