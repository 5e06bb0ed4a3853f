// What each state of a run left on it, as the timeline shows it under the state's heading: the
// triage's reading, the order, the order agent's claim, the gate's rules and reasons (worded again in
// the store's locale where the run went to a lead) and what the customer paid for each claimed line,
// the shadow proposal, the approval and its bound hash, the refund receipt, the reply draft and its
// check, the escalation. One function per state, so adding a state is adding a row. Pure.
import { receiptNoun } from '../../../shared/words/remedy-words.js';
import type { GateDecision } from '#harness/domain/types.js';
import { DEFAULT_POLICY, type Policy } from '#harness/policy/document.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunLinks } from '../links.js';
import { approvalReasonsInWords } from '../../../shared/approvals/rule-reasons.js';
import { refundAmountInWords } from '../../../shared/approvals/both-currencies.js';
import { gateAmountWords } from '../../../shared/words/amount-words.js';
import { lineTitle } from './case.js';
import { escaped, formats, money, time } from './layout.js';
import { reviewForm, type ReviewContext } from './review.js';
import { HELD_PART_WORDS, isHeldForOneReply } from './ticket-requests.js';
import { approvalStateWords } from '../../../shared/approvals/approval-state.js';
import { refusalInWords } from '../../../shared/words/reasons-in-words.js';
import { rawPairs } from './details.js';
import { bindingWords, decisionWords, intentWords, languageWords, reasonWords, remedyWords, riskWords, stateName } from './words.js';

/** What the state facts read besides the run: the timeline's context without the run actions. */
export interface StateFactsContext {
  links: RunLinks;
  canDecide: boolean;
  canSettle: boolean;
  csrf: string;
  now: Date;
  review?: ReviewContext;
  policy?: Policy;
}

