// The case a lead decides, as words and numbers ready to print: the amount and reason, why a person
// must decide, each proposed line with what the customer paid for it (words/amount-words.ts) beside
// the customer's words that claim it and its fulfilment, delivery and refundable remainder, the customer's refunds in the last 90 days
// and those made on the order since the run checked it (refund-history.ts), the expiry in the
// store's time zone with the time left, links to check it, and what each decision does. Built from
// the run's facts and, when given, the order as it is now (order-now-store.ts: still refundable from
// the store, other approvals on the same order, refunds made since, and a sentence when the store
// could not be read). The approval email (email.ts) and the confirmation page
// (approval-callback/pages.ts) both render this, so they always show the same evidence.
import { onApproveInWords, proposalHeadline, remedyKindOf, type RemedyKind } from '../words/remedy-words.js';
import { refundAmountInWords } from './both-currencies.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { TicketAttachment } from '#functions/shared/domain/attachments.js';
import { DEFAULT_POLICY, type Policy } from '#harness/policy/document.js';
import type { StepDeps } from '../step/deps.js';
import { caseLinks, consoleRunUrl, type CaseLink } from './case-links.js';
import { createFormats, type Formats } from './formats.js';
import type { OrderNow } from './order-now.js';
import { changesInWords, notCarriedOutInWords, otherApprovalsInWords, sourceInWords, type OtherApprovalWords } from './order-now-words.js';
import { approvalReasonsInWords, reasonInWords } from './rule-reasons.js';
import { gateAmountWords, type AmountWords } from '../words/amount-words.js';
import { refundHistoryOf, type LinkToRun, type RefundHistory, type RunRef } from './refund-history.js';

export type { RefundEvidence, RunRef } from './refund-history.js';

/** What of the tenant the email and page show: the store, its helpdesk and console. */
export type ApprovalDisplay = Pick<StepDeps['tenant'], 'store' | 'helpdesk' | 'consoleBaseUrl' | 'sandboxPagesBaseUrl'>;

export interface ApprovalViewInput {
  run: Run;
  /** The amount to approve (the refund preview's, which the approval is bound to). */
  amountMinor: number;
  currency: string;
  expiresAt: string;
  now: Date;
  tenant?: ApprovalDisplay;
  policy?: Policy;
  /** The order as it is now (order-now.ts): "still refundable" and the other approvals on it. Absent: the run's snapshot only. */
  orderNow?: OrderNow | null;
  /** Where this reader opens another approval on the same order; absent or null: no link. */
  linkToApproval?: (approvalId: string) => string | null;
  /** Where this reader opens another run's page; absent: the console's, when the tenant has one. */
  linkToRun?: LinkToRun;
}

export interface LineEvidence {
  title: string;
  quantity: number;
  /** List prices: shown only for a run whose gate has no breakdown (an older row, a cancel). */
  unitPrice: string;
  subtotal: string;
  /** What the customer paid for these units, and why (amount-words.ts); null for a run whose gate has no breakdown. */
  paid: { amount: string; words: string } | null;
  /** The customer's own words that claim this line (checked by the gate's grounding rules). */
  quote: string;
  /** "20 Sep 2026 (3 days ago)", "…, only 1 of 2 so far" or "not shipped yet". */
  shipped: string;
  /** "22 Sep 2026 (yesterday)", "no delivery reported", or null when the store did not say. */
  delivered: string | null;
  /** "1 of 2 left at $31.00 each" ("1 of 2 left" beside what was paid), computed from the order now when it was read. */
  refundable: string;
  /** Units of this line still refundable now (or at the snapshot when the order was not re-read). */
  refundableUnits: number | null;
}

