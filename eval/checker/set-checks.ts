// Checks on the set as a whole and on each ticket's ties to the fixture: unique ids, ids and files
// that match their category, requesters that are helpdesk users with a seeded ticket, order
// numbers that exist and appear in the customer's text, and tickets that share no customer (so
// they can run concurrently without one's refund changing another's refund count), nor stock (a
// variant an exchange ships is out of stock or has enough for every exchange the set ships of it).
import { CATEGORY_SLUG, type GoldenTicket } from '../golden/schema.js';
import { requestProblems } from './requests.js';
import type { Store } from './store.js';

export interface Located {
  ticket: GoldenTicket;
  file: string;
}

const textOf = (t: GoldenTicket) => [t.subject, t.body, ...(t.followUps ?? [])].join('\n');
const mentions = (text: string, n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`).test(text);

/** Every order number the claim names: the one asked about, those mentioned, and each request's. */
function namedOrders({ claim }: GoldenTicket): number[] {
  const numbers = [claim.orderNumber, ...(claim.orderNumbersMentioned ?? []), ...(claim.requests ?? []).map((r) => r.orderNumber)];
  return [...new Set(numbers.filter((n): n is number => n !== null))];
}

export function ticketProblems({ ticket: t, file }: Located, store: Store): string[] {
  const problems: string[] = [];
  if (file !== `${t.category}.json`) problems.push(`is in ${file}, not ${t.category}.json`);
  if (!t.id.startsWith(`${CATEGORY_SLUG[t.category]}-`)) problems.push(`id should start with "${CATEGORY_SLUG[t.category]}-"`);

  const customer = store.customers.get(t.requester);
  if (!customer) return [...problems, `requester ${t.requester} is not a fixture customer`];
  const user = store.fixture.helpdesk.users.find((u) => u.id === customer.helpdeskUserId);
  if (!user) problems.push(`requester ${t.requester} has no helpdesk user`);
  else if (user.email.toLowerCase() !== customer.email.toLowerCase()) problems.push(`helpdesk user ${user.id} has another email than customer ${t.requester}`);
  const seeded = store.fixture.helpdesk.tickets.find((h) => h.id === t.ticketId);
  if (!seeded) problems.push(`helpdesk ticket ${t.ticketId} is not in the fixture`);
  else if (seeded.requesterId !== customer.helpdeskUserId)
    problems.push(`helpdesk ticket ${t.ticketId} has requester ${seeded.requesterId}, not ${customer.helpdeskUserId}`);

  const text = textOf(t);
  const named = namedOrders(t);
  for (const n of named) {
    if (!store.orders.has(n)) problems.push(`order ${n} is not in the fixture`);
    if (!mentions(text, n)) problems.push(`order ${n} is in the claim but not in the customer's text`);
  }
  if (t.claim.orderNumber !== null && t.claim.orderNumbersMentioned && !t.claim.orderNumbersMentioned.includes(t.claim.orderNumber)) {
    problems.push('claim.orderNumbersMentioned leaves out claim.orderNumber');
  }
  for (const own of store.ordersOf(t.requester)) {
    if (!named.includes(own.number) && mentions(text, own.number)) problems.push(`the text names order ${own.number} but the claim does not`);
  }
  if (t.claim.exchangeFor && t.claim.remedy !== 'exchange' && t.claim.remedy !== 'replacement')
    problems.push('claim.exchangeFor is set on a claim that is no exchange');
  if ((t.category === 'everyday_wording') !== (t.wording !== undefined))
    problems.push('a wording class is given on every everyday_wording ticket and on no other');
  return [...problems, ...requestProblems(t)];
}

/** Units each SKU's exchanges ship across the set, against the variant's stock: 0, or enough for all of them. */
function stockProblems(tickets: GoldenTicket[], store: Store): string[] {
  const shipped = new Map<string, number>();
  for (const t of tickets) for (const l of t.label.returnTerms?.exchange ?? []) shipped.set(l.sku, (shipped.get(l.sku) ?? 0) + l.quantity);
  return [...shipped]
    .filter(([sku, units]) => {
      const available = store.catalogue.bySku(sku)?.available ?? 0;
      return available > 0 && available < units;
    })
    .map(([sku, units]) => `the set's exchanges ship ${units} × ${sku}, more than its stock: tickets would empty it for each other`);
}

/** The customers a ticket touches: its requester and the owners of the orders it names. */
function footprint(t: GoldenTicket, store: Store): Set<string> {
  const owners = namedOrders(t)
    .map((n) => store.orders.get(n)?.customerId)
    .filter((id): id is string => id !== undefined);
  return new Set([t.requester, ...owners]);
}

export function setProblems(located: Located[], store: Store): string[] {
  const problems: string[] = [];
  const duplicates = (values: string[], what: string) => {
    const seen = new Set<string>();
    for (const v of values) {
      if (seen.has(v)) problems.push(`${what} ${v} is used by more than one ticket`);
      seen.add(v);
    }
  };
  duplicates(
    located.map((l) => l.ticket.id),
    'id',
  );
  duplicates(
    located.map((l) => l.ticket.ticketId),
    'helpdesk ticket id',
  );
  problems.push(
    ...stockProblems(
      located.map((l) => l.ticket),
      store,
    ),
  );
  const owner = new Map<string, string>();
  for (const { ticket } of located) {
    for (const customer of footprint(ticket, store)) {
      const other = owner.get(customer);
      if (other && other !== ticket.id) problems.push(`${ticket.id}: shares customer ${customer} with ${other}; tickets must not share state`);
      owner.set(customer, ticket.id);
    }
  }
  return problems;
}
