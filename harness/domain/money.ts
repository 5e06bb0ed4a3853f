// Money for people: integer minor units → "$18.00" / "18,00 €". Used by replies, the reply
// check and the approval email (in the store's locale), so all three print an amount the same way.
const LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', de: 'de-DE', fr: 'fr-FR' };

export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney(amountMinor: number, currency: string, language = 'en'): string {
  return formatMoneyInLocale(amountMinor, currency, LOCALES[language] ?? 'en-US');
}

/** The same, in a full BCP 47 locale (the store's, e.g. "de-DE" → "62,00 €"); an unknown locale reads as en-US. */
export function formatMoneyInLocale(amountMinor: number, currency: string, locale: string): string {
  if (!Number.isInteger(amountMinor)) throw new TypeError('amount must be integer minor units');
  const digits = minorDigits(currency);
  const major = amountMinor / 10 ** digits;
  return new Intl.NumberFormat(supportedLocale(locale), { style: 'currency', currency, minimumFractionDigits: digits }).format(major);
}

/** `locale` when Intl can use it, else en-US (a typo in a tenant setting never breaks an email). */
export function supportedLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}
