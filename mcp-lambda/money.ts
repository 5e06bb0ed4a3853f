// Exact conversion between Shopify's decimal strings ("32.57", "55.0") and integer minor units,
// by string arithmetic only (no float math). Used by the Shopify adapter and the sandbox store.

/** ISO 4217 currencies whose minor unit is not 1/100. */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
}

/** "32.57" USD → 3257. Refuses values with more fractional precision than the currency has. */
export function decimalToMinor(amount: string, currency: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new MoneyFormatError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = minorDigits(currency);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) {
    throw new MoneyFormatError(`${amount} has more precision than ${currency} allows`);
  }
  const minor = Number(BigInt(whole + significant.padEnd(digits, '0')));
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`${amount} is out of range`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** 3257 USD → "32.57"; 500 JPY → "500". */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`not an integer minor amount: ${minor}`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor));
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
