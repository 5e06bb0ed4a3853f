// The home-goods catalogue the golden fixture's orders draw from: SKU → title and unit price in
// minor units (the same figures serve USD and EUR orders). An order may override a price (a sale).
export interface Product {
  title: string;
  priceMinor: number;
  giftCard?: true;
}

export const CATALOGUE: Record<string, Product> = {
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
