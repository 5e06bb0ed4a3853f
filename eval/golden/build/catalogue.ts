// The home-goods catalogue the golden fixture's orders draw from: SKU → title and unit price in
// minor units (the same figures serve USD and EUR orders). An order may override a price (a sale).
// The products that come in sizes or colours (VARIANT_PRODUCTS) are also the fixture's `catalogue`:
// their variants with the units in stock an exchange ships from (0: out of stock; otherwise more than
// the whole set could ask for, so no ticket's exchange empties another's). Their SKUs are their own:
// the orders of the first categories name none of them, so those orders name no variant.
export interface Product {
  title: string;
  priceMinor: number;
  giftCard?: true;
}

const HOME_GOODS: Record<string, Product> = {
  'MUG-STONE': { title: 'Stoneware mug', priceMinor: 1800 },
  'MUG-ENAMEL': { title: 'Enamel camp mug', priceMinor: 1400 },
  'MUG-HANDMADE': { title: 'Handmade stoneware mug', priceMinor: 2000 },
  'MUG-SET4': { title: 'Speckled mug set (set of 4)', priceMinor: 5600 },
  'BOWL-CER': { title: 'Ceramic cereal bowl', priceMinor: 1500 },
  'BOWL-SALAD': { title: 'Acacia salad bowl', priceMinor: 4200 },
  'BOWL-NEST': { title: 'Nesting mixing bowls (set of 3)', priceMinor: 3800 },
  'PLATE-DINNER': { title: 'Stoneware dinner plate', priceMinor: 1600 },
  'PLATE-SERVE': { title: 'Glazed serving platter', priceMinor: 4800 },
  'FRAME-OAK': { title: 'Oak photo frame 8x10', priceMinor: 2600 },
  'FRAME-BRASS': { title: 'Brass photo frame 5x7', priceMinor: 1900 },
  'FRAME-GALLERY': { title: 'Gallery wall frame set (6)', priceMinor: 8900 },
  'GLASS-TUMBLER': { title: 'Tumbler glasses (set of 4)', priceMinor: 3400 },
  'GLASS-WINE': { title: 'Wine glasses (pair)', priceMinor: 2800 },
  'GLASS-HIGHBALL': { title: 'Ribbed highball glass', priceMinor: 900 },
  'LAMP-DESK': { title: 'Linen desk lamp', priceMinor: 7900 },
  'LAMP-CERAMIC': { title: 'Ceramic table lamp', priceMinor: 12500 },
  'LAMP-CLIP': { title: 'Clip-on reading lamp', priceMinor: 2100 },
  'LAMP-BULB': { title: 'Filament bulb E27', priceMinor: 700 },
  'BOARD-WALNUT': { title: 'Walnut cutting board', priceMinor: 5400 },
  'BOARD-BAMBOO': { title: 'Bamboo cutting board', priceMinor: 2200 },
  'BOARD-MARBLE': { title: 'Marble cheese board', priceMinor: 3600 },
  'KETTLE-GOOSE': { title: 'Gooseneck electric kettle', priceMinor: 6900 },
  'KETTLE-STEEL': { title: 'Stovetop whistling kettle', priceMinor: 4500 },
  'ESPRESSO-PRO': { title: 'Espresso machine', priceMinor: 34900 },
  'GRINDER-BURR': { title: 'Burr coffee grinder', priceMinor: 12900 },
  'TEAPOT-CAST': { title: 'Cast-iron teapot', priceMinor: 3900 },
  'CARAFE-GLASS': { title: 'Glass carafe 1 L', priceMinor: 2500 },
  'VASE-BUD': { title: 'Glass bud vase', priceMinor: 1200 },
  'VASE-CERAMIC': { title: 'Ceramic vase', priceMinor: 3200 },
  'CANDLE-SOY': { title: 'Soy candle', priceMinor: 1600 },
  'NAPKIN-LINEN': { title: 'Linen napkins (set of 4)', priceMinor: 2200 },
  'TOWEL-TEA': { title: 'Tea towels (pair)', priceMinor: 1300 },
  'COASTER-CORK': { title: 'Cork coasters (set of 6)', priceMinor: 900 },
  'TRIVET-IRON': { title: 'Cast-iron trivet', priceMinor: 1700 },
  'SPOON-OLIVE': { title: 'Olive wood spoon', priceMinor: 900 },
  'GIFT-25': { title: 'Gift card 25', priceMinor: 2500, giftCard: true },
  'GIFT-50': { title: 'Gift card 50', priceMinor: 5000, giftCard: true },
  'GIFT-100': { title: 'Gift card 100', priceMinor: 10000, giftCard: true },
};

