// The sandbox store's in-memory state and its rules: seeding from a fixture (or restoring a saved
// snapshot), what remains refundable (the arithmetic lives in refund-rules.ts, shared with the unit
// tests' fake), and refund creation with Shopify's validation. The GraphQL layer (resolvers.ts)
// reads and mutates it; tests read it directly to assert what happened.
import type { Clock } from '#harness/ports.js';
import { decimalToMinor, MoneyFormatError } from '#shared/money.js';
import { FixtureError, lineIndexOf, refundAmountMinor, refundsOldestFirst, type FixtureLineUnits, type FixtureOrder, type SandboxFixture } from '../fixture.js';
import { checkRefundTransactions, isPayment, paymentTransactions, splitAcrossPayments } from './payments.js';
import {
  linePresentmentMinor,
  paidCurrency,
  presentmentAmount,
  presentmentMaximumRefundableMinor,
  presentmentShareMinor,
  refundPayments,
} from './presentment.js';
import { checkStoreCreditAndRestock, restockOf, STORE_CREDIT_GATEWAY, storeCreditShopMinor, StoreLedgers, type LedgersSnapshot } from './credit.js';
import { canonicalJson, maximumRefundableMinor, receivedMinor, refundableQuantity, refundedMinor, replayIdempotent } from './refund-rules.js';

import type {
  StoreAttribute,
  StoreLineItem,
  StoreTransaction,
  StoreRefund,
  StoreFulfillment,
  StoreOrder,
  StoreCustomer,
  RefundRequest,
  UserError,
  RefundResult,
  IdempotentRefundResult,
} from './model.js';
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

const attributes = (record: Record<string, string> | undefined): StoreAttribute[] => Object.entries(record ?? {}).map(([key, value]) => ({ key, value }));

/** Shopify's MailingAddress.formatted: the printed lines of an address. */
function formatAddress(a: NonNullable<FixtureOrder['shippingAddress']>): string[] {
  const cityLine = [a.city, a.province, a.zip].filter((part) => part !== undefined && part !== '').join(' ');
  return [a.name, a.address1, a.address2, cityLine, a.country].filter((line): line is string => line !== undefined && line !== '');
}

