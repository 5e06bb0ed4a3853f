// Which order a ticket binds to, checked in code: a named order must be in the customer's words;
// when other order numbers are mentioned too, a quote of the customer must tie the request to one.
import { describe, expect, it } from 'vitest';
import { checkBinding, orderNumbersIn, RULES } from '#harness/policy/index.js';

const reading = (orderNumber: string | null, orderQuote: string | null = null, orderNumbersMentioned: string[] = []) => ({
  orderNumber,
  orderQuote,
  orderNumbersMentioned,
});

describe("order numbers in the customer's words", () => {
  it.each([
    ['My order #1042 arrived cracked', ['1042']],
    ['pedido nº 2044 llegó roto; el pedido 998 estaba bien', ['2044', '998']],
    ['Bestellung Nr. 3001', ['3001']],
    ['commande n° 4410', ['4410']],
    ['I paid 2500 dollars on 2026-10-01', []],
  ])('%s → %j', (text, expected) => {
    expect(orderNumbersIn(text)).toEqual(expected);
  });
});

describe('binding a run to the order the request is about', () => {
  const long = 'Hello! Last year order #998 was lovely. This time my order #1042 arrived with a cracked bowl, please refund it.';

  it('binds to the one named order', () => {
    expect(checkBinding(reading('1042'), ['Order #1042: the bowl is cracked'])).toMatchObject({ kind: 'named', orderNumber: '1042', binding: 'named' });
  });

  it('binds when other orders are mentioned in passing and a grounded quote ties the request to one', () => {
    const verdict = checkBinding(reading('1042', 'my order #1042 arrived with a cracked bowl', ['998', '1042']), [long]);
    expect(verdict).toMatchObject({ kind: 'named', orderNumber: '1042', binding: 'quoted', otherNumbers: ['998'] });
  });

  it.each([
    ['no quote', reading('1042', null, ['998', '1042'])],
    ['a quote the customer did not write', reading('1042', 'order #1042 is the one to refund', ['998', '1042'])],
    ['a quote that names both orders', reading('1042', 'order #998 was lovely. This time my order #1042 arrived', ['998', '1042'])],
    ['a quote that does not name the order', reading('1042', 'arrived with a cracked bowl', ['998', '1042'])],
  ])('lets a person pick with %s', (_name, triage) => {
    expect(checkBinding(triage, [long])).toMatchObject({ kind: 'refuse', rule: RULES.orderQuoteNotGrounded });
  });

  it('finds the other order numbers itself, whatever the reading lists', () => {
    expect(checkBinding(reading('1042', null, ['1042']), [long])).toMatchObject({ kind: 'refuse', rule: RULES.orderQuoteNotGrounded });
  });

  it("refuses an order number that is not in the customer's words", () => {
    expect(checkBinding(reading('7777'), ['my bowl arrived cracked'])).toMatchObject({ kind: 'refuse', rule: RULES.orderNotInCustomerText });
  });

  it('looks the order up only when the words name none', () => {
    expect(checkBinding(reading(null), ['my bowl arrived cracked'])).toEqual({ kind: 'unnamed' });
    expect(checkBinding(reading(null), [long])).toMatchObject({ kind: 'refuse', rule: RULES.severalOrdersUnbound });
  });
});
