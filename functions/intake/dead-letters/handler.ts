// GET /api/dead-letters → the messages in the dead-letter queue with the reason each got there
// (peeked, not consumed); POST /api/dead-letters/{messageId}/retry → the message back on the ticket
// queue and out of the dead-letter queue (use-case.ts). Operator view; the bodies are ticket events,
// so the routes are not public.
import { json, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { createDeadLetters, type DeadLettersDeps } from './use-case.js';
import { DEAD_LETTER_ID } from '#functions/shared/domain/dead-letters.js';

export function createDeadLettersHandler(deps: DeadLettersDeps) {
  const letters = createDeadLetters(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const messageId = event.pathParameters?.messageId;
    if (messageId === undefined) return json(200, { deadLetters: await letters.list(10) });
    if (!DEAD_LETTER_ID.test(messageId)) return json(400, { error: 'not a message id' });
    const outcome = await letters.retry(messageId);
    switch (outcome.kind) {
      case 'retried':
        return json(200, { retried: true, runId: outcome.runId });
      case 'not_found':
        return json(404, { error: `dead letter ${messageId} not found` });
      case 'not_retryable':
        return json(409, { error: outcome.reason });
    }
  };
}
