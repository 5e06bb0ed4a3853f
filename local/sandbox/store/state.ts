// The sandbox store's in-memory state and its rules: seeding from a fixture (seed.ts) or restoring a
// saved snapshot, what remains refundable (the arithmetic lives in refund-rules.ts, shared with the
// unit tests' fake), and refund creation with Shopify's validation (refund-checks.ts), recording
// what the refund's lines, shipping and duties were worth (refunds.ts). The GraphQL layer (resolvers.ts)
// reads and mutates it; tests read it directly to assert what happened. Orders hold their returns
// (returns.ts makes them); the shop's catalogue of variants and stock is catalogue.ts's.
import type { Clock } from '#harness/ports.js';
import { FixtureError, type SandboxFixture } from '../fixture.js';
import { StoreCatalogue, type CatalogueSnapshot } from './catalogue.js';
import { restockOf, STORE_CREDIT_GATEWAY, storeCreditShopMinor, StoreLedgers, type LedgersSnapshot } from './credit.js';
import { paidCurrency, presentmentAmount, refundPayments } from './presentment.js';
import { askOf, refundErrors } from './refund-checks.js';
import { canonicalJson, maximumRefundableMinor, receivedMinor, refundableQuantity, refundedMinor, replayIdempotent } from './refund-rules.js';
import { lineRecords, refundFigures, shippingAndDutyRecords, type RefundFigures } from './refunds.js';
import { gid } from './ids.js';
import { seedOrder, type RefundPayment } from './seed.js';

import type { StoreLineItem, StoreTransaction, StoreRefund, StoreOrder, StoreCustomer, RefundRequest, RefundResult, IdempotentRefundResult } from './model.js';
export type {
  StoreAttribute,
  StoreLineItem,
  StoreTransaction,
  StoreRefundLine,
  StoreRefund,
  StoreFulfillment,
  StoreOrder,
  StoreCustomer,
  RefundRequest,
  UserError,
  RefundResult,
  IdempotentRefundResult,
} from './model.js';

export { gid };

/** The state as saved in a data directory (local/state-file.ts): refunds by id, so identities survive. */
export interface StoreSnapshot {
  shop: { name: string; currency: string; timeZone: string };
  customers: StoreCustomer[];
  orders: StoreOrder[];
  createdRefundIds: string[];
  idempotencyKeys: Array<{ key: string; fingerprint: string; refundId: string }>;
  nextId: number;
  /** Store credit and restocks (credit.ts); absent in files saved before they existed. */
  ledgers?: LedgersSnapshot;
  /** Variants and their stock (catalogue.ts); absent in files saved before it existed (the fixture's is kept). */
  catalogue?: CatalogueSnapshot;
}
const DAY_MS = 86_400_000;

export class SandboxStoreState {
  readonly shop: { name: string; currency: string; timeZone: string };
  readonly customers = new Map<string, StoreCustomer>();
  readonly orders: StoreOrder[] = [];
  /** Every refund ever created through refundCreate (fixture refunds excluded), in order. */
  readonly createdRefunds: StoreRefund[] = [];
  /** refundCreate's @idempotent keys: the input's fingerprint and the refund it created. */
  readonly idempotencyKeys = new Map<string, { fingerprint: string; refund: StoreRefund }>();
  /** Store credit issued by refunds and units restocked, per customer and per location (credit.ts). */
  readonly ledgers = new StoreLedgers();
  /** The shop's products and variants with their stock (catalogue.ts). */
  readonly catalogue: StoreCatalogue;
  private nextId = 900_000_001;

  constructor(
    fixture: Pick<SandboxFixture, 'shop' | 'customers' | 'orders' | 'catalogue'>,
    private readonly clock: Clock,
  ) {
    this.catalogue = new StoreCatalogue(fixture.catalogue);
    this.shop = { name: fixture.shop.name, currency: fixture.shop.currency, timeZone: fixture.shop.timeZone ?? 'UTC' };
    for (const c of fixture.customers) this.customers.set(gid('Customer', c.id), { id: gid('Customer', c.id), email: c.email, name: c.name });
    const seed = {
      shop: { currency: this.shop.currency, taxesIncluded: fixture.shop.taxesIncluded },
      isoDaysAgo: (days: number) => this.isoDaysAgo(days),
      addRefund: this.addRefund.bind(this),
    };
    for (const o of [...fixture.orders].sort((a, b) => a.number - b.number)) this.orders.push(seedOrder(o, seed));
  }

