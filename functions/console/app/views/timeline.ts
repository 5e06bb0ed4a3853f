// A run as a timeline: each state it went through with its time and the journal rows under it (tool
// and model calls with latency, cost and outcome; decisions with the rule that decided; grounding
// rows with their quotes), and what the state left on the run: the gate's rules and reasons, the
// approval and its bound hash, the refund receipt and idempotency key, the notes on the ticket, the
// escalation (state-facts.ts); near the top, the other requests of its ticket and their one reply
// (ticket-requests.ts). The actions a person may take on the run sit where they belong. Pure.
import { outcomeParagraph } from './outcome.js';
import { attachmentsPageHtml } from '../../../shared/attachments/attachments-html.js';
import { orderNumberOf } from '#functions/shared/domain/run-summary.js';
import type { JournalRow } from '#harness/domain/types.js';
import type { Policy } from '#harness/policy/document.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunLinks } from '../links.js';
import { customerHtml, withLineTitles } from './case.js';
import { costHtml, dollars, escaped, money as dollarsOf, statusBadge, time } from './layout.js';
import { listTable, whole, wholeTokens, type Column } from './list-table.js';
import type { ReviewContext } from './review.js';
import { runActionsSection, type RunActionsView } from './run-actions.js';
import { returnCaseSection } from './returns-queue.js';
import { facts, stateFacts, stateRaw } from './state-facts.js';
import { engineerDetails, rawPairs } from './details.js';
import { readable, shortened, STATE_LABEL, stateName, stateNow } from './words.js';
import { ticketRequestsSection, type TicketRunsView } from './ticket-requests.js';
import { otherRunsSection } from './other-runs.js';

export interface TimelineContext {
  links: RunLinks;
  canDecide: boolean;
  canSettle: boolean;
  csrf: string;
  now: Date;
  /** Cancel, re-run, pick the order, hand back, and the links to the ticket's other runs (run-actions.ts). */
  actions?: RunActionsView;
  /** A pending review's candidate refunds, read when the page opened (views/review.ts). */
  review?: ReviewContext;
  /** The tenant's policy (its numbers word the approval reasons); absent, the default policy. */
  policy?: Policy;
  /** Our route serving the ticket's n-th attachment as a thumbnail, or null for a plain link (page-routes.ts). */
  thumbnailSrc?: (index: number) => string | null;
  /** The runs of the ticket's several requests and their one reply (ticket-runs.ts); absent: a ticket with one request. */
  ticket?: TicketRunsView | null;
  /** The runs bound to the run's order (other-runs.ts); absent or null: not read, the section left out. */
  otherRuns?: readonly Run[] | null;
}

const STATE_ORDER: readonly string[] = Object.keys(STATE_LABEL);

const CALL_COLUMNS: readonly Column[] = [
  { label: 'Time', kind: 'time' },
  { label: 'Kind', kind: 'word' },
  { label: 'Call', kind: 'lead' },
  { label: 'Outcome', kind: 'word' },
  { label: 'Latency', kind: 'amount' },
  { label: 'Cost', kind: 'amount' },
  { label: 'Decision, rule', kind: 'word' },
  { label: 'Detail', kind: 'text' },
];

