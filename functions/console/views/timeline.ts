// A run as a timeline: each state it went through with its time and the journal rows under it (tool
// and model calls with latency, cost and outcome; decisions with the rule that decided; grounding
// rows with their quotes), and what the state left on the run: the gate's rules and reasons, the
// approval and its bound hash, the refund receipt and idempotency key, the notes on the ticket, the
// escalation. The actions a person may take on the run sit where they belong. Pure.
// The gate's reasons are stored in English with US-style money (for the journal); where the run went to
// a lead, the page words them again in the store's locale, as the approval email does.
import { receiptNoun } from '../../shared/remedy-words.js';
import type { GateDecision, JournalRow, StepName } from '#harness/domain/types.js';
import { DEFAULT_POLICY, type Policy } from '#harness/policy/document.js';
import type { Run, RunMark } from '#functions/shared/domain/run.js';
import type { RunLinks } from '../links.js';
import { approvalReasonsInWords } from '../../shared/approvals/rule-reasons.js';
import { customerHtml, lineTitle, withLineTitles } from './case.js';
import { dollars, e, formats, money, statusBadge, time } from './layout.js';
import { reviewForm, type ReviewContext } from './review.js';
import { runActionsSection, type RunActionsView } from './run-actions.js';

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
}

/**
 * Each state's heading, in the order states are drawn: every step (STEP_NAMES), a closed run's
 * `Done` mark, and `Console` (journal rows of a person's actions). A state not here comes after.
 */
const STATE_LABEL: Readonly<Record<string, string>> = {
  Triage: 'Triage: what the ticket asks',
  CheckOrder: 'Check order: the order the harness read',
  ProposeRefund: 'Propose refund: the order agent’s reading',
  Gate: 'Gate: the policy decides',
  Shadow: 'Shadow: proposal only',
  RequestApproval: 'Request approval: a lead decides',
  Refund: 'Refund',
  DraftReply: 'Draft reply',
  CheckReply: 'Check reply',
  Done: 'Done',
  Escalate: 'Escalate: handed to a person',
  Console: 'Console: a person acted',
} satisfies Record<StepName | Extract<RunMark, 'Done'> | 'Console', string>;

const STATE_ORDER: readonly string[] = Object.keys(STATE_LABEL);

function facts(pairs: Array<[string, string]>): string {
  const shown = pairs.filter(([, v]) => v !== '');
  return shown.length ? `<dl class="facts">${shown.map(([k, v]) => `<dt>${e(k)}</dt><dd>${v}</dd>`).join('')}</dl>` : '';
}

