// The checker's read of the shared fixture: customers, orders by number and by customer, and the
// per-line facts the policy needs (units ordered, refunded and fulfilled, first fulfilment day),
// computed here from the fixture's own fields rather than through the sandbox store's code. The
// money of an order (discounts, tax, shipping, duties) is pricing.ts's and refund-parts.ts's.
import { parseFixture, type FixtureOrder, type SandboxFixture } from '#local/sandbox/fixture.js';
import { DEFAULT_GOLDEN_POLICY, type GoldenPolicy } from '../golden/schema.js';
import { readCatalogue, type Catalogue } from './catalogue.js';
import { GoldenDataError } from './errors.js';

export type FixtureCustomer = SandboxFixture['customers'][number];
/** One of an order's lines, as fulfilments, refunds and discounts name it: by SKU or by position. */
type LineRef = { sku: string } | { index: number };

export interface Store {
  fixture: SandboxFixture;
  customers: Map<string, FixtureCustomer>;
  orders: Map<number, FixtureOrder>;
  ordersOf(customerId: string): FixtureOrder[];
  /** The shop's variants with their prices and stock (what an exchange ships). */
  catalogue: Catalogue;
  /** The tenant policy's switches the set runs under (store credit, cancelling, returns); the default: all off. */
  policy: GoldenPolicy;
}

export function readStore(raw: unknown, source: string, policy: GoldenPolicy = DEFAULT_GOLDEN_POLICY): Store {
  const fixture = parseFixture(raw, source);
  const customers = new Map(fixture.customers.map((c) => [c.id, c]));
  const orders = new Map(fixture.orders.map((o) => [o.number, o]));
  return { fixture, customers, orders, ordersOf: (id) => fixture.orders.filter((o) => o.customerId === id), catalogue: readCatalogue(fixture), policy };
}

export interface LineFacts {
  index: number;
  sku: string | undefined;
  title: string;
  ordered: number;
  giftCard: boolean;
  /** Units taken by earlier line-item refunds (a partial-amount refund takes its units too). */
  refundedUnits: number;
  fulfilledUnits: number;
  /** Days ago of the first fulfilment that shipped any unit of this line; null when none did. */
  firstFulfilledDaysAgo: number | null;
}

export function lineIndex(order: FixtureOrder, ref: LineRef): number {
  const index = 'sku' in ref ? order.lineItems.findIndex((li) => li.sku === ref.sku) : ref.index;
  if (index < 0 || index >= order.lineItems.length) {
    throw new GoldenDataError(`order ${order.number} names a line it does not have (${JSON.stringify(ref)})`);
  }
  return index;
}

export function lineFacts(order: FixtureOrder): LineFacts[] {
  const facts: LineFacts[] = order.lineItems.map((li, index) => ({
    index,
    sku: li.sku,
    title: li.title,
    ordered: li.quantity,
    giftCard: li.giftCard === true,
    refundedUnits: 0,
    fulfilledUnits: 0,
    firstFulfilledDaysAgo: null,
  }));
  const shipped = (index: number, quantity: number, daysAgo: number) => {
    const line = facts[index]!;
    line.fulfilledUnits += quantity;
    line.firstFulfilledDaysAgo = Math.max(line.firstFulfilledDaysAgo ?? -1, daysAgo);
  };
  if (order.fulfillments) {
    for (const f of order.fulfillments) for (const u of f.lineItems) shipped(lineIndex(order, u), u.quantity, f.daysAgo);
  } else if (typeof order.fulfilledDaysAgo === 'number') {
    for (const line of facts) shipped(line.index, line.ordered, order.fulfilledDaysAgo);
  }
  for (const refund of order.refunds ?? []) {
    for (const u of refund.lineItems ?? []) facts[lineIndex(order, u)]!.refundedUnits += u.quantity;
  }
  return facts;
}

/** Units of the order that any fulfilment shipped. */
export function shippedUnits(order: FixtureOrder): number {
  return lineFacts(order).reduce((n, l) => n + l.fulfilledUnits, 0);
}

export function orderCurrency(store: Store, order: FixtureOrder): string {
  return order.currency ?? store.fixture.shop.currency;
}

/** Whether the shop's prices include tax (an order may say otherwise; docs/sandbox-money.md §2). */
export function shopTaxesIncluded(store: Store): boolean {
  return store.fixture.shop.taxesIncluded === true;
}
