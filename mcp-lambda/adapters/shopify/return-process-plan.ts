// What process_return may send, decided on the return as read just before (pure): the lines must be
// the return's; a unit is processed once, so units already processed are a conflict (a retried or
// redelivered processing refunds nothing twice); only units that came back are processed; the return
// must be OPEN. Then the order lines a refund is suggested for, and returnProcess's variables (its
// refund's transactions from return-refund-split.ts; never refundShipping).
import type { ProcessReturnInput } from '#shared/contracts/tools.js';
import { ConflictError, InvalidError } from '#shared/contracts/errors.js';
import { receivedByFulfillmentLine, receivedQuantities, type ReturnNode } from './return-mapping.js';
import { issueRefundInput, type ReturnRefundTransaction } from './return-refund-split.js';

const merged = (lines: readonly { id: string; quantity: number }[]) => {
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.id, (totals.get(l.id) ?? 0) + l.quantity);
  return totals;
};

const askedReturnLines = (input: ProcessReturnInput) => merged(input.lineItems.map((l) => ({ id: l.returnLineItemId, quantity: l.quantity })));
const askedExchangeLines = (input: ProcessReturnInput) =>
  merged((input.exchangeLineItems ?? []).map((l) => ({ id: l.exchangeLineItemId, quantity: l.quantity })));

function checkShape(node: ReturnNode, input: ProcessReturnInput): void {
  if (input.lineItems.length === 0 && (input.exchangeLineItems ?? []).length === 0) {
    throw new InvalidError('nothing to process: give the return lines that came back, or the exchange lines to ship');
  }
  if (input.refund && input.lineItems.length === 0) throw new InvalidError('a refund is made for return lines processed in the same call: give them');
  const returnLines = new Set(node.returnLineItems.nodes.filter((l) => l.fulfillmentLineItem).map((l) => l.id));
  const unknown = [...askedReturnLines(input).keys()].find((id) => !returnLines.has(id));
  if (unknown) throw new InvalidError(`${unknown} is not a line of return ${node.id}`);
  const exchangeLines = new Set(node.exchangeLineItems.nodes.map((l) => l.id));
  const unknownExchange = [...askedExchangeLines(input).keys()].find((id) => !exchangeLines.has(id));
  if (unknownExchange) throw new InvalidError(`${unknownExchange} is not an exchange line of return ${node.id}`);
}

function checkNotProcessed(node: ReturnNode, input: ProcessReturnInput): void {
  for (const [id, asked] of askedReturnLines(input)) {
    const line = node.returnLineItems.nodes.find((l) => l.id === id)!;
    if (asked > line.quantity - line.processedQuantity) {
      throw new ConflictError(`return line ${id}: ${asked} unit(s) asked, but ${line.processedQuantity} of its ${line.quantity} were processed already`);
    }
  }
  for (const [id, asked] of askedExchangeLines(input)) {
    const line = node.exchangeLineItems.nodes.find((l) => l.id === id)!;
    if (asked > line.quantity - line.processedQuantity) {
      throw new ConflictError(`exchange line ${id}: ${asked} unit(s) asked, but ${line.processedQuantity} of its ${line.quantity} were shipped already`);
    }
  }
}

/**
 * Units that have not come back are not processed. When some of the line's units were processed
 * already, asking more than came back since is taken for this processing sent again (conflict: the
 * caller reads get_returns); otherwise the parcel has not arrived (invalid).
 */
function checkReceived(node: ReturnNode, input: ProcessReturnInput): void {
  const received = receivedQuantities(node.returnLineItems.nodes, receivedByFulfillmentLine(node.reverseFulfillmentOrders.nodes));
  for (const [id, asked] of askedReturnLines(input)) {
    const line = node.returnLineItems.nodes.find((l) => l.id === id)!;
    const came = received.get(id) ?? 0;
    if (asked <= came - line.processedQuantity) continue;
    const message = `return line ${id}: ${asked} unit(s) asked, but ${came} of its ${line.quantity} came back`;
    if (line.processedQuantity > 0) throw new ConflictError(`${message} and ${line.processedQuantity} were processed already`);
    throw new InvalidError(`${message}: only units that came back are processed`);
  }
}

/** Throws the reason this processing may not be sent (InvalidError or ConflictError); returns when it may. */
export function checkProcessable(node: ReturnNode, input: ProcessReturnInput): void {
  checkShape(node, input);
  checkNotProcessed(node, input);
  if (node.status !== 'OPEN') throw new ConflictError(`return ${node.id} is ${node.status}: only an OPEN return is processed`);
  checkReceived(node, input);
}

/** The order lines and units the refund is for: each processed return line's order line, merged. */
export function refundLinesOf(node: ReturnNode, input: ProcessReturnInput): { lineItemId: string; quantity: number }[] {
  const byOrderLine = new Map<string, number>();
  for (const [id, asked] of askedReturnLines(input)) {
    const lineItemId = node.returnLineItems.nodes.find((l) => l.id === id)!.fulfillmentLineItem!.lineItem.id;
    byOrderLine.set(lineItemId, (byOrderLine.get(lineItemId) ?? 0) + asked);
  }
  return [...byOrderLine].map(([lineItemId, quantity]) => ({ lineItemId, quantity }));
}

/** returnProcess's variables: the units, the exchange items, the refund's transactions when there is one. */
export function returnProcessVariables(input: ProcessReturnInput, transactions: readonly ReturnRefundTransaction[] | null) {
  return {
    input: {
      returnId: input.returnId,
      returnLineItems: input.lineItems.map((l) => ({ id: l.returnLineItemId, quantity: l.quantity })),
      exchangeLineItems: (input.exchangeLineItems ?? []).map((l) => ({ id: l.exchangeLineItemId, quantity: l.quantity })),
      notifyCustomer: input.notifyCustomer,
      ...(input.note === '' ? {} : { note: input.note }),
      ...(transactions ? { financialTransfer: issueRefundInput(transactions) } : {}),
    },
  };
}
