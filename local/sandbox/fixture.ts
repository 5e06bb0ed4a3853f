// The sandbox fixture format: one JSON document seeds both the sandbox store (Shopify) and the
// sandbox helpdesk. Days are relative to the injected clock at seed time, so fixtures never age.
// Read by local/sandbox/store and local/sandbox/helpdesk; the JSON Schema export is for editors.
// An order's money terms are fixture-money.ts's; the variants and stock returns need, fixture-returns.ts's.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FixtureLineMoney, FixtureOrderMoney, FixtureRefundMoney, FixtureShopMoney } from './fixture-money.js';
import { moneyTermsIssues, presentmentTwinCount, type OrderIssue } from './fixture-money-checks.js';
import { catalogueIssues, FixtureCatalogue, FixtureLineVariant } from './fixture-returns.js';
import { lineRefIndex } from './store/discounts.js';
import { earlierRefundFigures, oldestFirst } from './store/earlier-refunds.js';
import { pricedTotals, priceOrder } from './store/pricing.js';

const FixtureLineItem = z.object({
  id: z.string().regex(/^\d+$/).optional().describe('Numeric id; the GID becomes gid://shopify/LineItem/<id>'),
  title: z.string().min(1),
  sku: z.string().optional(),
  quantity: z.number().int().positive(),
  unitPriceMinor: z.number().int().nonnegative(),
  presentmentUnitPriceMinor: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("The unit price in the order's presentmentCurrency (what the customer paid); needed on every line when it is set"),
  properties: z.record(z.string(), z.string()).optional().describe('Line-item properties typed by the customer (Shopify customAttributes)'),
  giftCard: z.boolean().optional().describe('A gift card (Shopify LineItem.isGiftCard); the agent never refunds one'),
  ...FixtureLineMoney,
  ...FixtureLineVariant,
});

const FixtureAddress = z.object({
  name: z.string().min(1),
  address1: z.string().min(1),
  address2: z.string().optional(),
  city: z.string().min(1),
  province: z.string().optional(),
  zip: z.string().optional(),
  country: z.string().min(1),
});

/** Units of one of the order's lines, named by its SKU or its position in `lineItems`. */
const FixtureLineUnits = z.union([
  z.object({ sku: z.string(), quantity: z.number().int().positive() }),
  z.object({ index: z.number().int().nonnegative(), quantity: z.number().int().positive() }),
]);

const FixtureFulfillment = z.object({
  daysAgo: z.number().nonnegative(),
  deliveredDaysAgo: z.number().nonnegative().optional().describe('When the carrier reported this fulfilment delivered'),
  lineItems: z.array(FixtureLineUnits).min(1).describe('The units this fulfilment shipped'),
});

const FixtureRefund = z.object({
  daysAgo: z.number().nonnegative(),
  lineItems: z.array(FixtureLineUnits).min(1).optional().describe('The units refunded; leave out for an amount-only refund'),
  amountMinor: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('The amount paid back. Alone: an amount-only refund (goodwill, shipping). With lineItems: a partial amount instead of their price'),
  ...FixtureRefundMoney,
});

const FixturePayment = z.object({
  gateway: z.string().min(1).describe('The payment gateway as Shopify names it, e.g. "shopify_payments", "gift_card", "manual"'),
  amountMinor: z.number().int().positive(),
  presentmentAmountMinor: z.number().int().positive().optional().describe("The payment in the order's presentmentCurrency; needed when it is set"),
  kind: z
    .enum(['SALE', 'CAPTURE'])
    .optional()
    .describe('SALE (the default), or CAPTURE: a capture of an authorisation on the same gateway (several make a multi-capture order)'),
});

