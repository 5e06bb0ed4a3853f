// Amounts a customer writes, read to compare with the record (never money to move): a figure needs a
// currency mark or two decimals; an order number or a count is no amount.
import { describe, expect, it } from 'vitest';
import { figureToMinor, statedAmountsMinor } from '#harness/policy/stated-money.js';

describe('amounts a customer states', () => {
  it('reads a mark before or after the figure, in the ways six languages write them', () => {
    expect(statedAmountsMinor('where is my $39 refund')).toEqual([3900]);
    expect(statedAmountsMinor('me devolvieron 39,50 € y no lo veo')).toEqual([3950]);
    expect(statedAmountsMinor('Erstattung von 1.299,00 EUR')).toEqual([129900]);
    expect(statedAmountsMinor('remboursement de 18 euros')).toEqual([1800]);
    expect(statedAmountsMinor('USD 1,299.99 please')).toEqual([129999]);
    expect(statedAmountsMinor('reembolso de R$ 39,00')).toEqual([3900]);
    expect(statedAmountsMinor('terugbetaling van €12,5')).toEqual([1250]);
  });

  it('reads a bare figure only with two decimals, and never an order number, a count or a date', () => {
    expect(statedAmountsMinor('the refund of 62.00 on order 1042')).toEqual([6200]);
    expect(statedAmountsMinor('order #1042, 3 mugs, refunded on 30.11.2026')).toEqual([]);
  });

  it('turns figures into minor units by their last separator', () => {
    expect(figureToMinor('1.299,00')).toBe(129900);
    expect(figureToMinor('1,299.5')).toBe(129950);
    expect(figureToMinor('39')).toBe(3900);
    expect(figureToMinor('12345678901')).toBeNull();
  });
});
