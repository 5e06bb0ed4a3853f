// Money for people: integer minor units → "$18.00" / "18,00 €". Used by replies, the reply
// check and the approval email, so all three print an amount the same way.
const LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', de: 'de-DE', fr: 'fr-FR' };

export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney(amountMinor: number, currency: string, language = 'en'): string {
  if (!Number.isInteger(amountMinor)) throw new TypeError('amount must be integer minor units');
  const digits = minorDigits(currency);
  const major = amountMinor / 10 ** digits;
  return new Intl.NumberFormat(LOCALES[language] ?? 'en-US', { style: 'currency', currency, minimumFractionDigits: digits }).format(major);
}