function journalTable(run: Run, rows: JournalRow[], caption: string): string {
  if (rows.length === 0) return '';
  const body = rows
    .map((r) => {
      const call =
        r.kind === 'model' ? `${e(r.name)} <span class="muted">${e(r.model ?? r.provider)}</span>` : `${e(r.name)} <span class="muted">${e(r.provider)}</span>`;
      const tokens =
        r.inputTokens !== null || r.outputTokens !== null
          ? `<br><span class="muted">${e(r.inputTokens ?? 0)} in / ${e(r.outputTokens ?? 0)} out tokens</span>`
          : '';
      const decided = r.decision ? `${e(r.decision)}${r.rule ? `<br><code>${e(r.rule)}</code>` : ''}` : r.rule ? `<code>${e(r.rule)}</code>` : '';
      const extra = [
        r.idempotencyKey ? `key <code>${e(r.idempotencyKey)}</code>` : '',
        r.approvalId ? `approval <code>${e(r.approvalId)}</code>` : '',
        r.requestId ? `request <code>${e(r.requestId)}</code>` : '',
        r.actor ? `by <strong>${e(r.actor)}</strong>` : '',
      ]
        .filter(Boolean)
        .join(' · ');
      return `<tr><td>${time(r.at)}</td><td>${e(r.kind)}</td><td>${call}${tokens}</td><td class="o-${e(r.outcome)}">${e(r.outcome)}</td>
<td class="num">${e(r.latencyMs)} ms</td><td class="num">${e(dollars(r.costMicros))}</td><td>${decided}</td><td>${e(withLineTitles(run, r.detail))}${extra ? `<br><span class="muted">${extra}</span>` : ''}</td></tr>`;
    })
    .join('\n');
  return `<table><caption>${e(caption)}</caption><thead><tr><th scope="col">Time</th><th scope="col">Kind</th><th scope="col">Call</th><th scope="col">Outcome</th><th scope="col">Latency</th><th scope="col">Cost</th><th scope="col">Decision, rule</th><th scope="col">Detail</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** Grounding rows: one per claimed line, with the quote the claim rests on. */
function groundingTable(run: Run, rows: JournalRow[]): string {
  if (rows.length === 0) return '';
  const body = rows
    .map((r) => {
      const quote = /by "([\s\S]*)"$/.exec(r.detail)?.[1] ?? '';
      const line = r.detail.split(':')[0] ?? '';
      return `<tr><td>${e(withLineTitles(run, line))}</td><td class="o-${e(r.outcome)}">${r.outcome === 'ok' ? 'grounded' : 'not grounded'}</td><td><code>${e(r.rule ?? '')}</code></td><td>${quote ? `<q>${e(quote)}</q>` : e(withLineTitles(run, r.detail))}</td></tr>`;
    })
    .join('');
  return `<table><caption>Grounding: each claimed line against the customer’s words</caption><thead><tr><th scope="col">Line</th><th scope="col">Verdict</th><th scope="col">Rule</th><th scope="col">Quote</th></tr></thead><tbody>${body}</tbody></table>`;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The gate's reasons as a person reads them. For an approval, each rule in the store's locale from the
 * policy that decided ("62,00 € is over the 50,00 € automatic limit"); when that policy is not the one
 * at hand (its version differs) or the decision was not an approval, the reasons the gate stored.
 */
function gateReasons(run: Run, g: GateDecision, ctx: TimelineContext): string[] {
  const policy = ctx.policy ?? DEFAULT_POLICY;
  if (g.decision !== 'approval' || policy.version !== g.policyVersion) return g.reasons;
  const amountMinor = run.approval?.amountMinor ?? g.amountMinor;
  const currency = run.approval?.currency ?? g.currency;
  const fmt = formats();
  const words = approvalReasonsInWords({ run, policy, amountMinor, currency, fmt });
  if (words.length === 0) return g.reasons;
  // The gate's note when the model's own figure differed from the amount it computed (gate.ts), worded the same way.
  const proposed = run.proposal?.amountMinor;
  const note =
    proposed !== undefined && proposed !== g.amountMinor
      ? [`the agent's own figure was ${fmt.money(proposed, g.currency)}; the amount is computed from the order: ${fmt.money(g.amountMinor, g.currency)}`]
      : [];
  return [...words, ...note].map(capitalized);
}

/** A pending approval is decided on its own page, with the email's evidence and a confirm step (views/approvals.ts). */
function approvalForm(run: Run, ctx: TimelineContext): string {
  const approval = run.approval;
  if (!approval || approval.status !== 'pending' || !ctx.canDecide) return '';
  return `<p><a class="decide" href="/queues/approvals/${encodeURIComponent(approval.approvalId)}">Review and decide: ${e(money(approval.amountMinor, approval.currency))}</a></p>`;
}

