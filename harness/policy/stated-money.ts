// Amounts a customer writes ("$39", "39.00 €", "USD 39,50", "39 euros"), read as minor units of a
// two-decimal currency. Used only to compare a figure the customer expects with the store's record:
// a figure read here is never money the product moves. A bare number ("order 1042", "3 mugs") is no
// amount: it needs a currency mark or two decimals. Linear: one pass of a bounded regular expression.

const MARK = String.raw`(?:US\$|CA\$|A\$|AU\$|NZ\$|\$|€|£|usd|eur|gbp|cad|aud|dollars?|euros?|pounds?|dólares|dolares|euro)`;
const FIGURE = String.raw`\d{1,3}(?:[.,\u00a0 ]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNT = new RegExp(String.raw`(?:${MARK})\s?(${FIGURE})|(${FIGURE})\s?(?:${MARK})|(?<![\d.,])(\d+[.,]\d{2})(?![\d.,])`, 'giu');

/** "1.299,00" / "1,299.00" / "39,5" → minor units; the last separator followed by one or two digits is the decimal one. */
export function figureToMinor(figure: string): number | null {
  const compact = figure.replace(/[\u00a0 ]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  if (!/^\d{1,9}$/.test(whole)) return null;
  const cents = decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0;
  return Number(whole) * 100 + cents;
}

/** Every amount the text states, in minor units of a two-decimal currency, in order. */
export function statedAmountsMinor(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const minor = figureToMinor(m[1] ?? m[2] ?? m[3] ?? '');
    if (minor !== null && minor > 0) found.push(minor);
  }
  return found;
}