/** One journal row's cells, in CALL_COLUMNS' order. */
function callCells(run: Run, r: JournalRow): string[] {
  const call = `${whole(escaped(r.name))} ${whole(`<span class="muted">${escaped(r.kind === 'model' ? (r.model ?? r.provider) : r.provider)}</span>`)}`;
  const tokens =
    r.inputTokens !== null || r.outputTokens !== null
      ? `<br><span class="muted">${escaped(r.inputTokens ?? 0)} in / ${escaped(r.outputTokens ?? 0)} out tokens</span>`
      : '';
  const decided = r.decision ? `${escaped(r.decision)}${r.rule ? `<br><code>${escaped(r.rule)}</code>` : ''}` : r.rule ? `<code>${escaped(r.rule)}</code>` : '';
  const extra = [
    r.idempotencyKey ? `key <code>${escaped(r.idempotencyKey)}</code>` : '',
    r.approvalId ? `approval <code>${escaped(r.approvalId)}</code>` : '',
    r.requestId ? `request <code>${escaped(r.requestId)}</code>` : '',
    r.actor ? `by <strong>${escaped(r.actor)}</strong>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return [
    time(r.at),
    escaped(r.kind),
    `${call}${tokens}`,
    `<span class="o-${escaped(r.outcome)}">${escaped(r.outcome)}</span>`,
    `${escaped(r.latencyMs)} ms`,
    costHtml(r.costMicros),
    decided,
    `${wholeTokens(escaped(withLineTitles(run, r.detail)))}${extra ? `<br><span class="muted">${extra}</span>` : ''}`,
  ];
}

/** The state's tool and model calls and decisions: a table on a screen, a card per call on a phone. */
function journalTable(run: Run, rows: JournalRow[], caption: string): string {
  if (rows.length === 0) return '';
  return listTable({ caption, columns: CALL_COLUMNS, rows: rows.map((r) => callCells(run, r)), empty: '' });
}

/** Grounding rows: one per claimed line, with the quote the claim rests on. */
function groundingTable(run: Run, rows: JournalRow[]): string {
  if (rows.length === 0) return '';
  const body = rows
    .map((r) => {
      const quote = /by "([\s\S]*)"$/.exec(r.detail)?.[1] ?? '';
      const line = r.detail.split(':')[0] ?? '';
      return `<tr><td>${escaped(withLineTitles(run, line))}</td><td class="o-${escaped(r.outcome)}">${r.outcome === 'ok' ? 'grounded' : 'not grounded'}</td><td>${quote ? `<q>${escaped(quote)}</q>` : escaped(withLineTitles(run, r.detail))}</td></tr>`;
    })
    .join('');
  return `<table><caption>Grounding: each claimed line against the customer’s words</caption><thead><tr><th scope="col">Line</th><th scope="col">Verdict</th><th scope="col">Quote</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** What a note left during a state says, when the run does not keep its text. */
const NOTE_OF_STATE: Readonly<Record<string, string>> = {
  RequestApproval: 'The holding note: the refund waits for a lead’s approval.',
  Escalate: 'The hand-over note: the ticket is back with the team.',
  Console: 'A note from the console.',
  Shadow: 'The shadow proposal: what the agent would have done.',
};

/** One note's text, shortened: the reply draft's own words where this note is it, else what such a note says. */
function noteText(run: Run, noteId: string | undefined, step: string): string {
  if (noteId && run.draft?.noteId === noteId) return `“${shortened(run.draft.body)}”`;
  // A cancel's ending note goes through the Escalate step's allowlist (cancel-run): on a cancelled run that never escalated, it is that note.
  if (step === 'Escalate' && run.cancellation && !run.escalation) return 'The cancellation note: the run was stopped and the ticket is back with the team.';
  return NOTE_OF_STATE[step] ?? `A note left during ${stateName(step).toLowerCase()}.`;
}

/** The notes the run left on the ticket (post_draft calls, the checked draft, the shadow proposal), by their text; the ids in the details. */
function notes(run: Run, journal: JournalRow[]): string {
  const posted = journal.filter((r) => r.name === 'post_draft' && r.kind === 'tool');
  const rows = posted.map((r) => {
    const id = /note\S*\s+(\S+)/i.exec(r.detail)?.[1];
    const failed = r.outcome === 'ok' ? '' : ` <span class="o-${escaped(r.outcome)}">(not left: the helpdesk refused it)</span>`;
    return `<li>${time(r.at)}: ${escaped(noteText(run, id, r.step))}${failed}</li>`;
  });
  if (run.shadow?.noteId && !posted.some((r) => r.detail.includes(run.shadow!.noteId!))) rows.push(`<li>${escaped(NOTE_OF_STATE.Shadow)}</li>`);
  const raw = rawPairs([...posted.map((r): [string, string] => [`${r.at} ${r.step}`, `${r.outcome}: ${r.detail}`]), ['shadow note', run.shadow?.noteId]]);
  return rows.length ? `<h2 id="notes">Notes left on the ticket</h2><ul>${rows.join('')}</ul>${engineerDetails([raw], 'Engineer’s details: note ids')}` : '';
}

/** The states to draw, in STATE_ORDER: those with journal rows, those that left something on the run, and the current one. */
function statesOf(run: Run, byState: ReadonlyMap<string, JournalRow[]>): string[] {
  const present = new Set<string>(byState.keys());
  if (run.triage) present.add('Triage');
  if (run.order) present.add('CheckOrder');
  if (run.proposal) present.add('ProposeRefund');
  if (run.gate) present.add('Gate');
  if (run.approval) present.add('RequestApproval');
  if (run.refund || run.refundIntent) present.add('Refund');
  if (run.draft) present.add('DraftReply');
  if (run.draft?.check) present.add('CheckReply');
  if (run.escalation || run.escalationRequest) present.add('Escalate');
  if (run.shadow) present.add('Shadow');
  if (run.state) present.add(run.state);
  return [...present].sort((a, b) => {
    const ia = STATE_ORDER.indexOf(a);
    const ib = STATE_ORDER.indexOf(b);
    return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  });
}

/** One state on the timeline: its heading, its rows' time and cost, what it left on the run, its grounding and its calls. */
function stateItem(state: string, rows: JournalRow[], run: Run, ctx: TimelineContext): string {
  const grounding = rows.filter((r) => r.name === 'grounding');
  const cost = rows.reduce((sum, r) => sum + r.costMicros, 0);
  const current = state === run.state ? ' <span class="badge">current</span>' : '';
  return `<li><h3 id="state-${escaped(state)}">${escaped(STATE_LABEL[state] ?? state)}${current}</h3>
<p class="muted">${rows[0] ? `from ${time(rows[0].at)} · ` : ''}${rows.length} journal row(s) · ${escaped(dollars(cost))}</p>
${stateFacts(state, run, ctx)}${groundingTable(run, grounding)}${engineerDetails([stateRaw(state, run), journalTable(run, rows, `${stateName(state)}: calls and decisions`)])}</li>`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a chargeback of $20.00 reported by the store" */
const reversalWords = (r: NonNullable<Run['reversals']>[number]) =>
  `a ${r.kind.replace(/_/g, ' ')}${r.amountMinor !== null && r.currency ? ` of ${dollarsOf(r.amountMinor, r.currency)}` : ''} reported by the store`;

/** The run's raw values: its state, who cancelled it, the reversals' ids. */
function runRaw(run: Run): string {
  return engineerDetails([
    rawPairs([
      ['run', run.runId],
      ['state', run.state],
      ['cancelled by', run.cancellation?.by],
      ['reversals', run.reversals?.map((r) => `${r.kind} ${r.topic} ${r.disputeId ?? ''}`).join(', ')],
    ]),
  ]);
}

/** The run's facts above the timeline: status, customer, ticket and order, times, cost and what happened to it since. */
function runHeader(run: Run, journal: JournalRow[], ctx: TimelineContext): string {
  const journalCost = journal.reduce((sum, r) => sum + r.costMicros, 0);
  const orderShown = orderNumberOf(run) ?? '';
  return facts([
    ['Status', statusBadge(run.status)],
    ['State', escaped(stateNow(run.state))],
    ['Customer', customerHtml(run)],
    [
      'Ticket',
      `${ctx.links.ticket ? `<a href="${escaped(ctx.links.ticket.url)}">${escaped(run.ticket.ticketId)}</a>` : escaped(run.ticket.ticketId)} <span class="muted">(${escaped(run.ticket.helpdesk)})</span>`,
    ],
    ['Order', orderShown ? (ctx.links.order ? `<a href="${escaped(ctx.links.order.url)}">#${escaped(orderShown)}</a>` : `#${escaped(orderShown)}`) : ''],
    ['Created', time(run.createdAt)],
    ['Updated', time(run.updatedAt)],
    ['Total cost', `<strong>${escaped(dollars(run.costMicros))}</strong> <span class="muted">(journal rows: ${escaped(dollars(journalCost))})</span>`],
    ['Escalation', run.escalation ? escaped(readable(run.escalation.reason)) : ''],
    ['Cancelled', run.cancellation ? `${time(run.cancellation.at)}: ${escaped(capital(run.cancellation.reason))}` : ''],
    ['Follow-ups', run.followUps?.length ? escaped(run.followUps.length) : ''],
    ['Reversals', run.reversals?.length ? escaped(run.reversals.map(reversalWords).join('; ')) : ''],
  ]);
}

export function timelineContent(run: Run, journal: JournalRow[], ctx: TimelineContext): string {
  const byState = new Map<string, JournalRow[]>();
  for (const row of journal) (byState.get(row.step) ?? byState.set(row.step, []).get(row.step)!).push(row);
  const items = statesOf(run, byState)
    .map((state) => stateItem(state, byState.get(state) ?? [], run, ctx))
    .join('\n');
  const links = [
    ctx.links.ticket ? `<a href="${escaped(ctx.links.ticket.url)}">${escaped(ctx.links.ticket.label)}</a>` : '',
    ctx.links.order ? `<a href="${escaped(ctx.links.order.url)}">${escaped(ctx.links.order.label)}</a>` : '',
    ctx.links.execution ? `<a href="${escaped(ctx.links.execution.url)}">${escaped(ctx.links.execution.label)}</a>` : '',
    `<a href="/api/runs/${encodeURIComponent(run.runId)}">Run as JSON</a>`,
  ].filter(Boolean);
  const attached = attachmentsPageHtml(run.ticket.attachments ?? [], ctx.thumbnailSrc ?? (() => null));
  return `${outcomeParagraph(run)}${runHeader(run, journal, ctx)}${runRaw(run)}<p>${links.join(' · ')}</p>${ticketRequestsSection(ctx.ticket, run.runId)}${otherRunsSection(run, ctx)}${attached ? `<section id="attachments">${attached}</section>` : ''}${runActionsSection(run, ctx.actions)}${returnCaseSection(run)}
<h2 id="timeline">Timeline</h2><ol class="timeline">${items}</ol>${notes(run, journal)}`;
}
