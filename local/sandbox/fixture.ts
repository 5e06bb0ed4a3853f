// The sandbox fixture format: one JSON document seeds both the sandbox store (Shopify) and the
// sandbox helpdesk. Days are relative to the injected clock at seed time, so fixtures never age.
// Read by local/sandbox/store and local/sandbox/helpdesk; the JSON Schema export is for editors.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const FixtureLineItem = z.object({
  id: z.string().regex(/^\d+$/).optional().describe('Numeric id; the GID becomes gid://shopify/LineItem/<id>'),
  title: z.string().min(1),
  sku: z.string().optional(),
  quantity: z.number().int().positive(),
  unitPriceMinor: z.number().int().nonnegative(),
  properties: z.record(z.string(), z.string()).optional().describe('Line-item properties typed by the customer (Shopify customAttributes)'),
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

const FixtureRefund = z.object({
  daysAgo: z.number().nonnegative(),
  lineItems: z
    .array(
      z.union([
        z.object({ sku: z.string(), quantity: z.number().int().positive() }),
        z.object({ index: z.number().int().nonnegative(), quantity: z.number().int().positive() }),
      ]),
    )
    .min(1),
});

const FixtureOrder = z.object({
  number: z.number().int().positive(),
  customerId: z.string().regex(/^\d+$/),
  createdDaysAgo: z.number().nonnegative(),
  currency: z.string().length(3).optional().describe("Defaults to the shop's currency"),
  lineItems: z.array(FixtureLineItem).min(1),
  fulfilledDaysAgo: z.number().nonnegative().nullable(),
  deliveredDaysAgo: z.number().nonnegative().optional().describe('When the carrier reported delivery; needs fulfilledDaysAgo'),
  note: z.string().optional(),
  attributes: z.record(z.string(), z.string()).optional().describe('Order-level storefront attributes (Shopify customAttributes)'),
  shippingAddress: FixtureAddress.optional(),
  refunds: z.array(FixtureRefund).optional(),
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
    shop: z.object({ name: z.string().min(1), currency: z.string().length(3) }),
    customers: z.array(FixtureCustomer),
    orders: z.array(FixtureOrder),
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
    });
    const users = new Set(fixture.helpdesk.users.map((u) => u.id));
    fixture.helpdesk.tickets.forEach((ticket, i) => {
      if (!users.has(ticket.requesterId)) {
        ctx.addIssue({ code: 'custom', path: ['helpdesk', 'tickets', i, 'requesterId'], message: 'unknown user' });
      }
    });
  });
export type SandboxFixture = z.infer<typeof SandboxFixture>;
export type FixtureOrder = z.infer<typeof FixtureOrder>;

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

/** JSON Schema of the fixture (written to store-fixture.schema.json by the schema test). */
export function fixtureJsonSchema(): unknown {
  return z.toJSONSchema(SandboxFixture, { io: 'input' });
}
