// What a fixture says so that returns and exchanges can happen in the sandbox store: which product and
// variant an order's line is (Shopify's LineItem.product and LineItem.variant), and the shop's
// catalogue of variants with the units in stock an exchange ships from. Both optional: a fixture
// without them has lines with no variant and a shop that can take returns but ship no exchange.
// The consistency rules zod's field types cannot say alone (unique ids, a line's variant belonging to
// its product) are here too, each naming its field. docs/sandbox-returns.md describes the model.
import { z } from 'zod';

const NumericId = (what: string) => z.string().regex(/^\d+$/).describe(`Numeric id; the GID becomes gid://shopify/${what}/<id>`);

/** The fields a fixture line item may add: the product and variant it is. */
export const FixtureLineVariant = {
  productId: NumericId('Product').optional().describe('The product the line is (Shopify LineItem.product); the GID becomes gid://shopify/Product/<id>'),
  variantId: NumericId('ProductVariant')
    .optional()
    .describe('The variant the line is (Shopify LineItem.variant), e.g. the "Large / Blue" one; needs productId. Its stock comes from the catalogue'),
  variantTitle: z
    .string()
    .min(1)
    .optional()
    .describe('The variant\'s title, e.g. "Large / Blue" (Shopify LineItem.variantTitle); defaults to the catalogue\'s'),
};

const FixtureVariant = z.object({
  id: NumericId('ProductVariant'),
  title: z.string().min(1).describe('e.g. "Large / Blue"'),
  sku: z.string().min(1).optional(),
  priceMinor: z.number().int().nonnegative().describe("The variant's price in the shop's currency (what an exchange of it is worth)"),
  presentmentPricesMinor: z
    .record(z.string().length(3), z.number().int().nonnegative())
    .optional()
    .describe(
      'Its price in other currencies, by currency code (e.g. { "EUR": 2700 }), for an exchange on an order paid in one; else converted at the order\'s rate',
    ),
  available: z.number().int().nonnegative().describe("Units in stock at the shop's location (Shopify inventoryQuantity): an exchange needs them"),
});

const FixtureProduct = z.object({
  productId: NumericId('Product'),
  productTitle: z.string().min(1),
  variants: z.array(FixtureVariant).min(1),
});

/** The shop's catalogue: products with their variants, prices and stock. */
export const FixtureCatalogue = z
  .array(FixtureProduct)
  .describe('Products and their variants with prices and units in stock: what an exchange can ship (another size or colour)');
export type FixtureCatalogue = z.infer<typeof FixtureCatalogue>;

export type CatalogueIssue = { path: (string | number)[]; message: string };

/** What these rules read of a fixture (a SandboxFixture is one). */
export interface CatalogueFixture {
  catalogue?: FixtureCatalogue | undefined;
  orders: readonly { lineItems: readonly { productId?: string | undefined; variantId?: string | undefined }[] }[];
}

/** Unique product and variant ids, and each order line's variant with its product (and the catalogue's product when it lists the variant). */
export function catalogueIssues(fixture: CatalogueFixture): CatalogueIssue[] {
  const issues: CatalogueIssue[] = [];
  const productOfVariant = new Map<string, string>();
  const products = new Set<string>();
  (fixture.catalogue ?? []).forEach((product, i) => {
    if (products.has(product.productId)) issues.push({ path: ['catalogue', i, 'productId'], message: 'duplicate product id' });
    products.add(product.productId);
    product.variants.forEach((variant, j) => {
      if (productOfVariant.has(variant.id)) issues.push({ path: ['catalogue', i, 'variants', j, 'id'], message: 'duplicate variant id' });
      productOfVariant.set(variant.id, product.productId);
    });
  });
  fixture.orders.forEach((order, i) =>
    order.lineItems.forEach((line, j) => {
      const at = (field: string) => ['orders', i, 'lineItems', j, field];
      if (line.variantId === undefined) return;
      if (line.productId === undefined) return void issues.push({ path: at('productId'), message: 'a line with a variantId needs its productId' });
      const listed = productOfVariant.get(line.variantId);
      if (listed !== undefined && listed !== line.productId) {
        issues.push({ path: at('productId'), message: `variant ${line.variantId} belongs to product ${listed} in the catalogue, not ${line.productId}` });
      }
    }),
  );
  return issues;
}

/** The currencies the catalogue prices variants in, beside the shop's (the store serves only some). */
export const catalogueCurrencies = (catalogue: FixtureCatalogue | undefined): string[] =>
  (catalogue ?? []).flatMap((p) => p.variants.flatMap((v) => Object.keys(v.presentmentPricesMinor ?? {})));
