// Lambda entry for the ticket queue (SQS FIFO event source, partial batch responses on): the table,
// Step Functions, the helpdesk's requesters, the dead-letter queue and the harness (a cancelled run's
// holding note through post_draft); no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { workflowOf } from '../lambda/aws.js';
import { NO_MODELS } from '../lambda/harness.js';
import { queuesOf } from '../lambda/queues.js';
import { requestersOf } from '../lambda/requesters.js';
import { toolsOf } from '../lambda/tools.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createRunStarterHandler } from '../../intake/run-starter/handler.js';
import { withRunStarterPorts } from '../run-starter.js';

export const handler = observed(
  'run-starter',
  composedHandler((base) => {
    const { deadLetters, maxReceiveCount } = queuesOf(base);
    return createRunStarterHandler(
      withRunStarterPorts({
        ...stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) }),
        workflow: workflowOf(base),
        requesters: requestersOf(base),
        ...(deadLetters ? { deadLetters, maxReceiveCount } : {}),
      }),
    );
  }),
);
