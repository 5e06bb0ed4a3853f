import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal, MoneyFormatError } from '#mcp/money.js';

describe('money conversion', () => {
  it('reads Shopify decimal strings as exact minor units', () => {
    expect(decimalToMinor('32.57', 'USD')).toBe(3257);
    expect(decimalToMinor('55.0', 'USD')).toBe(5500);
    expect(decimalToMinor('0.1', 'USD')).toBe(10);
    expect(decimalToMinor('2997.11', 'USD')).toBe(299_711);
    expect(decimalToMinor('1.005', 'KWD')).toBe(1005);
    expect(decimalToMinor('500', 'JPY')).toBe(500);
    expect(decimalToMinor('500.0', 'JPY')).toBe(500);
  });

  it('does not drift where float math would (0.29 * 100 is 28.999…)', () => {
    expect(decimalToMinor('0.29', 'USD')).toBe(29);
    expect(decimalToMinor('1.15', 'EUR')).toBe(115);
    expect(decimalToMinor('19.99', 'GBP')).toBe(1999);
  });

  it('refuses amounts finer than the currency allows, and non-numbers', () => {
    expect(() => decimalToMinor('1.001', 'USD')).toThrow(MoneyFormatError);
    expect(() => decimalToMinor('5.5', 'JPY')).toThrow(MoneyFormatError);
    expect(() => decimalToMinor('1e3', 'USD')).toThrow(MoneyFormatError);
    expect(() => decimalToMinor('', 'USD')).toThrow(MoneyFormatError);
  });

  it('writes minor units back as the decimal strings Shopify expects', () => {
    expect(minorToDecimal(1800, 'USD')).toBe('18.00');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(500, 'JPY')).toBe('500');
    expect(minorToDecimal(1005, 'KWD')).toBe('1.005');
    expect(minorToDecimal(-250, 'USD')).toBe('-2.50');
    expect(() => minorToDecimal(1.5, 'USD')).toThrow(MoneyFormatError);
  });

  it('round-trips every cent of a range', () => {
    for (let minor = 0; minor < 3000; minor += 7) expect(decimalToMinor(minorToDecimal(minor, 'USD'), 'USD')).toBe(minor);
  });
});
