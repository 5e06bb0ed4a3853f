// open_return against Shopify: read the order's fulfillment lines and the units its returns hold
// (RETURN_BASIS), place the asked units on fulfillment lines (return-lines.ts), then returnCreate
// with the fee in the currency the customer paid, the exchange items and the run's note on every
// line. returnCreate takes no idempotency key: the caller reads get_returns before it would ever
// send the same return again (the note names its run).
import type { OpenReturnInput, OpenReturnOutput } from '#shared/contracts/tools.js';
import { InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import { minorToDecimal } from '#shared/money.js';
import type { GraphqlClient } from './client.js';
import { checkOrderId } from './ids.js';
import { returnRefusal, type ReturnUserError } from './return-errors.js';
import { placeReturnUnits, RETURN_HOLDS_UNITS, type ReturnBasis, type ReturnLineItemInput } from './return-lines.js';
import type { ReturnNode } from './return-mapping.js';
import { RETURN_BASIS, RETURN_CREATE } from './return-queries.js';
import { summarize } from './return-reads.js';

type HasNext = { pageInfo: { hasNextPage: boolean } };
type BasisData = {
  order: {
    id: string;
    currencyCode: string;
    presentmentCurrencyCode: string;
    lineItems: { nodes: { id: string }[] } & HasNext;
    fulfillments: { fulfillmentLineItems: { nodes: { id: string; quantity: number | null; lineItem: { id: string } }[] } & HasNext }[];
    returns: {
      nodes: { status: string; returnLineItems: { nodes: { quantity: number; fulfillmentLineItem?: { id: string } | null }[] } & HasNext }[];
    } & HasNext;
  } | null;
};

export type ReturnCreateVariables = {
  returnInput: {
    orderId: string;
    returnLineItems: ReturnLineItemInput[];
    exchangeLineItems: { variantId: string; quantity: number }[];
    returnShippingFee?: { amount: { amount: string; currencyCode: string } };
    notifyCustomer: boolean;
  };
};

/** The order as a return may take it; NotFoundError when the store has no such order. */
export async function readReturnBasis(graphql: GraphqlClient, orderId: string): Promise<ReturnBasis & { currency: string; paidCurrency: string }> {
  const { order } = await graphql.request<BasisData>(RETURN_BASIS, { id: orderId });
  if (!order) throw new NotFoundError(`no order ${orderId} in this store`);
  const heldByReturns = new Map<string, number>();
  for (const ret of order.returns.nodes.filter((r) => RETURN_HOLDS_UNITS.has(r.status))) {
    for (const line of ret.returnLineItems.nodes) {
      const id = line.fulfillmentLineItem?.id;
      if (id) heldByReturns.set(id, (heldByReturns.get(id) ?? 0) + line.quantity);
    }
  }
  const complete =
    !order.fulfillments.some((f) => f.fulfillmentLineItems.pageInfo.hasNextPage) &&
    !order.returns.pageInfo.hasNextPage &&
    !order.returns.nodes.some((r) => r.returnLineItems.pageInfo.hasNextPage);
  return {
    orderId: order.id,
    currency: order.currencyCode,
    paidCurrency: order.presentmentCurrencyCode,
    lineItemIds: new Set(order.lineItems.nodes.map((l) => l.id)),
    lineItemsComplete: !order.lineItems.pageInfo.hasNextPage,
    fulfillmentLines: order.fulfillments.flatMap((f) =>
      f.fulfillmentLineItems.nodes.map((n) => ({ id: n.id, lineItemId: n.lineItem.id, quantity: n.quantity })),
    ),
    heldByReturns,
    complete,
  };
}

/**
 * returnCreate's variables: the placed lines, the exchange items, the fee (when above zero) in the
 * currency the customer paid (its presentment figure when it has one, else the shop's), and
 * notifyCustomer (which Shopify 2026-04 documents as ignored on returnCreate; sent as asked).
 */
export function returnCreateVariables(input: OpenReturnInput, lines: ReturnLineItemInput[], paidCurrency: string): ReturnCreateVariables {
  const fee = input.returnFee ? (input.returnFee.presentment ?? { amountMinor: input.returnFee.amountMinor, currency: input.returnFee.currency }) : null;
  if (fee && fee.amountMinor < 0) throw new InvalidError('a return fee is zero or more');
  if (fee && fee.amountMinor > 0 && fee.currency !== paidCurrency) {
    throw new InvalidError(`the return fee is in ${fee.currency}, but order ${input.orderId} was paid in ${paidCurrency}: give the fee's presentment amount`);
  }
  return {
    returnInput: {
      orderId: input.orderId,
      returnLineItems: lines,
      exchangeLineItems: (input.exchangeLineItems ?? []).map((e) => ({ variantId: e.variantId, quantity: e.quantity })),
      ...(fee && fee.amountMinor > 0
        ? { returnShippingFee: { amount: { amount: minorToDecimal(fee.amountMinor, fee.currency), currencyCode: fee.currency } } }
        : {}),
      notifyCustomer: input.notifyCustomer,
    },
  };
}

type ReturnCreateData = { returnCreate: { return: ReturnNode | null; userErrors: ReturnUserError[] } | null };

export async function openReturn(graphql: GraphqlClient, input: OpenReturnInput): Promise<OpenReturnOutput> {
  checkOrderId(input.orderId);
  const basis = await readReturnBasis(graphql, input.orderId);
  const lines = placeReturnUnits(input.lineItems, basis, input.note);
  const data = await graphql.request<ReturnCreateData>(RETURN_CREATE, returnCreateVariables(input, lines, basis.paidCurrency));
  const payload = data.returnCreate;
  if (!payload) throw new InvalidError('Shopify returned no returnCreate payload');
  if (payload.userErrors.length > 0) throw returnRefusal(`open a return on order ${input.orderId}`, payload.userErrors);
  if (!payload.return) throw new InvalidError('Shopify returned neither a return nor an error');
  const [summary] = await summarize(graphql, [payload.return], basis.currency);
  return { return: summary! };
}
