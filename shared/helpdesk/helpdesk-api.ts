// The helpdesk port: leave an internal note on a ticket (the MCP server's post_draft), look up a
// requester (the MCP server and the run starter). One interface for every connector (zendesk.ts, gorgias.ts). It has no method that writes to the
// customer, so no caller can send a public reply through it.
export interface InternalNote {
  ticketId: string;
  noteId: string;
}

export interface HelpdeskApi {
  /** A private note for the team; never a message to the customer. */
  postInternalNote(ticketId: string, body: string): Promise<InternalNote>;
  /** The ticket requester as the helpdesk knows them, or null when the user does not exist. */
  getRequester(userId: string): Promise<{ id: string; email: string; name?: string | null } | null>;
}