function stateExtras(state: string, run: Run, ctx: TimelineContext): string {
  switch (state) {
    case 'Triage': {
      const t = run.triage;
      if (!t) return '';
      return facts([
        ['Intent', e(`${t.intent} (${Math.round(t.confidence * 100)}%)`)],
        ['Order named', e(t.orderNumber ?? 'none')],
        ['Reason', e(t.reason ?? '')],
        ['Language', e(t.language)],
        ['Risk flags', e(t.riskFlags.join(', '))],
      ]);
    }
    case 'CheckOrder': {
      const o = run.order;
      if (!o) return '';
      return facts([
        ['Order', ctx.links.order ? `<a href="${e(ctx.links.order.url)}">#${e(o.orderNumber)}</a>` : `#${e(o.orderNumber)}`],
        ['Bound by', e(o.binding ?? 'named')],
        ['Lines', e(o.lineItems.map((l) => `${l.quantity} × ${l.title || lineTitle(run, l.id)}`).join(', '))],
        ['Refundable', e(money(o.maximumRefundableMinor, o.currency))],
        ['Customer refunds, 90 days', e(o.refundsLast90Days)],
      ]);
    }
    case 'ProposeRefund': {
      const p = run.proposal;
      if (!p) return '';
      const lines = p.lineItems.map((l) => `${l.quantity} × ${e(lineTitle(run, l.lineItemId))} <q>${e(l.quote)}</q>`).join('<br>');
      return facts([
        ['Remedy', e(p.remedy)],
        ...(p.amountMinor !== undefined ? [['Amount the model gave', e(money(p.amountMinor, p.currency))] as [string, string]] : []),
        ['Reason', e(p.reason)],
        ['Claimed lines', lines],
        ['Unclear', e(p.unclear?.question ?? '')],
      ]);
    }
    case 'Gate': {
      const g = run.gate;
      if (!g) return '';
      return facts([
        ['Decision', `<strong>${e(g.decision)}</strong>`],
        ['Rules', g.rules.map((r) => `<code>${e(r)}</code>`).join(', ')],
        ['Reasons', gateReasons(run, g, ctx).map(e).join('<br>')],
        ['Amount', e(money(g.amountMinor, g.currency))],
        ['Policy', `<code>${e(g.policyVersion)}</code>`],
      ]);
    }
    case 'Shadow': {
      const s = run.shadow;
      if (!s) return '';
      return facts([
        ['Class', `<code>${e(s.classKey)}</code>`],
        ['Would have', e(`${s.decision} ${money(s.amountMinor, s.currency)}`)],
        [
          'Resolution',
          s.resolution
            ? e(`${s.resolution.by.replace('_', ' ')} ${money(s.resolution.amountMinor, s.currency)}: ${s.resolution.agrees ? 'agrees' : 'disagrees'}`)
            : 'not yet',
        ],
      ]);
    }
    case 'RequestApproval': {
      const a = run.approval;
      if (!a) return '';
      const left = a.status === 'pending' ? ` (${Math.max(0, Math.round(((Date.parse(a.expiresAt) - ctx.now.getTime()) / 3600_000) * 10) / 10)} h left)` : '';
      return (
        facts([
          ['Approval', `<code>${e(a.approvalId)}</code> ${e(a.status)}`],
          ['Amount', e(money(a.amountMinor, a.currency))],
          ['Requested', time(a.requestedAt)],
          ['Expires', `${time(a.expiresAt)}${e(left)}`],
          ['Decided by', e(a.decidedBy ?? '')],
          ['Decided at', time(a.decidedAt)],
          ['Reason', e(a.reason ?? '')],
          ['Bound hash', `<code>${e(a.argsHash)}</code>`],
        ]) + approvalForm(run, ctx)
      );
    }
    case 'Refund': {
      const r = run.refund;
      const receipt = r
        ? facts([
            ['Refund', `<code>${e(r.refundId)}</code>`],
            ['Paid back as', e(receiptNoun(r))],
            ['Amount', e(money(r.amountMinor, r.currency))],
            ...(r.presentment ? [['Customer received', e(money(r.presentment.amountMinor, r.presentment.currency))] as [string, string]] : []),
            ...(r.cancelledAt ? [['Order cancelled at', time(r.cancelledAt)] as [string, string]] : []),
            ['Made at', time(r.createdAt)],
            ['Idempotency key', `<code>${e(r.idempotencyKey)}</code>`],
          ])
        : run.refundIntent
          ? facts([['Claimed', `${time(run.refundIntent.at)} for ${e(money(run.refundIntent.amountMinor, run.refundIntent.currency))}; no receipt`]])
          : '';
      const settle = run.status === 'pending_review' && ctx.canSettle ? reviewForm(run, ctx.csrf, 'run', ctx.review) : '';
      return receipt + settle;
    }
    case 'DraftReply':
    case 'CheckReply': {
      const d = run.draft;
      if (!d || state !== 'CheckReply')
        return d && state === 'DraftReply'
          ? `<details><summary>Reply draft (${e(d.language)})</summary><pre style="white-space:pre-wrap">${e(d.body)}</pre></details>`
          : '';
      return facts([
        ['Check', d.check ? (d.check.passed ? 'passed' : `failed: ${e(d.check.problems.join('; '))}`) : 'not run'],
        ['Note on the ticket', d.noteId ? `<code>${e(d.noteId)}</code>` : ''],
      ]);
    }
    case 'Escalate': {
      const x = run.escalation;
      if (x)
        return facts([
          ['Reason', `<strong>${e(x.reason)}</strong>`],
          ['From state', e(x.step)],
        ]);
      // A step asked for a person and the hand-over has not happened yet (the steps after it pass it on).
      const asked = run.escalationRequest;
      return asked
        ? facts([
            ['Reason', `<strong>${e(asked.reason)}</strong>`],
            ['Asked by state', e(asked.step)],
            ['Handed over', 'not yet'],
          ])
        : '';
    }
    default:
      return '';
  }
}

