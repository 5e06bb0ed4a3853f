// Stable, derivable ids: the same ticket always maps to the same run, and so to the same
// Step Functions execution name (which makes a repeated start harmless).
import { createHash } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export function runIdFor(ticket: { tenant: string; helpdesk: string; ticketId: string }): string {
  return `run-${digest(`${ticket.tenant}|${ticket.helpdesk}|${ticket.ticketId}`).slice(0, 24)}`;
}

/** SQS FIFO MessageDeduplicationId for one helpdesk event (max 128 chars). */
export function dedupeIdFor(event: { tenant: string; helpdesk: string; eventId: string }): string {
  return digest(`${event.tenant}|${event.helpdesk}|${event.eventId}`);
}
