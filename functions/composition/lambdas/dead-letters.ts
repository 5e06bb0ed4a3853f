// Lambda entry for GET /api/dead-letters (and retrying one): the two queues only.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { NO_DEAD_LETTERS, queuesOf } from '../lambda/queues.js';
import { createDeadLettersHandler } from '../../intake/dead-letters/handler.js';

export const handler = observed(
  'dead-letters',
  composedHandler((base) => {
    const { queue, deadLetters } = queuesOf(base);
    return createDeadLettersHandler({ deadLetters: deadLetters ?? NO_DEAD_LETTERS, queue });
  }),
);