const FixtureOrder = z.object({
  number: z.number().int().positive(),
  customerId: z.string().regex(/^\d+$/),
  createdDaysAgo: z.number().nonnegative(),
  currency: z.string().length(3).optional().describe("Defaults to the shop's currency"),
  presentmentCurrency: z
    .string()
    .length(3)
    .optional()
    .describe("The currency the customer paid in (Shopify Markets), when not the order's; give each line's presentmentUnitPriceMinor too"),
  lineItems: z.array(FixtureLineItem).min(1),
  fulfilledDaysAgo: z
    .number()
    .nonnegative()
    .nullable()
    .optional()
    .describe('Every line fulfilled at once that many days ago, or null for unfulfilled; or give `fulfillments` instead'),
  deliveredDaysAgo: z.number().nonnegative().optional().describe('When the carrier reported delivery; needs fulfilledDaysAgo'),
  fulfillments: z.array(FixtureFulfillment).optional().describe('Partial or several fulfilments, instead of fulfilledDaysAgo'),
  note: z.string().optional(),
  attributes: z.record(z.string(), z.string()).optional().describe('Order-level storefront attributes (Shopify customAttributes)'),
  shippingAddress: FixtureAddress.optional(),
  refunds: z.array(FixtureRefund).optional(),
  payments: z
    .array(FixturePayment)
    .min(1)
    .max(8)
    .optional()
    .describe('How the order was paid, in the order the payments were made; they add up to its total. Defaults to one shopify_payments sale'),
  ...FixtureOrderMoney,
});

const FixtureCustomer = z.object({
  id: z.string().regex(/^\d+$/),
  email: z.string().email(),
  name: z.string().min(1),
  helpdeskUserId: z.string().optional(),
});

const FixtureHelpdesk = z.object({
  users: z.array(z.object({ id: z.string().min(1), email: z.string().email(), name: z.string().min(1) })),
  tickets: z.array(z.object({ id: z.string().min(1), requesterId: z.string().min(1), subject: z.string() })),
});

