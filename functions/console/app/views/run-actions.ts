// What a person can do about a run, as forms, and how the run is linked to the others of its ticket:
// "re-run of" / "re-run as", the order a person picked, the hand-back with its note. Shown on the run
// page (timeline.ts) and, compact, in the escalations queue (escalations.ts); the cancel's confirm
// step is a page of its own (no scripts: the CSP forbids them). Each form posts with the CSRF token;
// the rules deciding which forms show are those the actions check again (console/actions.ts). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { rerunRefusal } from '#functions/shared/domain/rerun.js';
import { cancelRefusal, handBackRefusal, NOTE_MAX, orderPickChoices } from '../actions.js';
import { EXTEND_DAYS, returnRefusal } from '../return-actions.js';
import { csrfField, escaped, time } from './layout.js';
import { noPickNote, orderPickerForm, type OrderPick } from './order-picker.js';
import { bareCandidate } from '../order-candidates.js';

export interface RunActionsView {
  canCancel: boolean;
  canRerun: boolean;
  canHandBack: boolean;
  /** Mark a returned parcel received, give it more days, cancel the return (a lead's). */
  canSettleReturn?: boolean;
  csrf: string;
  /** The orders a pick may name, read from the store for this page, and their links; absent: the numbers the customer wrote alone. */
  pickOf?: (run: Run) => OrderPick | undefined;
}

const runHref = (runId: string) => `/runs/${encodeURIComponent(runId)}`;
const runLink = (runId: string) => `<a href="${runHref(runId)}">${escaped(runId)}</a>`;

/** The run's links to the other runs of its ticket and what people did to it; '' when none. */
export function runRelations(run: Run): string {
  const rows: string[] = [];
  if (run.rerunOf)
    rows.push(
      `<li>Re-run of ${runLink(run.rerunOf.runId)}, started by <strong>${escaped(run.rerunOf.by)}</strong> ${time(run.rerunOf.at)} (attempt ${escaped(run.rerunOf.attempt)})</li>`,
    );
  if (run.orderChoice) rows.push(`<li>Order #${escaped(run.orderChoice.orderNumber)} picked by <strong>${escaped(run.orderChoice.by)}</strong></li>`);
  if (run.rerunAs) rows.push(`<li>Re-run as ${runLink(run.rerunAs.runId)} by <strong>${escaped(run.rerunAs.by)}</strong> ${time(run.rerunAs.at)}</li>`);
  if (run.handBack)
    rows.push(
      `<li>Handed back to the team by <strong>${escaped(run.handBack.by)}</strong> ${time(run.handBack.at)}: <q>${escaped(run.handBack.note)}</q></li>`,
    );
  return rows.length ? `<ul class="relations">${rows.join('')}</ul>` : '';
}

function cancelButton(run: Run): string {
  // A GET to the confirm page: nothing is cancelled until the person confirms there.
  return `<form class="action" method="get" action="${runHref(run.runId)}/cancel" aria-label="Cancel run ${escaped(run.runId)}"><button type="submit" class="danger">Cancel this run…</button></form>`;
}

function rerunForm(run: Run, view: RunActionsView, back: 'run' | 'queues'): string {
  return `<form class="action" method="post" action="${runHref(run.runId)}/rerun" aria-label="Re-run ${escaped(run.runId)}">${csrfField(view.csrf)}
<input type="hidden" name="back" value="${back}"><button type="submit" class="primary">Re-run for the same ticket</button></form>`;
}

/** The re-run: bound to an order a person picks when the run needs one (the store's candidates), else as it was. */
function rerunForms(run: Run, view: RunActionsView, back: 'run' | 'queues'): string {
  const pick = view.pickOf?.(run) ?? writtenOnly(run);
  if (!pick) return rerunForm(run, view, back);
  return orderPickerForm(run, pick, view.csrf, back) || `${noPickNote(pick)}${rerunForm(run, view, back)}`;
}

/** Without the store's reading: the numbers the customer wrote, each without its facts. */
function writtenOnly(run: Run): OrderPick | undefined {
  const numbers = orderPickChoices(run);
  if (!numbers.length) return undefined;
  return { candidates: { kind: 'read', source: 'written', orders: numbers.map((n) => bareCandidate(n)), more: false }, orderLink: () => null };
}