interface VariantSpec {
  id: string;
  title: string;
  sku: string;
  priceMinor: number;
  available: number;
}
export interface VariantProduct {
  productId: string;
  title: string;
  variants: VariantSpec[];
}

const IN_STOCK = 25;
const v = (id: string, title: string, sku: string, priceMinor: number, available = IN_STOCK): VariantSpec => ({ id, title, sku, priceMinor, available });

export const VARIANT_PRODUCTS: VariantProduct[] = [
  {
    productId: '8601',
    title: 'Linen apron',
    variants: [
      v('86011', 'S/M / Natural', 'APRON-SM-NATURAL', 3200),
      v('86012', 'L/XL / Natural', 'APRON-LXL-NATURAL', 3200),
      v('86013', 'S/M / Charcoal', 'APRON-SM-CHARCOAL', 3200),
      v('86014', 'L/XL / Charcoal', 'APRON-LXL-CHARCOAL', 3200, 0),
    ],
  },
  {
    productId: '8602',
    title: 'Linen sleep shirt',
    variants: [
      v('86021', 'S / White', 'SHIRT-S-WHITE', 3800),
      v('86022', 'M / White', 'SHIRT-M-WHITE', 3800),
      v('86023', 'L / White', 'SHIRT-L-WHITE', 3800),
      v('86024', 'M / Sage', 'SHIRT-M-SAGE', 3800),
      v('86025', 'L / Sage', 'SHIRT-L-SAGE', 3800, 0),
    ],
  },
  {
    productId: '8603',
    title: 'Washed linen duvet cover',
    variants: [v('86031', 'Twin', 'DUVET-TWIN', 5500), v('86032', 'Queen', 'DUVET-QUEEN', 11900), v('86033', 'King', 'DUVET-KING', 12900)],
  },
  {
    productId: '8604',
    title: 'Oak picture frame',
    variants: [v('86041', '5x7', 'FRAME-OAK-5X7', 1900), v('86042', '8x10', 'FRAME-OAK-8X10', 2600), v('86043', '11x14', 'FRAME-OAK-11X14', 3400)],
  },
  {
    productId: '8605',
    title: 'Enamel mug',
    variants: [v('86051', 'White', 'ENAMEL-WHITE', 1400), v('86052', 'Blue', 'ENAMEL-BLUE', 1400), v('86053', 'Green', 'ENAMEL-GREEN', 1400, 0)],
  },
  {
    productId: '8606',
    title: 'Speckled stoneware mug',
    variants: [v('86061', 'Oat', 'MUG-SPECKLE-OAT', 1800), v('86062', 'Clay', 'MUG-SPECKLE-CLAY', 1800)],
  },
  {
    productId: '8607',
    title: 'Ceramic table lamp',
    variants: [v('86071', 'Sand', 'LAMP-TABLE-SAND', 4600), v('86072', 'White', 'LAMP-TABLE-WHITE', 4600)],
  },
  {
    productId: '8608',
    title: 'Wool throw',
    variants: [v('86081', 'Oatmeal', 'THROW-OAT', 6900), v('86082', 'Slate', 'THROW-SLATE', 6900)],
  },
  {
    productId: '8609',
    title: 'Linen napkins (set of 4)',
    variants: [v('86091', 'Natural', 'NAPKIN-NATURAL', 2200), v('86092', 'Rust', 'NAPKIN-RUST', 2200), v('86093', 'Navy', 'NAPKIN-NAVY', 2200, 0)],
  },
  {
    productId: '8610',
    title: 'Hand-thrown vase',
    variants: [v('86101', 'Sand', 'VASE-HT-SAND', 3200, 0), v('86102', 'White', 'VASE-HT-WHITE', 3200)],
  },
];

/** A variant's product and variant ids, by SKU. */
export const VARIANT_OF_SKU = new Map(VARIANT_PRODUCTS.flatMap((p) => p.variants.map((x) => [x.sku, { productId: p.productId, variantId: x.id }] as const)));

/** Every SKU an order may name: the home goods and each variant, under its product's title. */
export const CATALOGUE: Record<string, Product> = { ...HOME_GOODS };
for (const p of VARIANT_PRODUCTS) {
  for (const x of p.variants) {
    if (CATALOGUE[x.sku]) throw new Error(`variant SKU ${x.sku} is already a catalogue SKU`);
    CATALOGUE[x.sku] = { title: p.title, priceMinor: x.priceMinor };
  }
}

/** The fixture's `catalogue` (local/sandbox/fixture-returns.ts). */
export function fixtureCatalogue() {
  return VARIANT_PRODUCTS.map((p) => ({ productId: p.productId, productTitle: p.title, variants: p.variants.map((x) => ({ ...x })) }));
}
