// Test helpers of the grounding rule tests (grounding*.test.ts): an order of lines, a proposal of
// claims, the rules a text and a proposal come to, and the orders several tests share.
import { groundProposal, type GateInput } from '#harness/policy/index.js';
import type { OrderFacts, Proposal } from '#harness/domain/types.js';
import { daysAgo } from '../../support/fixtures.js';

export type LineSpec = { id: string; title: string; quantity: number; price: number; refundable?: number; giftCard?: boolean };

export function order(lines: LineSpec[], extra: Partial<OrderFacts> = {}): OrderFacts {
  const items = lines.map((l) => ({
    id: `gid://shopify/LineItem/${l.id}`,
    title: l.title,
    quantity: l.quantity,
    refundableQuantity: l.refundable ?? l.quantity,
    unitPriceMinor: l.price,
    fulfilledAt: daysAgo(3),
    fulfilledQuantity: l.quantity,
    giftCard: l.giftCard ?? false,
  }));
  const total = items.reduce((n, l) => n + l.refundableQuantity * l.unitPriceMinor, 0);
  return {
    orderId: 'gid://shopify/Order/2001',
    orderNumber: '2001',
    currency: 'USD',
    customerId: 'gid://shopify/Customer/1',
    customerEmail: 'ana@example.com',
    lineItems: items,
    maximumRefundableMinor: total,
    parentTransaction: { id: 't', gateway: 'bogus' },
    refunds: [],
    refundsLast90Days: 0,
    recentRefunds: [],
    ...extra,
  };
}

export const line = (id: string) => `gid://shopify/LineItem/${id}`;

export function proposal(facts: OrderFacts, claims: Array<[string, number, string]>, extra: Partial<Proposal> = {}): Proposal {
  const lineItems = claims.map(([id, quantity, quote]) => ({ lineItemId: line(id), quantity, quote }));
  const amountMinor = lineItems.reduce((n, c) => n + c.quantity * (facts.lineItems.find((l) => l.id === c.lineItemId)?.unitPriceMinor ?? 0), 0);
  return { remedy: 'refund', lineItems, amountMinor, currency: 'USD', reason: 'damaged', unclear: null, evidence: [], ...extra };
}

export const rulesOf = (text: string, facts: OrderFacts, p: Proposal, riskFlags: GateInput['triage']['riskFlags'] = []) =>
  groundProposal({ customerText: [text], proposal: p, order: facts, triage: { riskFlags } }).findings.map((f) => f.rule);

export const frames = order([{ id: '1', title: 'Oak photo frame', quantity: 2, price: 1400 }]);
export const bowls = order([{ id: '1', title: 'Ceramic bowl', quantity: 4, price: 1500 }]);
export const glasses = order([{ id: '1', title: 'Tumbler glass', quantity: 6, price: 1667 }]);
export const kitchen = order([
  { id: '1', title: 'Espresso machine', quantity: 1, price: 24900 },
  { id: '2', title: 'Copper kettle', quantity: 1, price: 4500 },
  { id: '3', title: 'Stoneware mug', quantity: 2, price: 1800 },
  { id: '4', title: 'Olive wood spoon', quantity: 1, price: 900 },
]);
