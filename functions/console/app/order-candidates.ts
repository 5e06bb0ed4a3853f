// The orders a lead may pick for an escalated run, read from the store when the picker is drawn and
// again when the pick is posted: each candidate's date, items and what was paid, and whether a re-run
// bound to it can succeed. A ticket that names orders offers those (the customer's words); one that
// names none offers the requester's own orders, found by their email (order-choice.ts). An order that
// is not the requester's is shown, with why, but never offered: a re-run bound to it would only go
// to a person again. Reads go through the harness as CheckOrder's (its allowlist reads orders), bound
// to no order yet and to the requester's email; a store that does not answer in time is said so.
import type { Order } from '#shared/contracts/tools.js';
import type { StepContext } from '#harness/ports.js';
import { ToolFailedError } from '#harness/errors.js';
import { refundablePayments } from '#harness/domain/order-facts.js';
import type { Run } from '#functions/shared/domain/run.js';
import { rerunRefusal } from '#functions/shared/domain/rerun.js';
import type { StepHarness } from '../../shared/step/deps.js';
import { ticketOrderNumbers } from '../../shared/order-choice.js';
import { within } from '../../shared/within.js';

/** Where the candidates come from: the numbers the customer wrote, or the requester's orders by email. */
export type PickSource = 'written' | 'requester';

export interface CandidateOrder {
  number: string;
  /** Shopify's order id, when the store found the order (the admin link is built from it). */
  id: string | null;
  createdAt: string | null;
  items: { title: string; quantity: number }[];
  /** What the customer paid (successful sales and captures); null when the store shows no payment. */
  paid: { amountMinor: number; currency: string } | null;
  /** What the store still lets be refunded. */
  refundable: { amountMinor: number; currency: string } | null;
  /** Why a re-run bound to it cannot succeed; null: it may be picked. */
  refusal: string | null;
  /** True when the store did not answer for this order (it may still be picked: CheckOrder reads it again). */
  unread?: boolean;
}

export type OrderCandidates =
  { kind: 'read'; source: PickSource; orders: CandidateOrder[]; more: boolean } | { kind: 'unreadable'; source: PickSource; numbers: string[] };

export type OrderCandidatesReader = (run: Run) => Promise<OrderCandidates>;

/** The requester's newest orders offered when the ticket names none. */
export const MAX_REQUESTER_ORDERS = 5;
const STORE_TIMEOUT_MS = 5_000;

/** Whether the run's escalation is one a pick can settle, and from which orders; null: no picker. */
export function orderPickSource(run: Run): PickSource | null {
  if (rerunRefusal(run) || run.order) return null;
  const named = ticketOrderNumbers(run);
  const bindingWentToAPerson = run.escalation?.step === 'CheckOrder' || !!run.triage?.riskFlags.includes('multiple_order_numbers');
  if (named.length > 1 || (named.length === 1 && bindingWentToAPerson)) return 'written';
  if (named.length === 0 && run.escalation?.step === 'CheckOrder' && run.ticket.requesterEmail?.trim()) return 'requester';
  return null;
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

const NOT_REQUESTERS = 'placed by another customer: a re-run bound to it would go to a person again';

function candidateOf(order: Order, requester: string): CandidateOrder {
  const payments = refundablePayments(order);
  const paidMinor = payments.reduce((sum, p) => sum + p.payment.amount.amountMinor, 0);
  return {
    number: order.number,
    id: order.id,
    createdAt: order.createdAt,
    items: order.lineItems.map((l) => ({ title: l.title, quantity: l.quantity })),
    paid: payments.length ? { amountMinor: paidMinor, currency: payments[0]!.payment.amount.currency } : null,
    refundable: order.maximumRefundable,
    refusal: sameEmail(order.customer?.email, requester) ? null : NOT_REQUESTERS,
  };
}

/** An order known by its number alone (the store not asked, or not answering for it). */
export const bareCandidate = (number: string, refusal: string | null = null, unread = false): CandidateOrder => ({
  number,
  id: null,
  createdAt: null,
  items: [],
  paid: null,
  refundable: null,
  refusal,
  ...(unread ? { unread } : {}),
});

export function createOrderCandidates(harness: Pick<StepHarness, 'callTool'>, timeoutMs = STORE_TIMEOUT_MS): OrderCandidatesReader {
  const contextOf = (run: Run): StepContext => ({
    tenant: run.tenant,
    runId: run.runId,
    step: 'CheckOrder',
    boundOrderId: null,
    boundCustomerId: null,
    requesterEmail: run.ticket.requesterEmail ?? null,
  });

  const readOne = async (run: Run, number: string, requester: string): Promise<CandidateOrder> => {
    try {
      const { order } = await harness.callTool(contextOf(run), 'get_order', { orderNumber: number });
      return candidateOf(order, requester);
    } catch (error) {
      if (error instanceof ToolFailedError && error.category === 'not_found') return bareCandidate(number, 'no order with this number in the store', false);
      return bareCandidate(number, null, true);
    }
  };

  const numbersOf = async (run: Run, source: PickSource, requester: string): Promise<{ numbers: string[]; more: boolean }> => {
    if (source === 'written') return { numbers: ticketOrderNumbers(run), more: false };
    const found = await harness.callTool(contextOf(run), 'find_customer_orders', { customerEmail: requester });
    const newest = [...found.orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { numbers: newest.slice(0, MAX_REQUESTER_ORDERS).map((o) => o.number), more: found.truncated || newest.length > MAX_REQUESTER_ORDERS };
  };

  return async (run) => {
    const source = orderPickSource(run) ?? 'written';
    const requester = run.ticket.requesterEmail?.trim().toLowerCase() ?? '';
    const read = async (): Promise<OrderCandidates> => {
      const { numbers, more } = await numbersOf(run, source, requester);
      const orders = await Promise.all(numbers.map((n) => readOne(run, n, requester)));
      return { kind: 'read', source, orders, more };
    };
    const answer = await within(read(), timeoutMs);
    return answer ?? { kind: 'unreadable', source, numbers: source === 'written' ? ticketOrderNumbers(run) : [] };
  };
}

/** The order numbers a pick may name now: those offered; when the store could not be read, the written ones. */
export function pickableNumbers(candidates: OrderCandidates): string[] {
  if (candidates.kind === 'unreadable') return candidates.numbers;
  return candidates.orders.filter((o) => o.refusal === null).map((o) => o.number);
}
