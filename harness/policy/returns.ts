// Returns (docs/policy.md "Returns and exchanges"): where the tenant enables them, a claim whose
// reason needs the item back becomes a return. The limits are decided once, before the return is
// opened, on the refund the customer gets on receipt (the units' amount, no shipping, less the flat
// fee); the damage-like reason condition does not apply (the item comes back). Pure.
import type { OrderFacts, Proposal, ReturnTerms } from '../domain/types.js';
import { mergeLines } from './amount.js';
import type { Policy } from './document.js';
import { withinDays } from './days.js';
import { dayWords } from './reason-words.js';
import { RULES } from './rules.js';

type Finding = { rule: string; reason: string };

/** Reasons that need the item back before any money, where returns are on. */
const RETURN_REASONS = new Set<Proposal['reason']>(['changed_mind']);
const DAMAGE_REASONS = new Set<Proposal['reason']>(['damaged', 'defective']);

/**
 * Whether this claim is carried out as a return. The item must come back for a change of mind or an
 * item that does not suit: a return when the customer asks to send it back, or asks for a refund
 * inside the return window (outside it, a lead decides on the refund). A damaged or defective item
 * comes back only at or above the tenant's amount, where it asks for those back; otherwise a return
 * asked for a damaged, defective, wrong or missing item is refunded as it stands (nothing is asked
 * back). `worthMinor`: what the claimed units come to; `inWindow`: every claimed unit shipped inside the window.
 */
export function isReturn(proposal: Pick<Proposal, 'remedy' | 'reason'>, policy: Policy, worthMinor: number, inWindow: boolean): boolean {
  const settings = policy.document.returns;
  if (!settings.enabled || (proposal.remedy !== 'refund' && proposal.remedy !== 'return')) return false;
  const from = settings.damagedBackFromMinor;
  if (from !== null && DAMAGE_REASONS.has(proposal.reason) && worthMinor >= from) return true;
  if (!RETURN_REASONS.has(proposal.reason)) return false;
  return proposal.remedy === 'return' || inWindow;
}

/** Every claimed unit shipped inside the return window (calendar days in the store's zone). */
export function insideReturnWindow(order: OrderFacts, proposal: Pick<Proposal, 'lineItems'>, receivedAt: string, policy: Policy): boolean {
  return !returnWindowReasons(order, proposal, receivedAt, policy).some((f) => f.rule === RULES.fulfilledTooLongAgo);
}

/** The fee in the currency the customer paid: the shop's fee at the refund's own rate. */
function feeInPresentment(feeMinor: number, worthMinor: number, presentmentWorthMinor: number | undefined): number | undefined {
  if (presentmentWorthMinor === undefined || worthMinor === 0) return undefined;
  return Math.round((feeMinor * presentmentWorthMinor) / worthMinor);
}

/** The return's terms: the claimed units, the fee, the wait; the refund on receipt is the worth less the fee, never below zero. */
export function returnTerms(
  proposal: Pick<Proposal, 'lineItems'>,
  policy: Policy,
  worth: { amountMinor: number; presentmentMinor?: number },
): { terms: ReturnTerms; refundMinor: number; refundPresentmentMinor?: number } {
  const settings = policy.document.returns;
  const feeMinor = Math.min(settings.feeMinor, worth.amountMinor);
  const feePresentmentMinor = feeInPresentment(feeMinor, worth.amountMinor, worth.presentmentMinor);
  const terms: ReturnTerms = {
    lines: mergeLines(proposal.lineItems),
    feeMinor,
    ...(feePresentmentMinor !== undefined ? { feePresentmentMinor } : {}),
    worthMinor: worth.amountMinor,
    receiveWithinDays: settings.receiveWithinDays,
  };
  return {
    terms,
    refundMinor: worth.amountMinor - feeMinor,
    ...(worth.presentmentMinor !== undefined ? { refundPresentmentMinor: worth.presentmentMinor - (feePresentmentMinor ?? 0) } : {}),
  };
}

/** A return of units that never shipped, or shipped longer ago than the window: a person decides. */
export function returnWindowReasons(order: OrderFacts, proposal: Pick<Proposal, 'lineItems'>, receivedAt: string, policy: Policy): Finding[] {
  const { timeZone, returns } = policy.document;
  const claimed = mergeLines(proposal.lineItems).map((c) => ({ claim: c, line: order.lineItems.find((li) => li.id === c.lineItemId) }));
  const unshipped = claimed.find(({ claim, line }) => !line?.fulfilledAt || (line.fulfilledQuantity !== undefined && claim.quantity > line.fulfilledQuantity));
  if (unshipped) {
    return [{ rule: RULES.notFulfilled, reason: `"${unshipped.line?.title ?? 'an item'}" has not shipped (in full): nothing of it can come back yet` }];
  }
  const late = claimed.find(({ line }) => !withinDays(line?.fulfilledAt ?? '', receivedAt, returns.windowDays, timeZone));
  if (!late?.line) return [];
  return [
    {
      rule: RULES.fulfilledTooLongAgo,
      reason: `"${late.line.title}" shipped on ${dayWords(late.line.fulfilledAt ?? '', timeZone)}, outside the ${returns.windowDays}-day return window`,
    },
  ];
}