export const gid = (type: string, id: string | number): string => `gid://shopify/${type}/${id}`;

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
  private nextId = 900_000_001;

  constructor(
    fixture: Pick<SandboxFixture, 'shop' | 'customers' | 'orders'>,
    private readonly clock: Clock,
  ) {
    this.shop = { name: fixture.shop.name, currency: fixture.shop.currency, timeZone: fixture.shop.timeZone ?? 'UTC' };
    for (const c of fixture.customers) this.customers.set(gid('Customer', c.id), { id: gid('Customer', c.id), email: c.email, name: c.name });
    for (const o of [...fixture.orders].sort((a, b) => a.number - b.number)) this.orders.push(this.seedOrder(o));
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
    const { errors, creditMinor } = this.refundErrors(order, input, currency);
    if (errors.length > 0) return { refund: null, order, userErrors: errors };

    const createdAt = this.isoDaysAgo(0);
    const payments = refundPayments(order, input, currency);
    if (creditMinor > 0) {
      const shop = storeCreditShopMinor(order, input.refundLineItems, creditMinor);
      payments.push({
        gateway: STORE_CREDIT_GATEWAY,
        parentId: null,
        amountMinor: shop,
        ...(order.presentmentCurrency ? { presentmentAmountMinor: creditMinor } : {}),
      });
    }
    const refund = this.addRefund(order, createdAt, input.note, input.refundLineItems, payments);
    this.createdRefunds.push(refund);
    if (creditMinor > 0) this.ledgers.credits.push({ customerId: order.customerId, currency, amountMinor: creditMinor, refundId: refund.id, createdAt });
    for (const l of refund.lines)
      if (l.locationId) this.ledgers.restocks.push({ locationId: l.locationId, lineItemId: l.lineItemId, quantity: l.quantity, refundId: refund.id });
    return { refund, order, userErrors: [] };
  }

  /** The user errors refundCreate answers for this request (none: it may be made), and the store credit it asks for. */
  private refundErrors(order: StoreOrder, input: RefundRequest, currency: string): { errors: UserError[]; creditMinor: number } {
    const errors: UserError[] = [];
    if (order.presentmentCurrency ? input.currency !== currency : input.currency !== null && input.currency !== order.currency) {
      errors.push({ field: ['currency'], message: `Currency must be the presentment currency of the order (${currency})` });
    }
    input.refundLineItems.forEach((line, i) => {
      const item = order.lineItems.find((li) => li.id === line.lineItemId);
      if (!item) errors.push({ field: ['refundLineItems', String(i), 'lineItemId'], message: 'Line item does not exist' });
      else if (line.quantity < 1 || line.quantity > this.refundableQuantity(order, item)) {
        errors.push({ field: ['refundLineItems', String(i), 'quantity'], message: 'Quantity cannot refund more items than were purchased' });
      }
    });
    let amountMinor = 0;
    input.transactions.forEach((t, i) => {
      const parent = order.transactions.find((p) => p.id === t.parentId && isPayment(p));
      if (!parent || t.orderId !== order.id) {
        errors.push({ field: ['transactions'], message: 'Transactions require a parent_id associated with the order' });
      }
      if (t.kind !== 'REFUND') errors.push({ field: ['transactions', String(i), 'kind'], message: 'Kind must be refund' });
      try {
        const minor = decimalToMinor(t.amount, currency);
        if (minor <= 0) errors.push({ field: ['transactions', String(i), 'amount'], message: 'Amount must be greater than 0' });
        amountMinor += minor;
      } catch (error) {
        if (!(error instanceof MoneyFormatError)) throw error;
        errors.push({ field: ['transactions', String(i), 'amount'], message: 'Amount is invalid' });
      }
    });
    const { errors: creditErrors, creditMinor } = checkStoreCreditAndRestock(order, this.customers, input, currency);
    errors.push(...creditErrors);
    amountMinor += creditMinor;
    if (errors.length === 0 && amountMinor > presentmentMaximumRefundableMinor(order)) {
      errors.push({ field: ['transactions', '0', 'amount'], message: 'Amount cannot be greater than the refundable amount' });
    }
    // Within the order's remainder, each payment is refunded at most what it has left.
    if (errors.length === 0) {
      const paid = input.transactions.map((t) => ({ parentId: t.parentId, gateway: t.gateway, amountMinor: decimalToMinor(t.amount, currency) }));
      for (const e of checkRefundTransactions(order, paid, presentmentAmount))
        errors.push({ field: ['transactions', String(e.index), e.field], message: e.message });
    }
    return { errors, creditMinor };
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

  private addRefund(
    order: StoreOrder,
    createdAt: string,
    note: string | null,
    lines: RefundRequest['refundLineItems'],
    payments: { gateway: string; parentId: string | null; amountMinor: number; presentmentAmountMinor?: number }[],
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
    const refund: StoreRefund = {
      id: gid('Refund', this.nextId++),
      createdAt,
      note,
      lines: lines.map((l) => {
        const unit = order.lineItems.find((li) => li.id === l.lineItemId)?.unitPriceMinor ?? 0;
        return { id: gid('RefundLineItem', this.nextId++), lineItemId: l.lineItemId, quantity: l.quantity, subtotalMinor: unit * l.quantity, ...restockOf(l) };
      }),
      amountMinor: transactions.reduce((n, t) => n + t.amountMinor, 0),
      ...(order.presentmentCurrency ? { presentmentAmountMinor: transactions.reduce((n, t) => n + presentmentAmount(t), 0) } : {}),
      transactionIds: transactions.map((t) => t.id),
    };
    order.refunds.push(refund);
    return refund;
  }

  isoDaysAgo(days: number): string {
    return new Date(this.clock.now().getTime() - days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  private seedOrder(o: FixtureOrder): StoreOrder {
    const currency = o.currency ?? this.shop.currency;
    const id = gid('Order', o.number);
    const lineItems = o.lineItems.map((li, i): StoreLineItem => ({
      id: gid('LineItem', li.id ?? `${o.number}${String(i + 1).padStart(2, '0')}`),
      title: li.title,
      sku: li.sku ?? null,
      quantity: li.quantity,
      unitPriceMinor: li.unitPriceMinor,
      ...(li.presentmentUnitPriceMinor === undefined ? {} : { presentmentUnitPriceMinor: li.presentmentUnitPriceMinor }),
      customAttributes: attributes(li.properties),
      giftCard: li.giftCard ?? false,
    }));
    const lineOf = lineFinder(o, lineItems);
    const createdAt = this.isoDaysAgo(o.createdDaysAgo);
    const price = lineItems.reduce((n, li) => n + li.unitPriceMinor * li.quantity, 0);
    const presentment = o.presentmentCurrency ? { presentmentAmountMinor: lineItems.reduce((n, li) => n + linePresentmentMinor(li) * li.quantity, 0) } : {};
    const order: StoreOrder = {
      id,
      name: `#${o.number}`,
      createdAt,
      currency,
      ...(o.presentmentCurrency ? { presentmentCurrency: o.presentmentCurrency } : {}),
      customerId: gid('Customer', o.customerId),
      note: o.note ?? null,
      customAttributes: attributes(o.attributes),
      shippingAddress: o.shippingAddress ? formatAddress(o.shippingAddress) : null,
      lineItems,
      transactions: paymentTransactions(o.payments ?? [{ gateway: 'shopify_payments', amountMinor: price, ...presentment }], createdAt, (suffix) =>
        gid('OrderTransaction', `${o.number}${suffix}`),
      ),
      refunds: [],
      fulfillments: [],
    };
    order.fulfillments = this.seedFulfillments(o, lineItems, lineOf);
    this.seedRefunds(o, order, lineOf);
    return order;
  }

  /** The fixture order's fulfillments: listed one by one, or all its lines at once `fulfilledDaysAgo`, or none. */
  private seedFulfillments(o: FixtureOrder, lineItems: StoreLineItem[], lineOf: (units: FixtureLineUnits) => StoreLineItem): StoreFulfillment[] {
    if (o.fulfillments) {
      return o.fulfillments.map((f, k): StoreFulfillment => ({
        id: gid('Fulfillment', `${o.number}${k + 1}`),
        createdAt: this.isoDaysAgo(f.daysAgo),
        deliveredAt: f.deliveredDaysAgo === undefined ? null : this.isoDaysAgo(f.deliveredDaysAgo),
        lines: f.lineItems.map((units, j) => ({
          id: gid('FulfillmentLineItem', `${o.number}${k + 1}${String(j + 1).padStart(2, '0')}`),
          lineItemId: lineOf(units).id,
          quantity: units.quantity,
        })),
      }));
    } else if (typeof o.fulfilledDaysAgo === 'number') {
      return [
        {
          id: gid('Fulfillment', `${o.number}1`),
          createdAt: this.isoDaysAgo(o.fulfilledDaysAgo),
          deliveredAt: o.deliveredDaysAgo === undefined ? null : this.isoDaysAgo(o.deliveredDaysAgo),
          lines: lineItems.map((li, i) => ({ id: gid('FulfillmentLineItem', `${o.number}${i + 1}`), lineItemId: li.id, quantity: li.quantity })),
        },
      ];
    }
    return [];
  }

  /** The fixture order's earlier refunds, oldest first, made on the seeded order. */
  private seedRefunds(o: FixtureOrder, order: StoreOrder, lineOf: (units: FixtureLineUnits) => StoreLineItem): void {
    for (const r of refundsOldestFirst(o)) {
      const lines = (r.lineItems ?? []).map((units) => ({ lineItemId: lineOf(units).id, quantity: units.quantity }));
      const amountMinor = refundAmountMinor(o, r);
      // Split across the payments as a refund made now would be; one that pays nothing back (units only) leaves no transaction, as in Shopify.
      const shares = splitAcrossPayments(order, amountMinor).filter((p) => p.amountMinor > 0);
      const payments = shares.map((p) => {
        const paid = presentmentShareMinor(order, p.payment, p.amountMinor);
        return {
          gateway: p.payment.gateway,
          parentId: p.payment.id,
          amountMinor: p.amountMinor,
          ...(paid === undefined ? {} : { presentmentAmountMinor: paid }),
        };
      });
      this.addRefund(order, this.isoDaysAgo(r.daysAgo), null, lines, payments);
    }
  }
}

/** The seeded line a fixture's units name (by SKU or index); an unknown one is a fixture error. */
function lineFinder(o: FixtureOrder, lineItems: StoreLineItem[]): (units: FixtureLineUnits) => StoreLineItem {
  return (units) => {
    const item = lineItems[lineIndexOf(o, units)];
    if (!item) throw new FixtureError(`order ${o.number}: names an unknown line item`);
    return item;
  };
}
