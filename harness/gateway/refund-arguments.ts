// The refund_create arguments for a run, built only from the run's claimed lines and order facts the
// harness read (the amount is computed from the order, never the model's figure; on an order paid in
// another currency, its presentment amount beside it, which the refund is made in), plus the
// idempotency key derived from the durable intent. The approval hashes these
// same arguments, so it covers exactly the refund that is sent.
import type { Money, RefundCreateInput } from '#shared/contracts/tools.js';
import type { DecidedPart } from '../domain/money-types.js';
import type { GateDecision, MoneyRemedy, OrderFacts, Proposal } from '../domain/types.js';
import { sha256Hex } from '../hash.js';
import { computeProposalAmount } from '../policy/amount.js';
import { computePresentmentAmount } from '../policy/presentment-amount.js';

export const IDEMPOTENCY_KEY_PREFIX = 'ra1_';

/** sha256(tenant|runId|Refund|orderId|amountMinor): the same on every retry of the same refund. */
export function refundIdempotencyKey(input: { tenant: string; runId: string; orderId: string; amountMinor: number }): string {
  return IDEMPOTENCY_KEY_PREFIX + sha256Hex([input.tenant, input.runId, 'Refund', input.orderId, String(input.amountMinor)].join('|'));
}

/**
 * What the gate fixed for the refund: its amount (and in the currency the customer paid), the
 * shipping and duties parts, how it pays back (store credit) and where refunded units go back to stock.
 */
export interface RefundTerms {
  amountMinor?: number;
  presentment?: GateDecision['presentment'];
  shipping?: DecidedPart;
  duties?: GateDecision['duties'];
  remedy?: MoneyRemedy;
  restockLocationId?: string;
}

/** The run's gate decision as refund terms (none before the gate). */
export function gateTerms(gate: GateDecision | null | undefined): RefundTerms {
  if (!gate) return {};
  const { amountMinor, presentment, shipping, duties, remedy, restockLocationId } = gate;
  return { amountMinor, presentment, shipping, duties, remedy, restockLocationId };
}

/** A part's money: the shop's figure, and the customer's beside it on a Markets order. */
function partMoney(part: DecidedPart, facts: OrderFacts): Money {
  const paid =
    facts.presentment && part.presentmentMinor !== undefined
      ? { presentment: { amountMinor: part.presentmentMinor, currency: facts.presentment.currency } }
      : {};
  return { amountMinor: part.amountMinor, currency: facts.currency, ...paid };
}

/**
 * `amountMinor`: the gate's decided amount (the run's `gate.amountMinor`), fixed once decided so
 * the idempotency key is the same on every retry; without it, the claimed lines computed from
 * `facts`. The dispatch check recomputes it from the order read again (policy/refund-args.ts). `remedy` store
 * credit pays back to the customer's account; `restockLocationId` restocks the refunded units there.
 */
export function buildRefundArguments(input: { tenant: string; runId: string; proposal: Proposal; facts: OrderFacts } & RefundTerms): RefundCreateInput {
  const { tenant, runId, proposal, facts } = input;
  const amountMinor = input.amountMinor ?? computeProposalAmount(facts, proposal.lineItems);
  // Paid in another currency (Shopify Markets): refunded in it, at the figure the gate took from the store.
  const presentment = input.presentment ?? computePresentmentAmount(facts, proposal.lineItems);
  return {
    orderId: facts.orderId,
    lineItems: proposal.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
    amount: { amountMinor, currency: facts.currency, ...(presentment ? { presentment } : {}) },
    ...(input.shipping ? { shipping: { amount: partMoney(input.shipping, facts) } } : {}),
    ...(input.duties ? { duties: { dutyIds: input.duties.dutyIds, amount: partMoney(input.duties, facts) } } : {}),
    // An empty id never passes checkRefundArguments: an order without a sale cannot be refunded here.
    parentTransactionId: facts.parentTransaction?.id ?? '',
    gateway: facts.parentTransaction?.gateway ?? '',
    note: `refund-agent run ${runId}: ${proposal.reason}`.slice(0, 500),
    idempotencyKey: refundIdempotencyKey({ tenant, runId, orderId: facts.orderId, amountMinor }),
    ...(input.remedy === 'store_credit' ? { method: 'store_credit' as const } : {}),
    ...(input.restockLocationId ? { restockLocationId: input.restockLocationId } : {}),
  };
}
