// Maps Shopify's response shapes into the tool contracts: decimal strings to integer minor units,
// the order note wrapped as untrusted text, line-item GIDs kept as ids. Used by shopify-api.ts.
import type { LineItem, Money, Order } from '../../contracts/tools.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import { decimalToMinor, MoneyFormatError } from '../../money.js';

export interface MoneyNode { shopMoney: { amount: string; currencyCode: string } }
export interface LineItemNode {
  id: string; title: string; sku: string | null; quantity: number; refundableQuantity: number; originalUnitPriceSet: MoneyNode;
}
export interface RefundNode {
  id: string; createdAt: string | null; totalRefundedSet: MoneyNode;
  refundLineItems: { nodes: { quantity: number; lineItem: { id: string } }[] };
}
export interface OrderNode {
  id: string; name: string; createdAt: string; currencyCode: string; displayFinancialStatus: string | null; note: string | null;
  customer: { id: string; email: string | null } | null;
  lineItems: { nodes: LineItemNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  fulfillments: { id: string; createdAt: string; status: string; fulfillmentLineItems: { nodes: { lineItem: { id: string } }[] } }[];
  transactions: { id: string; kind: string; status: string; gateway: string | null; amountSet: MoneyNode }[];
  refunds: RefundNode[];
  suggestedRefund: { maximumRefundableSet: MoneyNode } | null;
}

export function toMoney(node: MoneyNode): Money {
  const { amount, currencyCode } = node.shopMoney;
  try {
    return { amountMinor: decimalToMinor(amount, currencyCode), currency: currencyCode };
  } catch (error) {
    if (error instanceof MoneyFormatError) throw new TemporarilyUnavailableError(`Shopify sent an unreadable amount: ${error.message}`);
    throw error;
  }
}

export function toLineItem(node: LineItemNode): LineItem {
  return {
    id: node.id, title: node.title, sku: node.sku, quantity: node.quantity,
    refundableQuantity: node.refundableQuantity, unitPrice: toMoney(node.originalUnitPriceSet),
  };
}

export function toRefundSummary(node: RefundNode) {
  return {
    id: node.id,
    createdAt: node.createdAt ?? '',
    amount: toMoney(node.totalRefundedSet),
    lineItems: node.refundLineItems.nodes.map((l) => ({ lineItemId: l.lineItem.id, quantity: l.quantity })),
  };
}

export function toOrder(node: OrderNode, lineItems: LineItemNode[]): Order {
  return {
    id: node.id,
    number: node.name.replace(/^#/, ''),
    name: node.name,
    createdAt: node.createdAt,
    currency: node.currencyCode,
    customer: node.customer ? { id: node.customer.id, email: node.customer.email } : null,
    displayFinancialStatus: node.displayFinancialStatus,
    lineItems: lineItems.map(toLineItem),
    fulfillments: node.fulfillments.map((f) => ({
      id: f.id, createdAt: f.createdAt, status: f.status, lineItemIds: f.fulfillmentLineItems.nodes.map((n) => n.lineItem.id),
    })),
    transactions: node.transactions.map((t) => ({
      id: t.id, kind: t.kind, status: t.status, gateway: t.gateway ?? '', amount: toMoney(t.amountSet),
    })),
    refunds: node.refunds.map(toRefundSummary),
    maximumRefundable: node.suggestedRefund ? toMoney(node.suggestedRefund.maximumRefundableSet) : { amountMinor: 0, currency: node.currencyCode },
    // Customer-written text: data for the model to read, never instructions.
    note: node.note === null || node.note === '' ? null : { untrusted: true, text: node.note },
  };
}
