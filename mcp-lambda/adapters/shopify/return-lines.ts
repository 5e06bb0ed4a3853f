// Which fulfillment lines an open_return's units go on. Shopify returns units of fulfillment lines,
// not of order lines: an order line shipped in parts has one fulfillment line per fulfilment, so the
// units asked of it are spread over its fulfillment lines in the order they shipped, each taking what
// it has free (its units less those held by the order's returns: requested, open or closed; a
// declined or canceled return lets them go). Too few free units, or a line that is not the order's,
// is refused here, with nothing sent. Pure: return-open.ts reads the order (RETURN_BASIS) first.
import type { OpenReturnInput } from '#shared/contracts/tools.js';
import { InvalidError } from '#shared/contracts/errors.js';

/** What a return may take of an order, as read before the return is opened. */
export interface ReturnBasis {
  orderId: string;
  /** The order's line ids, and whether all of them were read. */
  lineItemIds: ReadonlySet<string>;
  lineItemsComplete: boolean;
  /** Every fulfillment line read, in the order the fulfilments shipped (quantity null when Shopify does not say). */
  fulfillmentLines: readonly { id: string; lineItemId: string; quantity: number | null }[];
  /** Units of each fulfillment line already in a return that holds them. */
  heldByReturns: ReadonlyMap<string, number>;
  /** False when the fulfilments, their lines or the order's returns were read in part. */
  complete: boolean;
}

/** One of returnCreate's ReturnLineItemInput. */
export interface ReturnLineItemInput {
  fulfillmentLineItemId: string;
  quantity: number;
  returnReason: OpenReturnInput['lineItems'][number]['reason'];
  returnReasonNote: string;
}

/** The statuses of a return whose units stay taken. */
export const RETURN_HOLDS_UNITS: ReadonlySet<string> = new Set(['REQUESTED', 'OPEN', 'CLOSED']);

function refusal(basis: ReturnBasis, lineItemId: string, asked: number, free: number, shipped: number, held: number): InvalidError {
  const partly = basis.complete ? '' : " (the order's fulfilments or returns were read in part)";
  if (shipped === 0) {
    if (!basis.lineItemIds.has(lineItemId) && basis.lineItemsComplete) return new InvalidError(`line ${lineItemId} is not a line of order ${basis.orderId}`);
    return new InvalidError(`line ${lineItemId} of order ${basis.orderId} has not shipped: only shipped units can be returned${partly}`);
  }
  return new InvalidError(
    `line ${lineItemId} of order ${basis.orderId}: ${asked} unit(s) asked, but only ${free} of its ${shipped} shipped unit(s) can be returned` +
      `${held > 0 ? ` (${held} already in a return)` : ''}${partly}`,
  );
}

/**
 * returnCreate's return lines for the asked units: each asked line spread over its fulfillment lines
 * in shipping order, `note` as every line's returnReasonNote. Throws InvalidError when a line is not
 * the order's, has not shipped, or has fewer free units than asked (a line asked twice takes from the
 * same units).
 */
export function placeReturnUnits(asked: OpenReturnInput['lineItems'], basis: ReturnBasis, note: string): ReturnLineItemInput[] {
  const taken = new Map(basis.heldByReturns);
  const placed: ReturnLineItemInput[] = [];
  for (const line of asked) {
    const candidates = basis.fulfillmentLines.filter((f) => f.lineItemId === line.lineItemId);
    const freeOf = (f: (typeof candidates)[number]) => Math.max(0, (f.quantity ?? 0) - (taken.get(f.id) ?? 0));
    const free = candidates.reduce((n, f) => n + freeOf(f), 0);
    if (free < line.quantity) {
      const shipped = candidates.reduce((n, f) => n + (f.quantity ?? 0), 0);
      const held = candidates.reduce((n, f) => n + (basis.heldByReturns.get(f.id) ?? 0), 0);
      throw refusal(basis, line.lineItemId, line.quantity, free, shipped, held);
    }
    let left = line.quantity;
    for (const f of candidates) {
      const units = Math.min(left, freeOf(f));
      if (units === 0) continue;
      placed.push({ fulfillmentLineItemId: f.id, quantity: units, returnReason: line.reason, returnReasonNote: note });
      taken.set(f.id, (taken.get(f.id) ?? 0) + units);
      left -= units;
      if (left === 0) break;
    }
  }
  return placed;
}
