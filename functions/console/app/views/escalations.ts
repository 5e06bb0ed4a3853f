// The escalations queue: runs handed to a person, with why and from which state, how they link to
// their re-runs, and what a lead can do from here (re-run, pick the order of a ticket that names
// several, hand back to the team with a note). Rendered in the queues page (queues.ts). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { costHtml, escaped, statusBadge, time } from './layout.js';
import { listTable, whole, wholeTokens, type Column } from './list-table.js';
import type { RunLinks } from '../links.js';
import { customerHtml, ticketHtml } from './case.js';
import { runActionForms, runRelations, type RunActionsView } from './run-actions.js';
import { readable, stateName } from './words.js';

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

const COLUMNS: readonly Column[] = [
  { label: 'Run', kind: 'lead' },
  { label: 'Status', kind: 'word' },
  { label: 'Ticket', kind: 'id' },
  { label: 'Reason', kind: 'text' },
  { label: 'Stopped at', kind: 'word' },
  { label: 'Cost', kind: 'amount' },
  { label: 'When', kind: 'time' },
  { label: 'Actions', kind: 'actions' },
];

export function escalationsSection(view: EscalationsView): string {
  const rows = view.escalations.map((run) => [
    `${whole(runLink(run.runId))}<br>${customerHtml(run)}`,
    statusBadge(run.status),
    ticketHtml(run, view.linksOf?.(run)),
    wholeTokens(escaped(readable(run.escalation?.reason ?? ''))),
    escaped(run.escalation ? stateName(run.escalation.step) : ''),
    costHtml(run.costMicros),
    time(run.updatedAt),
    actionsCell(run, view),
  ]);
  return `<section aria-labelledby="q-escalations"><h2 id="q-escalations">Escalations (${view.escalations.length})</h2>
${listTable({ columns: COLUMNS, rows, empty: 'No escalations.' })}</section>`;
}
