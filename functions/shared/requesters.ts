// Requester look-ups through the helpdesk API: the email a ticket binds the order to, and the
// requester's name. Composed by the local runtime (core-deps.ts re-exports it) and the Lambda entries
// that start runs (functions/composition/lambda/requesters.ts).

/** Who a ticket's requester is, by the helpdesk's requester id. */
export interface RequesterDirectory {
  emailOf(requesterId: string): Promise<string | null>;
  /** The email and, when the helpdesk gives it, the name in one look-up (the console names the customer); absent: emailOf alone. */
  requesterOf?(requesterId: string): Promise<{ email: string | null; name: string | null }>;
}

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
