// The escalations queue: runs handed to a person, with why and from which state, how they link to
// their re-runs, and what a lead can do from here (re-run, pick the order of a ticket that names
// several, hand back to the team with a note). Rendered in the queues page (queues.ts). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { dollars, escaped, statusBadge, time } from './layout.js';
import type { RunLinks } from '../links.js';
import { customerHtml, ticketHtml } from './case.js';
import { runActionForms, runRelations, type RunActionsView } from './run-actions.js';

export interface EscalationsView {
  escalations: Run[];
  /** Absent: the queue is read-only. */
  actions?: RunActionsView;
  /** Where each run's ticket lives (a link out); absent: the id alone. */
  linksOf?: (run: Run) => Pick<RunLinks, 'ticket'>;
}

const runLink = (runId: string) => `<a href="/runs/${encodeURIComponent(runId)}">${escaped(runId)}</a>`;

function actionsCell(run: Run, view: EscalationsView): string {
  const forms = view.actions ? runActionForms(run, view.actions, 'queues') : '';
  const relations = runRelations(run);
  if (forms || relations) return `${relations}${forms}`;
  return view.actions?.canRerun || view.actions?.canHandBack ? '<span class="muted">nothing to do here</span>' : '<span class="muted">a lead acts</span>';
}

export function escalationsSection(view: EscalationsView): string {
  const rows = view.escalations
    .map(
      (run) =>
        `<tr><td>${runLink(run.runId)}<br>${customerHtml(run)}</td><td>${statusBadge(run.status)}</td><td>${ticketHtml(run, view.linksOf?.(run))}</td><td>${escaped(run.escalation?.reason ?? '')}</td><td>${escaped(run.escalation?.step ?? '')}</td><td class="num">${escaped(dollars(run.costMicros))}</td><td>${time(run.updatedAt)}</td><td>${actionsCell(run, view)}</td></tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="q-escalations"><h2 id="q-escalations">Escalations (${view.escalations.length})</h2>
<table><thead><tr><th scope="col">Run</th><th scope="col">Status</th><th scope="col">Ticket</th><th scope="col">Reason</th><th scope="col">From state</th><th scope="col">Cost</th><th scope="col">When</th><th scope="col">Actions</th></tr></thead>
<tbody>${rows || '<tr><td colspan="8">No escalations.</td></tr>'}</tbody></table></section>`;
}
