// Lambda entry for the Triage step: its dependencies built on the first event and kept for the container
// (functions/composition/lambda/), then the use case. It calls a model, and sends to the ticket queue
// only when a ticket holds several requests.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_TOOLS } from '../lambda/harness.js';
import { modelsOf } from '../lambda/models.js';
import { stepDepsOf } from '../lambda/steps.js';
import { createStepHandler } from '../../shared/step/handler.js';
import { StepEvent } from '../../shared/step/result.js';
import { createTriage } from '../../steps/triage/use-case.js';
import { queueRequestOpener } from '../../shared/queue.js';
import { queuesOf } from '../lambda/queues.js';

export const handler = observed(
  'triage',
  composedHandler((base) =>
    createStepHandler(
      StepEvent,
      // A ticket with several requests: the run starter opens each other request's run, asked through the ticket queue.
      createTriage({ ...stepDepsOf(base, { models: modelsOf(base), tools: NO_TOOLS }), requestRuns: queueRequestOpener(queuesOf(base).queue) }),
    ),
  ),
);