function handBackForm(run: Run, view: RunActionsView, back: 'run' | 'queues'): string {
  const id = escaped(run.runId);
  return `<form class="action" method="post" action="${runHref(run.runId)}/hand-back" aria-label="Hand ${id} back to the team">${csrfField(view.csrf)}
<input type="hidden" name="back" value="${back}"><label for="note-${id}">Note for the team (an internal note on the ticket)<textarea id="note-${id}" name="note" rows="2" cols="${back === 'queues' ? 22 : 36}" maxlength="${NOTE_MAX}" required></textarea></label>
<button type="submit">Hand back to the team</button></form>`;
}

/** A return in flight: the parcel received, more days, or the return cancelled (its box ticked first: no scripts). */
function returnForms(run: Run, view: RunActionsView): string {
  const action = `${runHref(run.runId)}/return`;
  const name = escaped(run.returnCase?.name ?? 'the return');
  const id = escaped(run.runId);
  const button = (value: string, label: string, cls = '') =>
    `<form class="action" method="post" action="${action}" aria-label="${label} (${id})">${csrfField(view.csrf)}<input type="hidden" name="action" value="${value}"><button type="submit"${cls}>${label}</button></form>`;
  return [
    button('received', 'Mark the parcel received', ' class="primary"'),
    button('extend', `Give the parcel ${EXTEND_DAYS} more days`),
    `<form class="action" method="post" action="${action}" aria-label="Cancel return ${name} (${id})">${csrfField(view.csrf)}<input type="hidden" name="action" value="cancel">
<label for="cancel-return-${id}"><input type="checkbox" id="cancel-return-${id}" name="confirm" value="yes" required> Cancel return ${name} in the store: nothing is refunded and the run ends</label>
<button type="submit" class="danger">Cancel the return</button></form>`,
  ].join('\n');
}

/** The forms this person may use on this run now, each only when its rule allows it; '' when none. */
export function runActionForms(run: Run, view: RunActionsView, back: 'run' | 'queues'): string {
  const forms: string[] = [];
  if (view.canSettleReturn && !returnRefusal(run)) forms.push(returnForms(run, view));
  if (view.canCancel && !cancelRefusal(run)) forms.push(cancelButton(run));
  if (view.canRerun && !rerunRefusal(run)) forms.push(rerunForms(run, view, back));
  if (view.canHandBack && !handBackRefusal(run)) forms.push(handBackForm(run, view, back));
  return forms.join('\n');
}

/** Why nothing is offered on a closed run, when a rule says so (a refund made, already re-run). */
function whyNot(run: Run): string {
  if (run.status !== 'escalated') return '';
  const refused = rerunRefusal(run);
  return refused && refused.kind === 'refunded' ? `<p class="muted">${escaped(refused.message)}</p>` : '';
}

/** The run page's section: the links, then the actions (or nothing when neither applies). */
export function runActionsSection(run: Run, view: RunActionsView | undefined): string {
  const relations = runRelations(run);
  const forms = view ? runActionForms(run, view, 'run') : '';
  const note = whyNot(run);
  if (!relations && !forms && !note) return '';
  return `<section aria-labelledby="run-actions"><h2 id="run-actions">Actions and related runs</h2>${relations}${forms}${note}</section>`;
}

/** The cancel's confirm step: what cancelling does, an optional reason, and the one button that cancels. */
export function cancelConfirmContent(run: Run, csrf: string): string {
  const waiting =
    run.status === 'awaiting_approval'
      ? ' Its approval request is closed, so the lead can no longer approve it.'
      : run.status === 'awaiting_return'
        ? ` It waits for a returned parcel: return ${escaped(run.returnCase?.name ?? '')} is cancelled in the store too, so the customer should not send it.`
        : '';
  return `<p>Cancel run ${runLink(run.runId)} on ticket ${escaped(run.ticket.ticketId)}? It is ${escaped(run.status.replace(/_/g, ' '))} at ${escaped(run.state)}.${waiting} No refund will be made by this run; the ticket stays in the helpdesk.</p>
<form class="action" method="post" action="${runHref(run.runId)}/cancel" aria-label="Confirm the cancel of ${escaped(run.runId)}">${csrfField(csrf)}
<input type="hidden" name="confirm" value="yes">
<label for="cancel-reason">Reason (optional)<input id="cancel-reason" name="reason" maxlength="200" size="36"></label>
<button type="submit" class="danger">Yes, cancel the run</button></form>
<p><a href="${runHref(run.runId)}">No, keep it running</a></p>`;
}
