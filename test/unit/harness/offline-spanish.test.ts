// The offline double's Spanish replies contract "de el" into "del", as Spanish does.
import { describe, expect, it } from 'vitest';
import { deEs } from '#harness/adapters/models/offline/spanish.js';

describe('Spanish "de" before an order', () => {
  it('contracts with "el": "del pedido #1002"', () => {
    expect(deEs('el pedido #1002')).toBe('del pedido #1002');
  });
  it('stays "de" before any other word: "de su pedido"', () => {
    expect(deEs('su pedido')).toBe('de su pedido');
    expect(deEs('la taza')).toBe('de la taza');
  });
});
