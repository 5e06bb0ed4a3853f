// The shop's catalogue as the checker reads it from the fixture (`catalogue`, docs/sandbox-returns.md
// "The fixture"): each variant with its product, price and units in stock, found by SKU or by id, and
// the variant an order's line says it is. Read here from the fixture's own fields, not through the
// sandbox store's catalogue.
import type { FixtureOrder, SandboxFixture } from '#local/sandbox/fixture.js';
import { GoldenDataError } from './errors.js';

export interface Variant {
  id: string;
  productId: string;
  sku: string | undefined;
  title: string;
  priceMinor: number;
  available: number;
}

export interface Catalogue {
  bySku(sku: string): Variant | undefined;
  /** The variant an order line names (its `variantId`), when the catalogue lists it as of the line's product. */
  ofLine(order: FixtureOrder, index: number): Variant | undefined;
  variants: readonly Variant[];
}

export function readCatalogue(fixture: SandboxFixture): Catalogue {
  const variants: Variant[] = (fixture.catalogue ?? []).flatMap((p) =>
    p.variants.map((v) => ({ id: v.id, productId: p.productId, sku: v.sku, title: v.title, priceMinor: v.priceMinor, available: v.available })),
  );
  const bySku = new Map<string, Variant>();
  for (const v of variants) {
    if (v.sku === undefined) continue;
    if (bySku.has(v.sku)) throw new GoldenDataError(`the catalogue has SKU ${v.sku} on two variants; an exchange names its variant by SKU`);
    bySku.set(v.sku, v);
  }
  const byId = new Map(variants.map((v) => [v.id, v]));
  return {
    bySku: (sku) => bySku.get(sku),
    ofLine(order, index) {
      const line = order.lineItems[index];
      const variant = line?.variantId === undefined ? undefined : byId.get(line.variantId);
      return variant && variant.productId === line?.productId ? variant : undefined;
    },
    variants,
  };
}
