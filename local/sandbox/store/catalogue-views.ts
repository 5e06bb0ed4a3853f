// The sandbox store's ProductVariant and Product views: a catalogue variant with its price and stock,
// and the variant an order line names when the catalogue does not list it (its own title, SKU and
// price, no stock known). LineItem.variant and .product (line-views.ts), Query.productVariant and
// Query.product (return-resolvers.ts) are built from them.
import { minorToDecimal } from '#shared/money.js';
import type { StoreProduct, StoreVariant } from './catalogue.js';
import type { StoreLineItem, StoreOrder } from './model.js';
import type { SandboxStoreState } from './state.js';
import { connection, type Args } from './view-kit.js';

type VariantFacts = Pick<StoreVariant, 'id' | 'title' | 'sku' | 'priceMinor'> & { available: number | null };
type ProductFacts = { id: string; title: string; variants: () => VariantFacts[] };

function variantView(state: SandboxStoreState, v: VariantFacts, product: ProductFacts): Record<string, unknown> {
  return {
    id: v.id,
    title: v.title,
    displayName: `${product.title} - ${v.title}`,
    sku: v.sku,
    price: minorToDecimal(v.priceMinor, state.shop.currency),
    inventoryQuantity: v.available,
    availableForSale: v.available === null || v.available > 0,
    product: () => productView(state, product),
  };
}

function productView(state: SandboxStoreState, p: ProductFacts): Record<string, unknown> {
  return {
    id: p.id,
    title: p.title,
    variants: (args: Args) =>
      connection(
        p.variants().map((v) => variantView(state, v, p)),
        args,
        'ProductVariant',
      ),
  };
}

const catalogued = (state: SandboxStoreState, p: StoreProduct): ProductFacts => ({
  id: p.id,
  title: p.title,
  variants: () => p.variantIds.flatMap((id) => state.catalogue.variants.get(id) ?? []),
});

/** A line's own facts, for a variant the catalogue does not list: one variant, stock unknown. */
const ofLine = (li: StoreLineItem): { product: ProductFacts; variant: VariantFacts | null } => {
  const variant = li.variantId
    ? { id: li.variantId, title: li.variantTitle ?? 'Default Title', sku: li.sku, priceMinor: li.unitPriceMinor, available: null }
    : null;
  return { product: { id: li.productId ?? '', title: li.title, variants: () => (variant ? [variant] : []) }, variant };
};

/** LineItem.variant: the catalogue's variant, else the line's own. */
export function lineVariantView(state: SandboxStoreState, li: StoreLineItem): Record<string, unknown> | null {
  const listed = li.variantId ? state.catalogue.variants.get(li.variantId) : undefined;
  const product = listed && state.catalogue.products.get(listed.productId);
  if (listed && product) return variantView(state, listed, catalogued(state, product));
  const own = ofLine(li);
  return own.variant ? variantView(state, own.variant, own.product) : null;
}

/** LineItem.product: the catalogue's product, else the line's own. */
export function lineProductView(state: SandboxStoreState, li: StoreLineItem): Record<string, unknown> | null {
  if (!li.productId) return null;
  const listed = state.catalogue.products.get(li.productId);
  return productView(state, listed ? catalogued(state, listed) : ofLine(li).product);
}

const linesOf = (orders: readonly StoreOrder[]) => orders.flatMap((o) => [...o.lineItems, ...(o.addedLineItems ?? [])]);

/** Query.productVariant(id:): the catalogue's, else the first order line naming it. */
export function productVariantById(state: SandboxStoreState, id: string): Record<string, unknown> | null {
  const listed = state.catalogue.variants.get(id);
  const product = listed && state.catalogue.products.get(listed.productId);
  if (listed && product) return variantView(state, listed, catalogued(state, product));
  const line = linesOf(state.orders).find((li) => li.variantId === id);
  return line ? lineVariantView(state, line) : null;
}

/** Query.product(id:): the catalogue's, else the first order line naming it. */
export function productById(state: SandboxStoreState, id: string): Record<string, unknown> | null {
  const listed = state.catalogue.products.get(id);
  if (listed) return productView(state, catalogued(state, listed));
  const line = linesOf(state.orders).find((li) => li.productId === id);
  return line ? lineProductView(state, line) : null;
}