  snapshot(): StoreSnapshot {
    return structuredClone({
      shop: this.shop,
      customers: [...this.customers.values()],
      orders: this.orders,
      createdRefundIds: this.createdRefunds.map((r) => r.id),
      idempotencyKeys: [...this.idempotencyKeys].map(([key, { fingerprint, refund }]) => ({ key, fingerprint, refundId: refund.id })),
      nextId: this.nextId,
      ledgers: this.ledgers.snapshot(),
      catalogue: this.catalogue.snapshot(),
    });
  }

  /** Replaces the seeded state with a saved one (a restart on the same data directory). */
  restore(saved: StoreSnapshot): void {
    Object.assign(this.shop, saved.shop);
    this.customers.clear();
    for (const c of saved.customers) this.customers.set(c.id, c);
    this.orders.splice(0, this.orders.length, ...structuredClone(saved.orders));
    const refunds = new Map(this.orders.flatMap((o) => o.refunds).map((r) => [r.id, r]));
    const refund = (id: string): StoreRefund => {
      const found = refunds.get(id);
      if (!found) throw new FixtureError(`saved store state names refund ${id}, which no order has`);
      return found;
    };
    this.createdRefunds.splice(0, this.createdRefunds.length, ...saved.createdRefundIds.map(refund));
    this.idempotencyKeys.clear();
    for (const k of saved.idempotencyKeys) this.idempotencyKeys.set(k.key, { fingerprint: k.fingerprint, refund: refund(k.refundId) });
    this.nextId = saved.nextId;
    this.ledgers.restore(saved.ledgers);
    this.catalogue.restore(saved.catalogue);
  }

  /** A new global id of this store (gid://shopify/<type>/<n>), unique across every kind it makes. */
  mintGid(type: string): string {
    return gid(type, this.nextId++);
  }

  /** Adds an order built elsewhere (the unit tests' orders, mapped by test/support/sandbox-order.ts). */
  addOrder(order: StoreOrder): void {
    if (this.orderById(order.id)) throw new FixtureError(`order ${order.id} is already in the store`);
    this.orders.push(order);
    // Ids the store makes from now on stay unique: past every numeric id the order already holds.
    const held = [...order.transactions.map((t) => t.id), ...order.refunds.flatMap((r) => [r.id, ...r.lines.map((l) => l.id)])];
    for (const id of held) {
      const n = Number(id.split('/').at(-1));
      if (Number.isSafeInteger(n) && n >= this.nextId) this.nextId = n + 1;
    }
  }

  orderById(id: string): StoreOrder | undefined {
    return this.orders.find((o) => o.id === id);
  }

  refundableQuantity(order: StoreOrder, item: StoreLineItem): number {
    return refundableQuantity(order, item);
  }

  receivedMinor(order: StoreOrder): number {
    return receivedMinor(order);
  }

  refundedMinor(order: StoreOrder): number {
    return refundedMinor(order);
  }

  maximumRefundableMinor(order: StoreOrder): number {
    return maximumRefundableMinor(order);
  }

  fulfilledQuantity(order: StoreOrder, lineItemId: string): number {
    return order.fulfillments
      .flatMap((f) => f.lines)
      .filter((l) => l.lineItemId === lineItemId)
      .reduce((n, l) => n + l.quantity, 0);
  }

  /** Shopify's displayFulfillmentStatus, from each line's own fulfilled units. */
  fulfillmentStatus(order: StoreOrder): 'FULFILLED' | 'PARTIALLY_FULFILLED' | 'UNFULFILLED' {
    const fulfilled = order.lineItems.map((li) => this.fulfilledQuantity(order, li.id));
    if (fulfilled.every((n, i) => n >= order.lineItems[i]!.quantity)) return 'FULFILLED';
    return fulfilled.some((n) => n > 0) ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED';
  }