/** Facts as a definition list; pairs with an empty value are left out, and no pair at all is no list. */
export function facts(pairs: Array<[string, string]>): string {
  const shown = pairs.filter(([, v]) => v !== '');
  return shown.length ? `<dl class="facts">${shown.map(([k, v]) => `<dt>${escaped(k)}</dt><dd>${v}</dd>`).join('')}</dl>` : '';
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The gate's reasons as a person reads them. For an approval, each rule in the store's locale from the
 * policy that decided ("62,00 € is over the 50,00 € automatic limit"); when that policy is not the one
 * at hand (its version differs) or the decision was not an approval, the reasons the gate stored.
 */
function gateReasons(run: Run, g: GateDecision, ctx: StateFactsContext): string[] {
  const policy = ctx.policy ?? DEFAULT_POLICY;
  if (g.decision === 'refuse') return [refusalInWords({ run, fmt: formats() })];
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
function approvalForm(run: Run, ctx: StateFactsContext): string {
  const approval = run.approval;
  if (!approval || approval.status !== 'pending' || !ctx.canDecide) return '';
  return `<p><a class="decide" href="/queues/approvals/${encodeURIComponent(approval.approvalId)}">Review and decide: ${escaped(money(approval.amountMinor, approval.currency))}</a></p>`;
}

type Pair = [string, string];

function triageFacts(run: Run): string {
  const t = run.triage;
  if (!t) return '';
  return facts([
    ['Intent', escaped(`The customer ${intentWords(t.intent)} (${Math.round(t.confidence * 100)}% sure)`)],
    ['Order named', escaped(t.orderNumber ?? 'none')],
    ['Reason', escaped(reasonWords(t.reason))],
    ['Language', escaped(languageWords(t.language))],
    ['Risk flags', escaped(t.riskFlags.map((f) => `the ticket ${riskWords(f)}`).join('; '))],
  ]);
}

function orderFacts(run: Run, ctx: StateFactsContext): string {
  const o = run.order;
  if (!o) return '';
  return facts([
    ['Order', ctx.links.order ? `<a href="${escaped(ctx.links.order.url)}">#${escaped(o.orderNumber)}</a>` : `#${escaped(o.orderNumber)}`],
    ['Bound by', escaped(bindingWords(o.binding ?? 'named'))],
    ['Lines', escaped(o.lineItems.map((l) => `${l.quantity} × ${l.title || lineTitle(run, l.id)}`).join(', '))],
    ['Refundable', escaped(money(o.maximumRefundableMinor, o.currency))],
    ['Customer refunds, 90 days', escaped(o.refundsLast90Days)],
  ]);
}

function proposalFacts(run: Run): string {
  const p = run.proposal;
  if (!p) return '';
  const lines = p.lineItems.map((l) => `${l.quantity} × ${escaped(lineTitle(run, l.lineItemId))} <q>${escaped(l.quote)}</q>`).join('<br>');
  return facts([
    ['Asks for', escaped(remedyWords(p.remedy))],
    ...(p.amountMinor !== undefined ? [['Amount the model gave', escaped(money(p.amountMinor, p.currency))] as Pair] : []),
    ['Reason', escaped(reasonWords(p.reason))],
    ['Claimed lines', lines],
    ['Unclear', escaped(p.unclear?.question ?? '')],
  ]);
}

/**
 * What the customer paid for each claimed line and why, then the shipping, duties, cap or rounding
 * beside it (words/amount-words.ts, as the approval email says it); '' for a gate without a breakdown.
 */
function paidFacts(run: Run): string {
  const words = gateAmountWords(run, formats());
  if (!words) return '';
  const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return [...words.lines.map((l) => `${escaped(l.item)}: ${escaped(l.words)}`), ...words.notes.map((n) => escaped(capitalized(n)))].join('<br>');
}

/** Where an earlier refund went, as a lead reads it: "Visa ending in 1007", "store credit", "the original payment". */
function paidToWords(payments: NonNullable<NonNullable<Run['gate']>['statusAnswer']>['refunds'][number]['payments']): string {
  if (!payments?.length) return 'the original payment';
  return payments
    .map((p) =>
      p.method === 'store_credit'
        ? 'store credit'
        : p.method === 'card'
          ? `${p.cardBrand ?? 'card'}${p.cardLast4 ? ` ending in ${p.cardLast4}` : ''}`
          : 'another payment',
    )
    .join(' + ');
}

/** A question about an earlier refund, answered from the record: each refund told, its day, amount and payment. */
function answeredFacts(run: Run): string {
  const told = run.gate?.statusAnswer?.refunds ?? [];
  const currency = run.gate?.currency ?? 'USD';
  return told.map((r) => escaped(`${formats().date(r.createdAt)}: ${money(r.amountMinor, currency)} to ${paidToWords(r.payments)}`)).join('<br>');
}

function gateFacts(run: Run, ctx: StateFactsContext): string {
  const g = run.gate;
  if (!g) return '';
  // With a breakdown, the amount in the customer's currency first on a Markets order (the gate's own figure).
  const amount = g.breakdown ? refundAmountInWords(run, g.amountMinor, g.currency, formats()) : money(g.amountMinor, g.currency);
  return facts([
    ['Decision', `<strong>${escaped(decisionWords(g.decision))}</strong>`],
    ['Refunds told', answeredFacts(run)],
    ['Reasons', gateReasons(run, g, ctx).map(escaped).join('<br>')],
    ['Amount', escaped(amount)],
    ['What the customer paid', paidFacts(run)],
  ]);
}

function shadowFacts(run: Run): string {
  const s = run.shadow;
  if (!s) return '';
  return facts([
    ['Would have', escaped(`${decisionWords(s.decision)}: ${money(s.amountMinor, s.currency)}`)],
    [
      'Resolution',
      s.resolution
        ? escaped(`${s.resolution.by.replace('_', ' ')} ${money(s.resolution.amountMinor, s.currency)}: ${s.resolution.agrees ? 'agrees' : 'disagrees'}`)
        : 'not yet',
    ],
  ]);
}

function approvalFacts(run: Run, ctx: StateFactsContext): string {
  const a = run.approval;
  if (!a) return '';
  const left = a.status === 'pending' ? ` (${Math.max(0, Math.round(((Date.parse(a.expiresAt) - ctx.now.getTime()) / 3600_000) * 10) / 10)} h left)` : '';
  return (
    facts([
      ['Approval', escaped(approvalStateWords(a))],
      ['Amount', escaped(money(a.amountMinor, a.currency))],
      ['Requested', time(a.requestedAt)],
      ['Expires', `${time(a.expiresAt)}${escaped(left)}`],
      ['Decided by', escaped(a.decidedBy ?? '')],
      ['Decided at', time(a.decidedAt)],
      ['Reason', escaped(a.reason ?? '')],
    ]) + approvalForm(run, ctx)
  );
}

function refundFacts(run: Run, ctx: StateFactsContext): string {
  const r = run.refund;
  const receipt = r
    ? facts([
        ['Paid back as', escaped(receiptNoun(r))],
        ['Amount', escaped(money(r.amountMinor, r.currency))],
        ...(r.presentment ? [['Customer received', escaped(money(r.presentment.amountMinor, r.presentment.currency))] as Pair] : []),
        ...(r.cancelledAt ? [['Order cancelled at', time(r.cancelledAt)] as Pair] : []),
        ['Made at', time(r.createdAt)],
      ])
    : run.refundIntent
      ? facts([['Claimed', `${time(run.refundIntent.at)} for ${escaped(money(run.refundIntent.amountMinor, run.refundIntent.currency))}; no receipt`]])
      : '';
  const settle = run.status === 'pending_review' && ctx.canSettle ? reviewForm(run, ctx.csrf, 'run', ctx.review) : '';
  return receipt + settle;
}

function draftFacts(run: Run): string {
  const d = run.draft;
  // A part held for the ticket's one reply was never posted on its own: it says whose part it is.
  const title = isHeldForOneReply(run) ? HELD_PART_WORDS : 'Reply draft';
  return d ? `<details><summary>${title} (${escaped(d.language)})</summary><pre style="white-space:pre-wrap">${escaped(d.body)}</pre></details>` : '';
}

function checkFacts(run: Run): string {
  const d = run.draft;
  if (!d) return '';
  return facts([
    ['Check', d.check ? (d.check.passed ? 'passed' : `failed: ${escaped(d.check.problems.join('; '))}`) : 'not run'],
    [
      'Note on the ticket',
      d.noteId ? 'left on the ticket as an internal note' : isHeldForOneReply(run) ? `none of its own: ${HELD_PART_WORDS.toLowerCase()}` : '',
    ],
  ]);
}

function escalationFacts(run: Run): string {
  const x = run.escalation;
  if (x)
    return facts([
      ['Reason', `<strong>${escaped(x.reason)}</strong>`],
      ['From state', escaped(stateName(x.step))],
    ]);
  // A step asked for a person and the hand-over has not happened yet (the steps after it pass it on).
  const asked = run.escalationRequest;
  return asked
    ? facts([
        ['Reason', `<strong>${escaped(asked.reason)}</strong>`],
        ['Asked by state', escaped(stateName(asked.step))],
        ['Handed over', 'not yet'],
      ])
    : '';
}

const STATE_FACTS: ReadonlyMap<string, (run: Run, ctx: StateFactsContext) => string> = new Map([
  ['Triage', triageFacts],
  ['CheckOrder', orderFacts],
  ['ProposeRefund', proposalFacts],
  ['Gate', gateFacts],
  ['Shadow', shadowFacts],
  ['RequestApproval', approvalFacts],
  ['Refund', refundFacts],
  ['DraftReply', draftFacts],
  ['CheckReply', checkFacts],
  ['Escalate', escalationFacts],
]);

/** What this state left on the run; empty for a state that leaves nothing of its own (Done, Console). */
export function stateFacts(state: string, run: Run, ctx: StateFactsContext): string {
  return STATE_FACTS.get(state)?.(run, ctx) ?? '';
}

/** The raw values behind each state's facts, for the engineer's details (details.ts). */
const STATE_RAW: ReadonlyMap<string, (run: Run) => Array<[string, string | null | undefined]>> = new Map([
  [
    'Triage',
    (r: Run) => [
      ['intent', r.triage?.intent],
      ['reason', r.triage?.reason],
      ['language', r.triage?.language],
      ['risk flags', r.triage?.riskFlags.join(', ')],
    ],
  ],
  [
    'CheckOrder',
    (r: Run) => [
      ['binding', r.order?.binding],
      ['order id', r.order?.orderId],
      ['line items', r.order?.lineItems.map((l) => l.id).join(', ')],
    ],
  ],
  [
    'ProposeRefund',
    (r: Run) => [
      ['remedy', r.proposal?.remedy],
      ['reason', r.proposal?.reason],
      ['claimed line items', r.proposal?.lineItems.map((l) => l.lineItemId).join(', ')],
    ],
  ],
  [
    'Gate',
    (r: Run) => [
      ['decision', r.gate?.decision],
      ['rules', r.gate?.rules.join(', ')],
      ['policy', r.gate?.policyVersion],
    ],
  ],
  [
    'Shadow',
    (r: Run) => [
      ['class', r.shadow?.classKey],
      ['decision', r.shadow?.decision],
      ['note', r.shadow?.noteId],
    ],
  ],
  [
    'RequestApproval',
    (r: Run) => [
      ['approval', r.approval?.approvalId],
      ['status', r.approval?.status],
      ['bound hash', r.approval?.argsHash],
    ],
  ],
  [
    'Refund',
    (r: Run) => [
      ['refund', r.refund?.refundId],
      ['idempotency key', r.refund?.idempotencyKey],
    ],
  ],
  ['CheckReply', (r: Run) => [['note', r.draft?.noteId]]],
  [
    'Escalate',
    (r: Run) => [
      ['step', r.escalation?.step ?? r.escalationRequest?.step],
      ['error', r.escalation?.error],
    ],
  ],
] as Array<[string, (run: Run) => Array<[string, string | null | undefined]>]>);

/** The state's raw values as code, for the engineer; '' for a state with none. */
export function stateRaw(state: string, run: Run): string {
  return rawPairs(STATE_RAW.get(state)?.(run) ?? []);
}
