// Binding a ticket to an order, as docs/policy.md says: the order the ticket asks about, which must be
// the requester's; a ticket naming none binds to the requester's only order; anything else goes to
// a person. Only a ticket that is not about a problem with an order at all (remedy `other`: an
// address change, a question) leaves before any order is read (Triage escalates it). Every other
// remedy — refund, replacement, store credit, cancel, refund status — is bound the same way, since
// CheckOrder runs before the remedy is read (ProposeRefund) and refused (Gate).
// Returns the bound order with the tool calls binding took, or the escalation and its calls.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Claim, EscalationRule, ToolName } from '../golden/schema.js';
import type { Store } from './store.js';

export type Binding = { bound: true; order: FixtureOrder; calls: ToolName[] } | { bound: false; escalation: EscalationRule; calls: ToolName[] };

export function bindOrder(claim: Claim, requesterId: string, store: Store): Binding {
  if (claim.remedy === 'other') return { bound: false, escalation: 'not_refund_request', calls: [] };

  if (claim.orderNumber !== null) {
    const order = store.orders.get(claim.orderNumber);
    if (!order || order.customerId !== requesterId) {
      return { bound: false, escalation: 'order_not_requesters', calls: ['get_order'] };
    }
    return { bound: true, order, calls: ['get_order', 'get_refund_history'] };
  }

  // Several orders named without saying which: nobody looks anything up, a person picks.
  if ((claim.orderNumbersMentioned ?? []).length > 1) return { bound: false, escalation: 'several_orders', calls: [] };

  const own = store.ordersOf(requesterId);
  if (own.length === 0) return { bound: false, escalation: 'no_order_bound', calls: ['find_customer_orders'] };
  if (own.length > 1) return { bound: false, escalation: 'several_orders', calls: ['find_customer_orders'] };
  return { bound: true, order: own[0]!, calls: ['find_customer_orders', 'get_order', 'get_refund_history'] };
}