  /** Shopify's refundCreate rules; on any user error nothing changes. */
  createRefund(input: RefundRequest): RefundResult {
    const order = this.orderById(input.orderId);
    if (!order) return { refund: null, order: null, userErrors: [{ field: ['orderId'], message: 'Order does not exist' }] };
    // An order paid in another currency is refunded in it, and must say so (Shopify: "required for
    // orders where the currency and presentment currency differ"); amounts are in that currency.
    const currency = paidCurrency(order);
    const { errors, creditMinor } = refundErrors(order, this.customers, input, currency);
    if (errors.length > 0) return { refund: null, order, userErrors: errors };

    const createdAt = this.isoDaysAgo(0);
    const figures = refundFigures(order, askOf(input, currency));
    const worth = { shopMinor: figures.shop.worthMinor, paidMinor: figures.paid.worthMinor };
    const payments: RefundPayment[] = refundPayments(order, input, currency, worth);
    if (creditMinor > 0) {
      payments.push({
        gateway: STORE_CREDIT_GATEWAY,
        parentId: null,
        amountMinor: storeCreditShopMinor(order, worth, creditMinor),
        ...(order.presentmentCurrency ? { presentmentAmountMinor: creditMinor } : {}),
      });
    }
    const refund = this.addRefund(order, createdAt, input.note, input.refundLineItems, payments, figures);
    this.createdRefunds.push(refund);
    if (creditMinor > 0) this.ledgers.credits.push({ customerId: order.customerId, currency, amountMinor: creditMinor, refundId: refund.id, createdAt });
    for (const l of refund.lines)
      if (l.locationId) this.ledgers.restocks.push({ locationId: l.locationId, lineItemId: l.lineItemId, quantity: l.quantity, refundId: refund.id });
    return { refund, order, userErrors: [] };
  }

  /**
   * refundCreate under Shopify's @idempotent(key:): a key seen with the same parameters answers the
   * refund it created (nothing new happens), a key seen with others throws IdempotencyKeyMismatchError,
   * a new key runs createRefund and is remembered only when a refund was made. `parameters` is what
   * the key is bound to (the mutation's input as the caller sent it).
   */
  createRefundOnce(key: string, parameters: unknown, request: RefundRequest): IdempotentRefundResult {
    const replayed = replayIdempotent(this.idempotencyKeys, key, parameters);
    if (replayed) return { refund: replayed, order: this.orders.find((o) => o.refunds.includes(replayed)) ?? null, userErrors: [], replayed: true };
    const result = this.createRefund(request);
    if (result.refund) this.idempotencyKeys.set(key, { fingerprint: canonicalJson(parameters), refund: result.refund });
    return { ...result, replayed: false };
  }

  /**
   * Records a refund: its transactions (one per payment), its lines with their prorated subtotal and
   * tax (`figures`, in the order of `lines`), the shipping and duties it paid back.
   */
  private addRefund(
    order: StoreOrder,
    createdAt: string,
    note: string | null,
    lines: RefundRequest['refundLineItems'],
    payments: RefundPayment[],
    figures: RefundFigures,
  ): StoreRefund {
    const transactions = payments.map((p): StoreTransaction => ({
      id: gid('OrderTransaction', this.nextId++),
      kind: 'REFUND',
      status: 'SUCCESS',
      gateway: p.gateway,
      amountMinor: p.amountMinor,
      ...(p.presentmentAmountMinor === undefined ? {} : { presentmentAmountMinor: p.presentmentAmountMinor }),
      createdAt,
      parentId: p.parentId,
    }));
    order.transactions.push(...transactions);
    const money = lineRecords(order, figures);
    const { shippingLines, duties } = shippingAndDutyRecords(order, figures, () => gid('RefundShippingLine', this.nextId++));
    const refund: StoreRefund = {
      id: gid('Refund', this.nextId++),
      createdAt,
      note,
      lines: lines.map((l, k) => ({
        id: gid('RefundLineItem', this.nextId++),
        lineItemId: l.lineItemId,
        quantity: l.quantity,
        ...(money[k] ?? { subtotalMinor: 0 }),
        ...restockOf(l),
      })),
      amountMinor: transactions.reduce((n, t) => n + t.amountMinor, 0),
      ...(order.presentmentCurrency ? { presentmentAmountMinor: transactions.reduce((n, t) => n + presentmentAmount(t), 0) } : {}),
      transactionIds: transactions.map((t) => t.id),
      ...(shippingLines.length > 0 ? { shippingLines } : {}),
      ...(duties.length > 0 ? { duties } : {}),
    };
    order.refunds.push(refund);
    return refund;
  }

  isoDaysAgo(days: number): string {
    return new Date(this.clock.now().getTime() - days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
}
