// Sandbox fixtures the browser tests share: a store (the demo's, or the returns store) with a
// helpdesk ticket for each ticket a test sends (notes go on real tickets), and Hana, a customer with
// two recent orders and no refunds: a ticket naming both, or neither, goes to a person to pick.
import { parseFixture, type SandboxFixture } from '#local/sandbox/index.js';

export const HANA = { id: '7008', email: 'hana@example.com', name: 'Hana Ito', helpdeskUserId: '9008' };

const line = (id: string, title: string, sku: string, unitPriceMinor: number) => ({ id, title, sku, quantity: 1, unitPriceMinor });

/** Hana's orders: #2101 linen napkins ($22, 9 days ago), #2102 a glazed serving plate ($24, 7 days ago). */
export const HANA_ORDERS = [
  { number: 2101, customerId: HANA.id, createdDaysAgo: 9, fulfilledDaysAgo: 6, lineItems: [line('12101', 'Linen napkins (set of 4)', 'NAPKIN-LINEN', 2200)] },
  { number: 2102, customerId: HANA.id, createdDaysAgo: 7, fulfilledDaysAgo: 4, lineItems: [line('12102', 'Glazed serving plate', 'PLATE-GLAZE', 2400)] },
];

type ExtraOrder = Record<string, unknown>;

/**
 * `base` with Hana and her orders, any `orders` more, and a helpdesk ticket for each [ticket id,
 * requester id] (subject: `${subject} ${id}`).
 */
export function withHana(
  base: SandboxFixture,
  tickets: ReadonlyArray<readonly [string, string]>,
  subject: string,
  orders: readonly ExtraOrder[] = [],
): SandboxFixture {
  return parseFixture({
    ...base,
    customers: [...base.customers, HANA],
    orders: [...base.orders, ...HANA_ORDERS, ...orders],
    helpdesk: {
      ...base.helpdesk,
      users: [...base.helpdesk.users, { id: HANA.helpdeskUserId, email: HANA.email, name: HANA.name }],
      tickets: [...base.helpdesk.tickets, ...tickets.map(([id, requesterId]) => ({ id, requesterId, subject: `${subject} ${id}` }))],
    },
  });
}
