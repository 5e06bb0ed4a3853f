// The gate's rules for the remedies a tenant may enable beside a refund (docs/policy.md "Other
// remedies"). Store credit is a refund paid to the customer's account: the same amount, grounding
// and limits, and an order with a customer account. Cancelling an order of which nothing has shipped
// refunds what is still refundable on it and always needs a lead's approval. Pure.
import type { MoneyRemedy, OrderFacts, Proposal } from '../domain/types.js';
import type { Policy } from './document.js';
import { remedyEnabled, type EnabledRemedies } from './grounding/other-remedy.js';
import { moneyWords } from './reason-words.js';
import { RULES } from './rules.js';

type Finding = { rule: string; reason: string };

export function enabledRemedies(policy: Policy): EnabledRemedies {
  return { storeCredit: policy.document.storeCredit, cancel: policy.document.cancelUnfulfilled, returns: policy.document.returns.enabled };
}

/**
 * How a decision would move money for this proposal: its remedy when the tenant enabled it, else a
 * refund (refused elsewhere when not asked for). A return is decided by the gate (returns.ts), which
 * also turns a refund for a change of mind into one.
 */
export function moneyRemedyOf(proposal: Pick<Proposal, 'remedy'>, policy: Policy): MoneyRemedy {
  const { remedy } = proposal;
  if (remedy === 'store_credit' || remedy === 'cancel') return remedyEnabled(remedy, enabledRemedies(policy)) ? remedy : 'refund';
  return 'refund';
}

/** What a remedy's refusals add to a refund's: store credit needs an account; a cancel needs an order with nothing shipped. */
export function remedyRefusals(remedy: MoneyRemedy, order: OrderFacts): Finding[] {
  if (remedy === 'store_credit' && !order.customerId) {
    return [{ rule: RULES.storeCreditNeedsAccount, reason: `order ${order.orderNumber} has no customer account to hold store credit` }];
  }
  if (remedy !== 'cancel') return [];
  if (order.cancelledAt) return [{ rule: RULES.orderNotCancellable, reason: `order ${order.orderNumber} is already cancelled` }];
  const shipped = order.lineItems.filter((l) => l.fulfilledAt !== null || (l.fulfilledQuantity ?? 0) > 0);
  if (shipped.length > 0) {
    return [{ rule: RULES.orderNotCancellable, reason: `part of order ${order.orderNumber} has shipped ("${shipped[0]!.title}"); it cannot be cancelled` }];
  }
  if (order.maximumRefundableMinor <= 0) return [{ rule: RULES.nothingRefundable, reason: `nothing paid on order ${order.orderNumber} remains to refund` }];
  return [];
}

/** Reasons whose units are not put back on sale: a damaged or defective item. */
const NOT_RESTOCKED = new Set(['damaged', 'defective']);

/** Where refunded units go back to stock: the tenant's location, for a refund or store credit whose reason leaves the item sellable. */
export function restockLocationFor(policy: Policy, remedy: MoneyRemedy, reason: Proposal['reason']): string | undefined {
  const location = policy.document.restockLocationId;
  if (!location || remedy === 'cancel' || NOT_RESTOCKED.has(reason)) return undefined;
  return location;
}

/** A cancel refunds what the store still allows to be refunded on the whole order. */
export function cancelAmount(order: OrderFacts): number {
  return Math.max(0, order.maximumRefundableMinor);
}

/** Why a person must approve a cancel: always, and the amount for the lead's eye. */
export function cancelApprovalReasons(order: OrderFacts): Finding[] {
  const amount = moneyWords(cancelAmount(order), order.currency);
  return [{ rule: RULES.cancelNeedsApproval, reason: `cancelling order ${order.orderNumber} refunds ${amount}; a cancel always needs a lead's approval` }];
}
