// Journal details are bounded and redacted: credentials never reach a row, but a model provider's
// request and message ids do, so a model call can be traced to the provider's logs. A tool's result
// is summed up in one line of ids, counts, statuses and amounts.
import { describe, expect, it } from 'vitest';
import { boundDetail, summarizeToolOutput } from '#harness/gateway/journal-detail.js';

describe('a journal row detail', () => {
  it.each([
    ['stop end_turn, request req_011CUBmVdJUsyjKbd5tBDw1Z', 'req_011CUBmVdJUsyjKbd5tBDw1Z'],
    ['message msg_01XFDUDYJgAACzvnptvVoYELmsg01XFDUDYJgAACzvnptvV', 'msg_01XFDUDYJgAACzvnptvVoYELmsg01XFDUDYJgAACzvnptvV'],
    ['tool call toolu_01A09q90qw90lq917835lq9', 'toolu_01A09q90qw90lq917835lq9'],
  ])('keeps a provider id: %s', (text, id) => {
    expect(boundDetail(text)).toContain(id);
  });

  it.each([
    ['key sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['token shpat_0123456789abcdef0123456789abcdef', 'shpat_0123456789abcdef0123456789abcdef'],
    ['opaque AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd'],
    ['write ana@example.com', 'ana@example.com'],
    ['a reqs_not_a_request_id_0123456789', 'reqs_not_a_request_id_0123456789'],
  ])('redacts what looks like a credential or contact data: %s', (text, secret) => {
    expect(boundDetail(text)).not.toContain(secret);
  });
});

describe('a returns tool result in the journal', () => {
  const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
  const ret = {
    returnId: 'gid://shopify/Return/1',
    name: '#5001-R1',
    orderId: 'gid://shopify/Order/5001',
    status: 'OPEN',
    fee: usd(500),
    lineItems: [{ note: 'run-1 of ana@example.com' }],
    exchangeLineItems: [],
  };

  it('says which return was opened on which order, its lines and fee, and nothing of its notes', () => {
    const line = summarizeToolOutput('open_return', { return: ret });
    expect(line).toBe('return gid://shopify/Return/1 opened on order gid://shopify/Order/5001: 1 lines, fee $5.00');
  });

  it('counts the returns read with their statuses, and says what a processing refunded', () => {
    expect(summarizeToolOutput('get_returns', { orderId: ret.orderId, returns: [ret, { ...ret, status: 'CLOSED' }] })).toBe(
      '2 returns on order gid://shopify/Order/5001 (OPEN, CLOSED)',
    );
    expect(
      summarizeToolOutput('process_return', { return: { ...ret, status: 'OPEN' }, refund: { refundId: 'gid://shopify/Refund/9', amount: usd(2900) } }),
    ).toBe('return gid://shopify/Return/1 processed, now OPEN: refund gid://shopify/Refund/9: $29.00');
    expect(summarizeToolOutput('process_return', { return: { ...ret, status: 'CLOSED' }, refund: null })).toMatch(/now CLOSED: no refund$/);
    expect(summarizeToolOutput('cancel_return', { returnId: ret.returnId, status: 'CANCELED' })).toBe('return gid://shopify/Return/1: CANCELED');
  });
});
