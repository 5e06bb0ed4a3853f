// GET /api/dead-letters → the messages in the dead-letter queue with the reason each got there
// (peeked, not consumed). Operator view; the bodies are ticket events, so the route is not public.
import type { DeadLetterQueue } from '../shared/dead-letters.js';
import { json, type HttpEvent, type HttpResult } from '../shared/http.js';

export function createDeadLettersHandler(deps: { deadLetters: DeadLetterQueue }) {
  return async (_event: HttpEvent): Promise<HttpResult> => json(200, { deadLetters: await deps.deadLetters.list(10) });
}
