// One ticket, several requests (docs/policy.md): each request is its own run, bound, grounded and gated
// on its own, so each is labelled as a ticket of its own (label.ts); a request the customer's words tie
// to no order goes to a person before any order is read. The limits hold for the ticket: an automatic
// refund that would take the ticket's automatic refunds together over the limit goes to a lead
// (`ticket_over_auto_limit`), and each automatic refund of the ticket counts in the customer's refund
// history of the requests decided after it. Runs decide concurrently, so every order in which they
// could decide is tried: a label must not depend on which run decides first (the approval rules
// listed are those that hold in every order).
import { isDeepStrictEqual } from 'node:util';
import { ApprovalRule, type GoldenTicket, type Label, type RequestClaim, type RequestLabel } from '../golden/schema.js';
import { refundsInWindow } from './auto-conditions.js';
import { GoldenDataError } from './errors.js';
import { deriveRequestLabel } from './label.js';
import { POLICY } from './policy-numbers.js';
import type { Store } from './store.js';

type TicketInput = Pick<GoldenTicket, 'id' | 'requester' | 'claim'>;

/** The ticket's label: its one request's, or, with several, the first's with every request's in `requests`. */
export function deriveLabel(ticket: TicketInput, store: Store): Label {
  const requests = ticket.claim.requests;
  if (!requests) return deriveRequestLabel(ticket, store);
  const bases = requests.map((request) => baseLabel(ticket, request, store));
  const labels = agreed(
    ticket.id,
    orders(bases.length).map((order) => decideInOrder(bases, order, store)),
  );
  return { ...labels[0]!, requests: labels };
}

/** A request's label on its own: tied to no order → a person picks; otherwise as a ticket of its own. */
function baseLabel(ticket: TicketInput, request: RequestClaim, store: Store): RequestLabel {
  if (request.orderNumber === null) {
    return {
      outcome: 'escalate',
      amountMinor: 0,
      currency: null,
      lines: [],
      reason: request.reason,
      boundOrder: null,
      escalation: 'request_tied_to_no_order',
      approvalRules: [],
      trajectory: ['post_draft'],
    };
  }
  const label = deriveRequestLabel({ id: ticket.id, requester: ticket.requester, claim: request }, store);
  if (label.remedy === 'return' || label.remedy === 'exchange') {
    throw new GoldenDataError('a return or an exchange among several requests: the policy does not say what it counts toward the ticket', ticket.id);
  }
  return label;
}

/** Every order in which the runs could decide (permutations of the request indices). */
function orders(n: number): number[][] {
  if (n === 1) return [[0]];
  return orders(n - 1).flatMap((rest) => Array.from({ length: n }, (_, at) => [...rest.slice(0, at), n - 1, ...rest.slice(at)]));
}

/** The requests' labels when their runs decide in `order`, listed in request order. */
function decideInOrder(bases: readonly RequestLabel[], order: readonly number[], store: Store): RequestLabel[] {
  const spent: number[] = [];
  const labels: RequestLabel[] = [...bases];
  for (const i of order) {
    const label = inTicket(bases[i]!, spent, store);
    if (label.outcome === 'auto_refund') spent.push(label.amountMinor);
    labels[i] = label;
  }
  return labels;
}

/**
 * A refund (or store credit) decided after the ticket's automatic refunds `spent`: each counts in the
 * customer's refund history, and together with this one they stay within the automatic limit. A cancel
 * is always a lead's, and counts toward nothing.
 */
function inTicket(base: RequestLabel, spent: readonly number[], store: Store): RequestLabel {
  if ((base.outcome !== 'auto_refund' && base.outcome !== 'approval') || base.remedy === 'cancel' || base.boundOrder === null) return base;
  const customerId = store.orders.get(base.boundOrder)!.customerId;
  const rules = new Set(base.approvalRules);
  if (refundsInWindow(store.ordersOf(customerId)) + spent.length >= POLICY.maxRefundsInWindow) rules.add('too_many_recent_refunds');
  const spentMinor = spent.reduce((a, b) => a + b, 0);
  if (spent.length > 0 && spentMinor + base.amountMinor > POLICY.autoRefundLimitMinor) rules.add('ticket_over_auto_limit');
  if (rules.size === base.approvalRules.length) return base;
  return {
    ...base,
    outcome: 'approval',
    approvalRules: ApprovalRule.options.filter((r) => rules.has(r)),
    trajectory: base.trajectory.filter((t) => t !== 'preview_refund' && t !== 'refund_create'),
  };
}

const withoutRules = ({ approvalRules: _rules, ...rest }: RequestLabel) => rest;

/** The labels every order of decision gives; the approval rules that hold in all of them. Refuses labels that depend on the order. */
function agreed(ticketId: string, outcomes: readonly RequestLabel[][]): RequestLabel[] {
  const first = outcomes[0]!;
  return first.map((label, i) => {
    const all = outcomes.map((labels) => labels[i]!);
    const differing = all.find((l) => !isDeepStrictEqual(withoutRules(l), withoutRules(label)));
    if (differing) {
      throw new GoldenDataError(
        `request ${i + 1}'s label depends on which run decides first (${label.outcome} ${label.amountMinor} or ${differing.outcome} ${differing.amountMinor})`,
        ticketId,
      );
    }
    const approvalRules = label.approvalRules.filter((r) => all.every((l) => l.approvalRules.includes(r)));
    if (label.outcome === 'approval' && approvalRules.length === 0) {
      throw new GoldenDataError(`request ${i + 1} needs approval for reasons that depend on which run decides first`, ticketId);
    }
    return { ...label, approvalRules };
  });
}

/** How a ticket's requests must be written: the first's fields on the claim, each on its own order, at least one tied to one. */
export function requestProblems(ticket: GoldenTicket): string[] {
  const { claim, label } = ticket;
  const requests = claim.requests;
  if (!requests) return label.requests ? ['label.requests is set on a ticket whose claim has no requests'] : [];
  const problems: string[] = [];
  if (ticket.category !== 'several_requests') problems.push('claim.requests is only for the several_requests category');
  if (label.requests?.length !== requests.length) problems.push(`label.requests has ${label.requests?.length ?? 0} labels for ${requests.length} requests`);
  const first = requests[0]!;
  for (const field of ['orderNumber', 'remedy', 'reason', 'lines', 'unclear', 'riskFlags'] as const) {
    if (!isDeepStrictEqual(claim[field], first[field])) problems.push(`claim.${field} is not the first request's`);
  }
  const tied = requests.flatMap((r) => (r.orderNumber === null ? [] : [r.orderNumber]));
  if (tied.length === 0) problems.push('no request is tied to an order: that is one request (one run), not several');
  if (new Set(tied).size < tied.length) problems.push('two requests on one order: they are one request');
  if (claim.exchangeFor) problems.push('claim.exchangeFor on a ticket with several requests');
  return problems;
}
