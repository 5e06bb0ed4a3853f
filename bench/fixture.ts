// A store for the benchmark: one customer per ticket, each with one order, so every ticket is a
// fresh refund (an $18 item for the automatic path, a $62 one for the approval path).
import type { SandboxFixture } from '#local/sandbox/index.js';

export function benchFixture(input: { autoTickets: number; approvalTickets: number }): SandboxFixture {
  const customers: SandboxFixture['customers'] = [];
  const orders: SandboxFixture['orders'] = [];
  const users: SandboxFixture['helpdesk']['users'] = [];
  const tickets: SandboxFixture['helpdesk']['tickets'] = [];
  const total = input.autoTickets + input.approvalTickets;
  for (let i = 0; i < total; i++) {
    const id = String(8000 + i);
    const email = `bench-${i}@example.com`;
    customers.push({ id, email, name: `Bench ${i}`, helpdeskUserId: `9${id}` });
    users.push({ id: `9${id}`, email, name: `Bench ${i}` });
    tickets.push({ id: String(70000 + i), requesterId: `9${id}`, subject: 'Refund' });
    const auto = i < input.autoTickets;
    orders.push({
      number: 2000 + i,
      customerId: id,
      createdDaysAgo: 6,
      fulfilledDaysAgo: 3,
      lineItems: [{ id: String(20000 + i), title: auto ? 'Stoneware mug' : 'Wool throw blanket', quantity: 1, unitPriceMinor: auto ? 1800 : 6200 }],
    });
  }
  return { shop: { name: 'Bench store', currency: 'USD' }, customers, orders, helpdesk: { users, tickets } } as SandboxFixture;
}
