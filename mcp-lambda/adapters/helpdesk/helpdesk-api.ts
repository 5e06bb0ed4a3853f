// The helpdesk port of the MCP server: leave an internal note on a ticket, look up a requester.
// One interface for every helpdesk (zendesk.ts, gorgias.ts). It has no method that writes to the
// customer, so no caller can send a public reply through it.
export interface InternalNote {
  ticketId: string;
  noteId: string;
}

export interface HelpdeskApi {
  /** A private note for the team; never a message to the customer. */
  postInternalNote(ticketId: string, body: string): Promise<InternalNote>;
  /** The ticket requester as the helpdesk knows them, or null when the user does not exist. */
  getRequester(userId: string): Promise<{ id: string; email: string } | null>;
}
