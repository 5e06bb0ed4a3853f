// Requester look-ups through the helpdesk API: the email a ticket binds the order to, and the
// requester's name. Composed by the local runtime (core-deps.ts re-exports it) and the Lambda entries
// that start runs (functions/shared/lambda/requesters.ts).
import type { RequesterDirectory } from '../run-starter/start-run.js';

/** Requester look-ups through the helpdesk API (the email the ticket binds the order to). */
export function helpdeskRequesters(helpdesk: { getRequester(userId: string): Promise<{ email: string; name?: string | null } | null> }): RequesterDirectory {
  return {
    emailOf: async (requesterId) => (await helpdesk.getRequester(requesterId))?.email ?? null,
    async requesterOf(requesterId) {
      const found = await helpdesk.getRequester(requesterId);
      return { email: found?.email ?? null, name: found?.name ?? null };
    },
  };
}
