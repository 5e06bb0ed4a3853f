// The one money module: how many minor units a currency has, exact conversion between Shopify's
// decimal strings and integer minor units, and an amount printed for people. One table (ISO 4217,
// the exponents Shopify's own amounts use: "1500.00" HUF) serves every part, so the Shopify adapter,
// the sandbox store, the store webhook, the reply check and every page divide by the same digits.
// Intl's table (CLDR) differs for some currencies (HUF, IDR, COP: 0 digits), which once made "1500.00"
// HUF 150000 units in one part and "HUF 150,000" in another. Intl is used only to print.

/** ISO 4217 currencies whose minor unit is not 1/100 (every other code has 2 digits). */
const ISO_4217_MINOR_DIGITS: Readonly<Record<string, number>> = {
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
  UYI: 0,
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
  CLF: 4,
  UYW: 4,
};

/** Digits of the currency's minor unit: 2 for USD and HUF, 0 for JPY, 3 for KWD, 4 for CLF. */
export function minorDigits(currency: string): number {
  return ISO_4217_MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** An amount that is not a decimal string, is finer than its currency, or is not integer minor units. */
export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
}

/** "32.57" USD → 3257, "1500.00" HUF → 150000, "500.0" JPY → 500. Refuses more precision than the currency has. */
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

/** 3257 USD → "32.57"; 150000 HUF → "1500.00"; 500 JPY → "500" (the strings Shopify reads). */
/**
 * A decimal amount as a store or webhook sends it → integer minor units, or null when it is no amount
 * of the currency ("1500.00" HUF → 150000, "500" JPY → 500, "12.345" USD → null).
 */
export function decimalToMinorOrNull(amount: string, currency: string): number | null {
  try {
    return decimalToMinor(amount, currency);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
}

export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`not an integer minor amount: ${minor}`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor));
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const LOCALES: Readonly<Record<string, string>> = { en: 'en-US', es: 'es-ES', de: 'de-DE', fr: 'fr-FR', pt: 'pt-PT', it: 'it-IT', nl: 'nl-NL' };

/** The decimals Intl prints for the currency (CLDR: HUF 0, USD 2), for display only. */
function displayedDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return minorDigits(currency);
  }
}

/** Integer minor units → "$18.00" / "HUF 1,500" / "¥500", in a reply language ("en", "de"…). */
export function formatMoney(amountMinor: number, currency: string, language = 'en'): string {
  return formatMoneyInLocale(amountMinor, currency, LOCALES[language] ?? 'en-US');
}

/**
 * The same, in a full BCP 47 locale (the store's, e.g. "de-DE" → "62,00 €"); an unknown locale reads
 * as en-US. Printed with the decimals Intl gives the currency ("HUF 1,500"), but never hiding a
 * fraction that is there ("HUF 1,500.50"). The number goes to Intl as an exact decimal string.
 */
export function formatMoneyInLocale(amountMinor: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new MoneyFormatError(`amount must be integer minor units: ${amountMinor}`);
  const digits = minorDigits(currency);
  const shown = displayedDigits(currency);
  const fits = shown >= digits || amountMinor % 10 ** (digits - shown) === 0;
  const fraction = fits ? shown : digits;
  const format = new Intl.NumberFormat(supportedLocale(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  });
  return format.format(minorToDecimal(amountMinor, currency) as `${number}`);
}

/** `locale` when Intl can use it, else en-US (a typo in a tenant setting never breaks an email). */
export function supportedLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}