export interface ApprovalView {
  storeName: string;
  /** Who asked: the helpdesk requester's name, and the order's (else the requester's) email. */
  customer: { name: string | null; email: string | null };
  /** Other approvals on the same order, pending or being refunded, each a sentence with its link. */
  otherApprovals: OtherApprovalWords[];
  /** Refunds other runs made on this order since the approval was raised, one sentence each. */
  changes: string[];
  /** Why approving would refund nothing now ("Not refunded: …"); null when the refund can still be made. */
  cannotRefund: string | null;
  /** When nothing is left: the runs whose refunds used the order up (made, or approved and being made), to open. */
  usedUpBy: RunRef[];
  /** Said when the store could not be read and the figures are the runs' alone; null otherwise. */
  storeNote: string | null;
  orderNumber: string;
  /** How the order was bound when the ticket did not simply name it; null when it did. */
  bindingNote: string | null;
  amount: string;
  /** Beside the amount: the shipping and duties refunded with the lines, a cap by the order's remainder, the store's rounding. */
  amountNotes: string[];
  /** What approving gives the customer: a refund, store credit, or a cancel with a refund (remedy-words.ts). */
  remedy: RemedyKind;
  /** "a $20.00 refund on order #1001", "$20.00 in store credit on order #1001", "cancelling order #1001 with a $20.00 refund". */
  headline: string;
  reason: string;
  subject: string;
  whyApproval: string[];
  expires: { at: string; left: string; expired: boolean };
  lines: LineEvidence[];
  /** The last 90 days as the run read them, and the refunds made on the order since (refund-history.ts). */
  recentRefunds: RefundHistory;
  links: CaseLink[];
  ticketId: string;
  ticketSubject: string;
  /** Bounded excerpts of the customer's words: the ticket body, then follow-ups. */
  customerWords: string[];
  /** The files the customer attached (names are customer text): listed, never evidence. */
  attachments: TicketAttachment[];
  onApprove: string;
  onReject: string;
  formats: Formats;
}

const BODY_CHARS = 600;

function bindingNoteOf(run: Run): string | null {
  switch (run.order?.binding) {
    case 'only_order':
      return "the ticket names no order; this is the requester's only order";
    case 'quoted':
      return `the ticket names several orders; this is the one the customer's words tie the request to${run.triage?.orderQuote ? ` (“${run.triage.orderQuote}”)` : ''}`;
    default:
      return null;
  }
}

function lineEvidence(run: Run, fmt: Formats, currency: string, now: OrderNow | null, amount: AmountWords | null): LineEvidence[] {
  return (run.proposal?.lineItems ?? []).map((claim) => {
    const line = run.order?.lineItems.find((l) => l.id === claim.lineItemId);
    if (!line) {
      return {
        title: claim.lineItemId,
        quantity: claim.quantity,
        unitPrice: '?',
        subtotal: '?',
        paid: null,
        quote: claim.quote,
        shipped: 'unknown',
        delivered: null,
        refundable: 'unknown',
        refundableUnits: null,
      };
    }
    const when = (iso: string) => `${fmt.date(iso)} (${fmt.daysAgo(iso)})`;
    const partly = line.fulfilledQuantity !== undefined && line.fulfilledQuantity < line.quantity;
    const shippedUnits = partly ? `, only ${line.fulfilledQuantity} of ${line.quantity} so far` : '';
    const paid = amount?.lines.find((l) => l.lineItemId === line.id);
    return {
      title: line.title,
      quantity: claim.quantity,
      unitPrice: fmt.money(line.unitPriceMinor, currency),
      subtotal: fmt.money(line.unitPriceMinor * claim.quantity, currency),
      paid: paid ? { amount: paid.paid, words: paid.words } : null,
      quote: claim.quote,
      shipped: line.fulfilledAt ? `${when(line.fulfilledAt)}${shippedUnits}` : 'not shipped yet',
      delivered: line.deliveredAt === undefined ? null : line.deliveredAt ? when(line.deliveredAt) : 'no delivery reported',
      // Beside what was paid, no list price: a lead must not read it as the refund.
      refundable: refundableWords(line, now, paid ? null : { fmt, currency }),
      refundableUnits: now ? (now.refundable[line.id] ?? 0) : line.refundableQuantity,
    };
  });
}

type OrderLine = NonNullable<Run['order']>['lineItems'][number];

function refundableWords(line: OrderLine, now: OrderNow | null, listPrice: { fmt: Formats; currency: string } | null): string {
  const each = listPrice ? ` at ${listPrice.fmt.money(line.unitPriceMinor, listPrice.currency)} each` : '';
  const left = now ? (now.refundable[line.id] ?? 0) : line.refundableQuantity;
  if (left === 0)
    return `nothing left: 0 of ${line.quantity}${left < line.refundableQuantity ? ` (${line.refundableQuantity} when the approval was requested; refunded since)` : ''}`;
  const was = left < line.refundableQuantity ? ` (${line.refundableQuantity} when the approval was requested)` : '';
  return `${left} of ${line.quantity} left${each}${was}`;
}