/** The notes the run left on the ticket: post_draft calls, the checked draft, the shadow proposal. */
function notes(run: Run, journal: JournalRow[]): string {
  const rows = journal
    .filter((r) => r.name === 'post_draft' && r.kind === 'tool')
    .map(
      (r) =>
        `<li>${time(r.at)} from ${e(r.step)}: <span class="o-${e(r.outcome)}">${e(r.outcome)}</span> ${e(/note\S*\s+(\S+)/i.exec(r.detail)?.[0] ?? r.detail)}</li>`,
    );
  if (run.shadow?.noteId) rows.push(`<li>shadow proposal note <code>${e(run.shadow.noteId)}</code></li>`);
  return rows.length ? `<h2 id="notes">Notes left on the ticket</h2><ul>${rows.join('')}</ul>` : '';
}

export function timelineContent(run: Run, journal: JournalRow[], ctx: TimelineContext): string {
  const byState = new Map<string, JournalRow[]>();
  for (const row of journal) (byState.get(row.step) ?? byState.set(row.step, []).get(row.step)!).push(row);
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
  const states = [...present].sort((a, b) => {
    const ia = STATE_ORDER.indexOf(a);
    const ib = STATE_ORDER.indexOf(b);
    return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  });

  const items = states
    .map((state) => {
      const rows = byState.get(state) ?? [];
      const grounding = rows.filter((r) => r.name === 'grounding');
      const others = rows.filter((r) => r.name !== 'grounding');
      const cost = rows.reduce((sum, r) => sum + r.costMicros, 0);
      const current = state === run.state ? ' <span class="badge">current</span>' : '';
      return `<li><h3 id="state-${e(state)}">${e(STATE_LABEL[state] ?? state)}${current}</h3>
<p class="muted">${rows[0] ? `from ${time(rows[0].at)} · ` : ''}${rows.length} journal row(s) · ${e(dollars(cost))}</p>
${stateExtras(state, run, ctx)}${groundingTable(run, grounding)}${journalTable(run, others, `${state}: calls and decisions`)}</li>`;
    })
    .join('\n');

  const links = [
    ctx.links.ticket ? `<a href="${e(ctx.links.ticket.url)}">${e(ctx.links.ticket.label)}</a>` : '',
    ctx.links.order ? `<a href="${e(ctx.links.order.url)}">${e(ctx.links.order.label)}</a>` : '',
    ctx.links.execution ? `<a href="${e(ctx.links.execution.url)}">${e(ctx.links.execution.label)}</a>` : '',
    `<a href="/api/runs/${encodeURIComponent(run.runId)}">Run as JSON</a>`,
  ].filter(Boolean);
  const journalCost = journal.reduce((sum, r) => sum + r.costMicros, 0);
  const orderShown = run.order?.orderNumber ?? run.triage?.orderNumber ?? '';
  const header = facts([
    ['Status', statusBadge(run.status)],
    ['State', e(run.state)],
    ['Customer', customerHtml(run)],
    [
      'Ticket',
      `${ctx.links.ticket ? `<a href="${e(ctx.links.ticket.url)}">${e(run.ticket.ticketId)}</a>` : e(run.ticket.ticketId)} <span class="muted">(${e(run.ticket.helpdesk)})</span>`,
    ],
    ['Order', orderShown ? (ctx.links.order ? `<a href="${e(ctx.links.order.url)}">#${e(orderShown)}</a>` : `#${e(orderShown)}`) : ''],
    ['Created', time(run.createdAt)],
    ['Updated', time(run.updatedAt)],
    ['Total cost', `<strong>${e(dollars(run.costMicros))}</strong> <span class="muted">(journal rows: ${e(dollars(journalCost))})</span>`],
    ['Escalation', run.escalation ? e(run.escalation.reason) : ''],
    ['Cancelled', run.cancellation ? e(`${run.cancellation.by}: ${run.cancellation.reason}`) : ''],
    ['Follow-ups', run.followUps?.length ? e(run.followUps.length) : ''],
    ['Reversals', run.reversals?.length ? e(run.reversals.map((r) => `${r.kind} ${r.disputeId ?? ''}`).join(', ')) : ''],
  ]);
  return `${header}<p>${links.join(' · ')}</p>${runActionsSection(run, ctx.actions)}
<h2 id="timeline">Timeline</h2><ol class="timeline">${items}</ol>${notes(run, journal)}`;
}
