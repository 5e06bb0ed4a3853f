// The one money module (shared/money.ts), as a spec: how many decimals a currency has (ISO 4217, as
// Shopify's amounts carry them), Shopify's decimal strings read exactly into integer minor units and
// written back, and amounts printed for people with the same table's digits.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, formatMoneyInLocale, minorDigits, minorToDecimal, MoneyFormatError, supportedLocale } from '#shared/money.js';

/** Intl spaces amounts with no-break spaces ("HUF\u00a01,500"); compare them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('digits of a currency’s minor unit (ISO 4217)', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['HUF', 2],
    ['IDR', 2],
    ['COP', 2],
    ['PKR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['CLP', 0],
    ['ISK', 0],
    ['VND', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
    ['IQD', 3],
    ['LYD', 3],
    ['CLF', 4],
  ] as const)('%s has %i', (currency, digits) => {
    expect(minorDigits(currency)).toBe(digits);
  });

  it('has at least the decimals Intl prints for every currency Intl knows, so an amount is never printed rounded', () => {
    const short = Intl.supportedValuesOf('currency').filter(
      (currency) => (new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2) > minorDigits(currency),
    );

    expect(short).toEqual([]);
  });

  it('reads a lower-case code as its currency, and an unknown code as two decimals', () => {
    expect(minorDigits('jpy')).toBe(0);
    expect(minorDigits('XYZ')).toBe(2);
  });
});

describe("Shopify's decimal strings read as integer minor units", () => {
  it.each([
    ['32.57', 'USD', 3257],
    ['55.0', 'USD', 5500],
    ['0.1', 'USD', 10],
    ['2997.11', 'USD', 299_711],
    ['1500.00', 'HUF', 150_000],
    ['1500.0', 'HUF', 150_000],
    ['1500.5', 'HUF', 150_050],
    ['500', 'JPY', 500],
    ['500.0', 'JPY', 500],
    ['12.345', 'KWD', 12_345],
    ['1.005', 'KWD', 1005],
    ['0.5', 'BHD', 500],
    ['1.2345', 'CLF', 12_345],
    ['-2.50', 'USD', -250],
    ['-0.00', 'USD', 0],
    [' 18.00 ', 'USD', 1800],
  ] as const)('"%s" %s is %i', (amount, currency, minor) => {
    expect(decimalToMinor(amount, currency)).toBe(minor);
  });

  it('does not drift where float math would (0.29 * 100 is 28.999…)', () => {
    expect(decimalToMinor('0.29', 'USD')).toBe(29);
    expect(decimalToMinor('1.15', 'EUR')).toBe(115);
    expect(decimalToMinor('19.99', 'GBP')).toBe(1999);
  });

  it.each([
    ['1.001', 'USD'],
    ['1500.001', 'HUF'],
    ['5.5', 'JPY'],
    ['500.01', 'JPY'],
    ['12.3456', 'KWD'],
    ['1.23456', 'CLF'],
  ] as const)('refuses "%s" %s: more precision than the currency has', (amount, currency) => {
    expect(() => decimalToMinor(amount, currency)).toThrow(MoneyFormatError);
  });

  it.each(['1e3', '', '12,50', '$12.50', '1.2.3', '.5', '--1', 'NaN'])('refuses %j: not a decimal amount', (amount) => {
    expect(() => decimalToMinor(amount, 'USD')).toThrow(MoneyFormatError);
  });

  it('refuses an amount beyond the integers a number holds exactly', () => {
    expect(() => decimalToMinor('99999999999999999.00', 'USD')).toThrow(/out of range/);
  });

  it("reads every shopMoney amount of Shopify's own responses and writes it back as Shopify wrote it", () => {
    const fixture: unknown = JSON.parse(readFileSync(new URL('../mcp/fixtures/shopify-gladly.json', import.meta.url), 'utf8'));
    const moneys: Array<{ amount: string; currencyCode: string }> = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (typeof record.amount === 'string' && typeof record.currencyCode === 'string')
          moneys.push({ amount: record.amount, currencyCode: record.currencyCode });
        Object.values(record).forEach(walk);
      }
    };
    walk(fixture);

    expect(moneys.length).toBeGreaterThan(5);
    for (const { amount, currencyCode } of moneys) {
      const minor = decimalToMinor(amount, currencyCode);
      expect(Number(minorToDecimal(minor, currencyCode))).toBe(Number(amount));
    }
    expect(moneys.map((m) => decimalToMinor(m.amount, m.currencyCode))).toContain(299_711);
  });
});

describe('integer minor units written as the decimal strings Shopify expects', () => {
  it.each([
    [1800, 'USD', '18.00'],
    [5, 'USD', '0.05'],
    [-250, 'USD', '-2.50'],
    [150_000, 'HUF', '1500.00'],
    [500, 'JPY', '500'],
    [1005, 'KWD', '1.005'],
    [5, 'KWD', '0.005'],
    [12_345, 'CLF', '1.2345'],
  ] as const)('%i %s is "%s"', (minor, currency, decimal) => {
    expect(minorToDecimal(minor, currency)).toBe(decimal);
  });

  it('refuses what is not integer minor units', () => {
    expect(() => minorToDecimal(1.5, 'USD')).toThrow(MoneyFormatError);
    expect(() => minorToDecimal(Number.NaN, 'USD')).toThrow(MoneyFormatError);
  });

  it.each(['USD', 'HUF', 'JPY', 'KWD', 'CLF'])('round-trips a range of %s amounts, negative ones included', (currency) => {
    for (let minor = -3000; minor < 3000; minor += 7) expect(decimalToMinor(minorToDecimal(minor, currency), currency)).toBe(minor);
  });
});

describe('an amount printed for people', () => {
  it.each([
    [1800, 'USD', '$18.00'],
    [6200, 'USD', '$62.00'],
    [150_000, 'HUF', 'HUF 1,500'],
    [150_050, 'HUF', 'HUF 1,500.50'],
    [150_005, 'HUF', 'HUF 1,500.05'],
    [500, 'JPY', '¥500'],
    [390_000, 'JPY', '¥390,000'],
    [1500, 'BHD', 'BHD 1.500'],
    [12_345, 'KWD', 'KWD 12.345'],
    [1_500_000, 'IQD', 'IQD 1,500'],
    [1_500_250, 'IQD', 'IQD 1,500.250'],
    [-250, 'USD', '-$2.50'],
  ] as const)('%i %s reads "%s"', (minor, currency, printed) => {
    expect(plain(formatMoney(minor, currency))).toBe(printed);
  });

  it('prints in a reply language or a full locale', () => {
    expect(plain(formatMoney(6200, 'EUR', 'de'))).toBe('62,00 €');
    expect(plain(formatMoney(150_000, 'HUF', 'de'))).toBe('1.500 HUF');
    expect(plain(formatMoneyInLocale(150_000, 'HUF', 'hu-HU'))).toBe('1500 Ft');
    expect(plain(formatMoneyInLocale(1_250_000, 'HUF', 'hu-HU'))).toBe('12 500 Ft');
    expect(plain(formatMoneyInLocale(150_050, 'HUF', 'hu-HU'))).toBe('1500,50 Ft');
    expect(plain(formatMoneyInLocale(500, 'JPY', 'ja-JP'))).toBe('￥500');
    expect(plain(formatMoneyInLocale(6200, 'EUR', 'fr-FR'))).toBe('62,00 €');
  });

  it('prints exactly, beyond what a float holds to the cent', () => {
    expect(formatMoney(9_007_199_254_740_991, 'USD')).toBe('$90,071,992,547,409.91');
  });

  it('reads an unknown language or locale as en-US, and refuses what is not integer minor units', () => {
    expect(formatMoney(1800, 'USD', 'xx')).toBe('$18.00');
    expect(formatMoneyInLocale(6200, 'USD', 'not a locale')).toBe('$62.00');
    expect(supportedLocale('not a locale')).toBe('en-US');
    expect(supportedLocale('de-DE')).toBe('de-DE');
    expect(() => formatMoney(18.5, 'USD')).toThrow(MoneyFormatError);
  });

  it('prints what Shopify sent: "1500.00" HUF reads "HUF 1,500", never "HUF 150,000"', () => {
    const printed = plain(formatMoney(decimalToMinor('1500.00', 'HUF'), 'HUF'));

    expect(printed).toBe('HUF 1,500');
    expect(printed).not.toContain('150,000');
  });
});