export const SandboxFixture = z
  .object({
    shop: z.object({
      name: z.string().min(1),
      currency: z.string().length(3),
      timeZone: z
        .string()
        .refine(isTimeZone, 'not an IANA time zone')
        .optional()
        .describe('IANA time zone of the shop (Shopify shop.ianaTimezone), e.g. "Europe/Lisbon"; defaults to "UTC"'),
      ...FixtureShopMoney,
      locale: z
        .string()
        .refine(isLocale, 'not a BCP 47 locale')
        .optional()
        .describe('BCP 47 locale people read money and times in (the store profile\'s locale), e.g. "en-GB", "de-DE"; defaults to "en-US"'),
      apiLimits: z
        .object({ maximumAvailable: z.number().int().positive(), restoreRate: z.number().int().positive() })
        .optional()
        .describe(
          "The store's GraphQL cost bucket, as its Shopify plan sets it (e.g. 2000 points restored at 100 a second on Standard): when given, every request is charged its cost from the start; absent, no throttling",
        ),
    }),
    customers: z.array(FixtureCustomer),
    orders: z.array(FixtureOrder),
    catalogue: FixtureCatalogue.optional(),
    helpdesk: FixtureHelpdesk,
  })
  .superRefine((fixture, ctx) => {
    const customers = new Set(fixture.customers.map((c) => c.id));
    const numbers = new Set<number>();
    fixture.orders.forEach((order, i) => {
      if (!customers.has(order.customerId)) {
        ctx.addIssue({ code: 'custom', path: ['orders', i, 'customerId'], message: 'unknown customer' });
      }
      if (numbers.has(order.number)) {
        ctx.addIssue({ code: 'custom', path: ['orders', i, 'number'], message: 'duplicate order number' });
      }
      numbers.add(order.number);
      for (const issue of orderIssues(order, fixture.shop)) ctx.addIssue({ code: 'custom', path: ['orders', i, ...issue.path], message: issue.message });
    });
    for (const issue of catalogueIssues(fixture)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    const users = new Set(fixture.helpdesk.users.map((u) => u.id));
    fixture.helpdesk.tickets.forEach((ticket, i) => {
      if (!users.has(ticket.requesterId)) {
        ctx.addIssue({ code: 'custom', path: ['helpdesk', 'tickets', i, 'requesterId'], message: 'unknown user' });
      }
    });
  });
export type SandboxFixture = z.infer<typeof SandboxFixture>;
export type FixtureOrder = z.infer<typeof FixtureOrder>;
export type FixtureRefund = z.infer<typeof FixtureRefund>;
export type FixtureLineUnits = z.infer<typeof FixtureLineUnits>;
export type FixturePayment = z.infer<typeof FixturePayment>;

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The position in `order.lineItems` of the line that units name, or -1 when none matches. */
export function lineIndexOf(order: Pick<FixtureOrder, 'lineItems'>, units: FixtureLineUnits): number {
  return lineRefIndex(order.lineItems, units);
}

/** The shop's money defaults an order inherits (prices include tax or not). */
export type FixtureShopTerms = Pick<SandboxFixture['shop'], 'taxesIncluded'>;

/**
 * What an earlier refund paid back: its own amount, else its units prorated, the shipping left when
 * `shipping: true` and its lines' duties when `duties: true` (docs/sandbox-money.md section 4), after
 * the refunds before it. `shop` gives the shop's taxesIncluded, for an order that does not say.
 */
export function refundAmountMinor(order: FixtureOrder, refund: FixtureRefund, shop: FixtureShopTerms = {}): number {
  const figures = earlierRefundFigures(order, priceOrder(order, shop.taxesIncluded));
  return figures.find((f) => f.refund === refund)?.amountMinor ?? refund.amountMinor ?? 0;
}

/** Refunds oldest first, as the store records them (a stable sort keeps the file's order on ties). */
export function refundsOldestFirst(order: Pick<FixtureOrder, 'refunds'>): FixtureRefund[] {
  return oldestFirst(order.refunds);
}

/** An order's own consistency: fulfilments and refunds name its lines, within what was ordered and paid. */
function orderIssues(order: FixtureOrder, shop: FixtureShopTerms): OrderIssue[] {
  const issues: OrderIssue[] = [];
  if (order.fulfillments !== undefined && order.fulfilledDaysAgo !== undefined) {
    issues.push({ path: ['fulfillments'], message: 'give fulfilledDaysAgo or fulfillments, not both' });
  }
  if (order.fulfillments === undefined && order.fulfilledDaysAgo === undefined) {
    issues.push({ path: ['fulfilledDaysAgo'], message: 'give fulfilledDaysAgo (null when unfulfilled) or fulfillments' });
  }
  if (order.fulfillments !== undefined && order.deliveredDaysAgo !== undefined) {
    issues.push({ path: ['deliveredDaysAgo'], message: 'with fulfillments, give each fulfilment its own deliveredDaysAgo' });
  }
  const units = (list: FixtureLineUnits[], path: (string | number)[], used: number[], what: string) => {
    list.forEach((u, j) => {
      const index = lineIndexOf(order, u);
      if (index < 0) return void issues.push({ path: [...path, j], message: 'unknown line item' });
      used[index] = (used[index] ?? 0) + u.quantity;
      if (used[index] > order.lineItems[index]!.quantity) {
        issues.push({ path: [...path, j, 'quantity'], message: `more units ${what} than were ordered` });
      }
    });
  };
  const fulfilled: number[] = [];
  (order.fulfillments ?? []).forEach((f, k) => {
    if (f.daysAgo > order.createdDaysAgo) issues.push({ path: ['fulfillments', k, 'daysAgo'], message: 'fulfilled before the order was placed' });
    if (f.deliveredDaysAgo !== undefined && f.deliveredDaysAgo > f.daysAgo) {
      issues.push({ path: ['fulfillments', k, 'deliveredDaysAgo'], message: 'delivered before it was fulfilled' });
    }
    units(f.lineItems, ['fulfillments', k, 'lineItems'], fulfilled, 'fulfilled');
  });
  const moneyIssues = moneyTermsIssues(order);
  issues.push(...moneyIssues);
  const pricing = priceOrder(order, shop.taxesIncluded);
  const { shopMinor: total, presentmentMinor } = pricedTotals(pricing);
  const paid = (order.payments ?? []).reduce((n, p) => n + p.amountMinor, 0);
  if (order.payments !== undefined && paid !== total) {
    issues.push({ path: ['payments'], message: `the payments add up to ${paid}, not the ${total} ${costs(order)}` });
  }
  issues.push(...presentmentIssues(order, presentmentMinor ?? 0));
  const refunded: number[] = [];
  let remaining = total;
  // Earlier refunds are priced only on terms that hold together (a discount on an unknown line would mislead them).
  const figures = moneyIssues.length === 0 ? earlierRefundFigures(order, pricing) : [];
  for (const refund of refundsOldestFirst(order)) {
    const k = (order.refunds ?? []).indexOf(refund);
    if (refund.lineItems === undefined && refund.amountMinor === undefined) {
      issues.push({ path: ['refunds', k], message: 'a refund needs lineItems, amountMinor or both' });
      continue;
    }
    if (refund.lineItems === undefined && refund.amountMinor === 0) {
      issues.push({ path: ['refunds', k, 'amountMinor'], message: 'an amount-only refund pays back more than 0' });
    }
    units(refund.lineItems ?? [], ['refunds', k, 'lineItems'], refunded, 'refunded');
    const amount = figures.find((f) => f.refund === refund)?.amountMinor ?? refund.amountMinor ?? 0;
    if (amount > remaining) {
      issues.push({ path: ['refunds', k, 'amountMinor'], message: `refunds ${amount}, more than the ${remaining} the order still has` });
    }
    remaining -= Math.min(amount, remaining);
  }
  return issues;
}

/** What the order total is made of, for a message: its lines alone, or its lines with their money terms. */
function costs(order: FixtureOrder): string {
  const terms = [order.discounts?.length, order.taxLines?.length, order.shippingLines?.length, order.tipMinor, ...order.lineItems.map((li) => li.dutyMinor)];
  return terms.some((t) => t !== undefined && t !== 0) ? 'the order costs (lines after discounts, tax, shipping, duties, tip)' : 'the lines cost';
}

/**
 * A presentment currency other than the order's, with a price on every line and a presentment figure
 * on every payment that add up to the order's presentment total; presentment figures only with one.
 */
function presentmentIssues(order: FixtureOrder, presentmentTotal: number): OrderIssue[] {
  const issues: OrderIssue[] = [];
  const priced = order.lineItems.filter((li) => li.presentmentUnitPriceMinor !== undefined).length;
  const withPresentment = (order.payments ?? []).filter((p) => p.presentmentAmountMinor !== undefined).length;
  if (order.presentmentCurrency === undefined) {
    if (priced > 0 || withPresentment > 0 || presentmentTwinCount(order) > 0) {
      issues.push({ path: ['presentmentCurrency'], message: 'presentment prices need a presentmentCurrency' });
    }
    return issues;
  }
  if (order.presentmentCurrency === order.currency) issues.push({ path: ['presentmentCurrency'], message: "leave it out when it is the order's currency" });
  if (priced !== order.lineItems.length) issues.push({ path: ['lineItems'], message: 'every line needs a presentmentUnitPriceMinor' });
  if (order.payments !== undefined) {
    const paid = order.payments.reduce((n, p) => n + (p.presentmentAmountMinor ?? 0), 0);
    if (withPresentment !== order.payments.length || paid !== presentmentTotal) {
      issues.push({ path: ['payments'], message: `every payment needs a presentmentAmountMinor, adding up to the ${presentmentTotal} ${costs(order)}` });
    }
  }
  return issues;
}

export class FixtureError extends Error {
  override readonly name = 'FixtureError';
}

export function parseFixture(value: unknown, source = 'fixture'): SandboxFixture {
  const parsed = SandboxFixture.safeParse(value);
  if (!parsed.success) throw new FixtureError(`${source} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Synchronous on purpose: read once at start-up (local runtime, test set-up). */
export function loadFixture(path: string): SandboxFixture {
  return parseFixture(JSON.parse(readFileSync(path, 'utf8')), path);
}

export function demoFixture(): SandboxFixture {
  return loadFixture(new URL('./demo-store.json', import.meta.url).pathname);
}

/**
 * JSON Schema of the fixture, committed as store-fixture.schema.json (for editors) and checked
 * against this schema by test/unit/mcp/fixture.test.ts; after a change, write
 * `JSON.stringify(fixtureJsonSchema(), null, 2)` there. The cross-field rules (orderIssues) are zod's only.
 */
export function fixtureJsonSchema(): unknown {
  return z.toJSONSchema(SandboxFixture, { io: 'input' });
}
