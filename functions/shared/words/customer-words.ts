// The customer's own words on a run: the ticket's subject and body, then the follow-ups attached
// while the run lived. What quotes must come from; never the order note or line-item properties.
import type { Run } from '#functions/shared/domain/run.js';

export function customerWords(run: Pick<Run, 'ticket' | 'followUps'>): string[] {
  return [run.ticket.subject, run.ticket.body, ...(run.followUps ?? []).map((f) => f.excerpt)].filter((t) => t.length > 0);
}
