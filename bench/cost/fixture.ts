// The store `npm run cost` runs its tickets against, and the four paths a ticket can take: one customer
// per ticket with one order, so every ticket is a fresh case. Automatic: an $18 mug, refunded by the
// agent. Approval: a $62 blanket (over the $50 auto limit), approved by the lead. Rejection: the same
// blanket, declined by the lead (the run escalates to the team with no refund). Escalation: a ticket
// that is no refund request (an address change), handed to a person from Triage.
import type { SandboxFixture } from '#local/sandbox/index.js';

export const TICKET_KINDS = ['automatic', 'approval', 'escalation', 'rejection'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** What the customer writes, about their order. */
export const TICKET_TEXT: Record<TicketKind, (order: number) => string> = {
  automatic: (order) => `Hello, the mug in order ${order} arrived cracked. Please refund it.`,
  approval: (order) => `The wool throw blanket from order ${order} arrived damaged. Refund please.`,
  rejection: (order) => `The wool throw blanket from order ${order} arrived damaged. Refund please.`,
  escalation: (order) => `Hi, can I change the delivery address for order ${order} to 12 Elm Street?`,
};

/** The ticket's subject: its first words, as a helpdesk shows them. */
export const subjectOf = (text: string): string => text.slice(0, 40);

/** What the lead decides on the approval page, on the paths that ask. */
export const DECISION: Partial<Record<TicketKind, 'approve' | 'reject'>> = { approval: 'approve', rejection: 'reject' };

/** How each path ends. */
export const EXPECTED_STATUS: Record<TicketKind, string> = { automatic: 'done', approval: 'done', rejection: 'escalated', escalation: 'escalated' };

const ITEM: Record<TicketKind, { title: string; unitPriceMinor: number }> = {
  automatic: { title: 'Stoneware mug', unitPriceMinor: 1800 },
  approval: { title: 'Wool throw blanket', unitPriceMinor: 6200 },
  rejection: { title: 'Wool throw blanket', unitPriceMinor: 6200 },
  escalation: { title: 'Stoneware mug', unitPriceMinor: 1800 },
};

/** The ticket, customer and order of the i-th ticket. */
export const ticketOf = (i: number) => ({ ticketId: String(70000 + i), requesterId: `9${8000 + i}`, order: 2000 + i });

/** A store with one customer, order and helpdesk ticket for each of `kinds`, in order. */
export function costFixture(kinds: readonly TicketKind[]): SandboxFixture {
  const customers: SandboxFixture['customers'] = [];
  const orders: SandboxFixture['orders'] = [];
  const users: SandboxFixture['helpdesk']['users'] = [];
  const tickets: SandboxFixture['helpdesk']['tickets'] = [];
  for (const [i, kind] of kinds.entries()) {
    const id = String(8000 + i);
    const email = `cost-${i}@example.com`;
    const { ticketId, requesterId, order } = ticketOf(i);
    customers.push({ id, email, name: `Cost ${i}`, helpdeskUserId: requesterId });
    users.push({ id: requesterId, email, name: `Cost ${i}` });
    tickets.push({ id: ticketId, requesterId, subject: subjectOf(TICKET_TEXT[kind](order)) });
    orders.push({ number: order, customerId: id, createdDaysAgo: 6, fulfilledDaysAgo: 3, lineItems: [{ id: String(20000 + i), quantity: 1, ...ITEM[kind] }] });
  }
  return { shop: { name: 'Cost store', currency: 'USD' }, customers, orders, helpdesk: { users, tickets } } as SandboxFixture;
}