/** The customer as the helpdesk names the ticket's requester, and their email (the order's, else the requester's). */
function customerOf(run: Run): ApprovalView['customer'] {
  return { name: run.ticket.requesterName?.trim() || null, email: run.order?.customerEmail ?? run.ticket.requesterEmail ?? null };
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The runs whose refunds left nothing: those made since, then those approved and being made; each run once. */
function usedUpByOf(now: OrderNow | null, linkToRun: LinkToRun): RunRef[] {
  const ids = [...(now?.refundsSince ?? []).flatMap((r) => (r.runId ? [r.runId] : [])), ...(now?.approved ?? []).map((o) => o.runId)];
  return [...new Set(ids)].map((runId) => ({ runId, href: linkToRun(runId) }));
}

/**
 * The email's subject: two approvals on one order (two tickets, or two requests of one) must not read
 * the same in a lead's inbox, so the ticket (and the request, when the ticket holds several) is named.
 */
function subjectOf(s: { run: Run; storeName: string; remedy: RemedyKind; amount: string; orderNumber: string; reason: string }): string {
  const what = s.remedy === 'refund' ? `${s.amount} refund on order #${s.orderNumber}` : proposalHeadline(s.remedy, s.amount, s.orderNumber);
  const request = s.run.ticketRequests ? `, request ${s.run.ticketRequests.index}` : '';
  return `[${s.storeName}] Approve ${what} (ticket ${s.run.ticket.ticketId}${request}) — ${s.reason}`;
}

export function approvalView(input: ApprovalViewInput): ApprovalView {
  const { run } = input;
  const tenant = input.tenant ?? {};
  const policy = input.policy ?? DEFAULT_POLICY;
  const fmt = createFormats({ locale: tenant.store?.locale, timeZone: tenant.store?.timeZone ?? policy.document.timeZone, now: input.now });
  const amount = refundAmountInWords(run, input.amountMinor, input.currency, fmt);
  const orderNumber = run.order?.orderNumber ?? '?';
  const storeName = tenant.store?.name?.trim() || run.tenant;
  const reason = reasonInWords(run.proposal?.reason);
  const left = fmt.timeLeft(input.expiresAt);
  const now = input.orderNow ?? null;
  const cannotRefund = notCarriedOutInWords(now, orderNumber, fmt);
  const remedy = remedyKindOf(run);
  const paid = gateAmountWords(run, fmt);
  // consoleRunUrl reads only the run's id: another run's page is this run's with that id.
  const linkToRun: LinkToRun = input.linkToRun ?? ((runId) => consoleRunUrl({ ...run, runId }, tenant));
  return {
    storeName,
    customer: customerOf(run),
    otherApprovals: otherApprovalsInWords(now, fmt, input.linkToApproval ?? (() => null)),
    changes: changesInWords(now, fmt),
    cannotRefund,
    usedUpBy: cannotRefund ? usedUpByOf(now, linkToRun) : [],
    storeNote: sourceInWords(now),
    orderNumber,
    bindingNote: bindingNoteOf(run),
    amount,
    amountNotes: (paid?.notes ?? []).map(capitalized),
    remedy,
    headline: proposalHeadline(remedy, amount, orderNumber),
    reason,
    subject: subjectOf({ run, storeName, remedy, amount, orderNumber, reason }),
    whyApproval: approvalReasonsInWords({ run, policy, amountMinor: input.amountMinor, currency: input.currency, fmt }).map(capitalized),
    expires: { at: fmt.dateTime(input.expiresAt), left, expired: left === 'expired' },
    lines: lineEvidence(run, fmt, input.currency, now, paid),
    recentRefunds: refundHistoryOf({ run, fmt, policy, orderNow: now, linkToRun }),
    links: caseLinks(run, tenant),
    ticketId: run.ticket.ticketId,
    ticketSubject: run.ticket.subject,
    attachments: run.ticket.attachments ?? [],
    customerWords: [run.ticket.body.slice(0, BODY_CHARS), ...(run.followUps ?? []).map((f) => f.excerpt)].filter((t) => t.trim().length > 0),
    onApprove: cannotRefund
      ? 'nothing is refunded (the order has nothing left of it to refund); the ticket goes to the team with a note saying why'
      : onApproveInWords(remedy, amount, orderNumber),
    onReject: 'no refund is made; the ticket goes to a person on the team, with your reason',
    formats: fmt,
  };
}
