// Journal details are bounded and redacted: credentials never reach a row, but a model provider's
// request and message ids do, so a model call can be traced to the provider's logs.
import { describe, expect, it } from 'vitest';
import { boundDetail } from '#harness/gateway/journal-detail.js';

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
