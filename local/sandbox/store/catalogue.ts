// The shop's catalogue in the sandbox store: products, their variants with a price and the units in
// stock at the shop's one location (Shopify's ProductVariant.inventoryQuantity). An exchange ships
// from it (returns.ts takes the units when it is processed) and a RESTOCKED disposition puts units
// back. Seeded from the fixture's `catalogue` (fixture-returns.ts); kept in the store's snapshot.
import type { FixtureCatalogue } from '../fixture-returns.js';
import { gid } from './ids.js';
import type { StoreOrder } from './model.js';
import { toPaidMinor } from './order-rate.js';

export interface StoreVariant {
  id: string;
  productId: string;
  title: string;
  sku: string | null;
  priceMinor: number;
  /** Its price in other currencies, by currency code. */
  presentmentPricesMinor: Record<string, number>;
  available: number;
}
export interface StoreProduct {
  id: string;
  title: string;
  variantIds: string[];
}
export interface CatalogueSnapshot {
  products: StoreProduct[];
  variants: StoreVariant[];
}

export class StoreCatalogue {
  readonly products = new Map<string, StoreProduct>();
  readonly variants = new Map<string, StoreVariant>();

  constructor(fixture: FixtureCatalogue = []) {
    for (const p of fixture) {
      const productId = gid('Product', p.productId);
      this.products.set(productId, { id: productId, title: p.productTitle, variantIds: p.variants.map((v) => gid('ProductVariant', v.id)) });
      for (const v of p.variants) {
        const id = gid('ProductVariant', v.id);
        const prices = v.presentmentPricesMinor ?? {};
        this.variants.set(id, {
          id,
          productId,
          title: v.title,
          sku: v.sku ?? null,
          priceMinor: v.priceMinor,
          presentmentPricesMinor: prices,
          available: v.available,
        });
      }
    }
  }

  /** Takes units out of stock (an exchange shipped); the caller has checked there are enough. */
  take(variantId: string, quantity: number): void {
    const variant = this.variants.get(variantId);
    if (variant) variant.available = Math.max(0, variant.available - quantity);
  }

  /** Puts units back in stock (a RESTOCKED disposition); a variant the catalogue does not list is not counted. */
  put(variantId: string | undefined, quantity: number): void {
    const variant = variantId === undefined ? undefined : this.variants.get(variantId);
    if (variant) variant.available += quantity;
  }

  snapshot(): CatalogueSnapshot {
    return structuredClone({ products: [...this.products.values()], variants: [...this.variants.values()] });
  }

  /** A saved catalogue replaces the seeded one; a snapshot saved before catalogues existed keeps the fixture's. */
  restore(saved: CatalogueSnapshot | undefined): void {
    if (!saved) return;
    this.products.clear();
    this.variants.clear();
    for (const p of structuredClone(saved.products)) this.products.set(p.id, p);
    for (const v of structuredClone(saved.variants)) this.variants.set(v.id, v);
  }
}

/**
 * A variant's unit price on an order, in the shop's currency and in the one the customer paid: its
 * own price in that currency when the catalogue gives one, else its shop price at the order's rate.
 */
export function variantPriceOn(order: StoreOrder, variant: StoreVariant): { shopMinor: number; paidMinor: number } {
  const currency = order.presentmentCurrency;
  if (!currency) return { shopMinor: variant.priceMinor, paidMinor: variant.priceMinor };
  return { shopMinor: variant.priceMinor, paidMinor: variant.presentmentPricesMinor[currency] ?? toPaidMinor(order, variant.priceMinor) };
}
