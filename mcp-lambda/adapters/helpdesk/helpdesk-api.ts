// The helpdesk port of the MCP server: leave an internal note on a ticket, look up a requester.
// One interface for every helpdesk; zendesk.ts is the first implementation.
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
