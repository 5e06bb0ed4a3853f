// The currencies and money-looking tokens a drafted reply holds: what the reply check (reply.ts) and
// the escalation's holding reply look for beside the amounts the facts gave.
const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY', '₪': 'ILS' };
const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));

/** Currencies a text names: ISO codes, unambiguous symbols, and '$' (any dollar) as its own mark. */
export function currenciesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const [, code] of text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) if (code && ISO_CODES.has(code)) found.add(code);
  for (const [symbol, code] of Object.entries(SYMBOLS)) if (text.includes(symbol)) found.add(code);
  if (text.includes('$')) found.add('$');
  return found;
}

/**
 * Money-looking tokens: a currency mark next to a number, either side. The number's inner run is
 * bounded (no amount is 40 characters long): unbounded, a long run of digits with no currency mark
 * is rescanned from every digit, which is quadratic in the draft's length.
 */
const MONEY =
  /(?:[$€£¥₹₩₽₺₪]|(?<![A-Za-z])[A-Z]{3}(?![A-Za-z]))\s?\d[\d.,' ]{0,40}\d|\d(?:[\d.,' ]{0,40}\d)?\s?(?:[$€£¥₹₩₽₺₪]|(?<![A-Za-z])[A-Z]{3}(?![A-Za-z]))/gu;

/** The money-looking tokens of a text, trimmed ("SKU 1234" is not money: SKU is no currency). */
export function moneyTokensIn(text: string): string[] {
  return (text.match(MONEY) ?? []).map((m) => m.trim()).filter((m) => [...m.matchAll(/[A-Z]{3}/g)].every(([code]) => ISO_CODES.has(code)));
}
