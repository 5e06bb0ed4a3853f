// The words by which a customer names each line of an order, from its title: the stems no other
// line shares, the product word a line alone has, and the stems that say another line is meant. Pure.
import type { OrderFacts } from '../../domain/types.js';
import { GENERIC_TITLE_WORDS, MATERIAL_WORDS, TITLE_CONNECTORS } from './lexicon.js';
import { modifierMaterialStems, productWord, stem, titleStems } from './text.js';

/** Stems of each line's title that no other line of the order shares. */
export function distinctiveStems(order: OrderFacts): Map<string, string[]> {
  const all = order.lineItems.map((l) => ({ id: l.id, stems: titleStems(l.title, GENERIC_TITLE_WORDS) }));
  const count = new Map<string, number>();
  for (const { stems } of all) for (const s of stems) count.set(s, (count.get(s) ?? 0) + 1);
  return new Map(all.map(({ id, stems }) => [id, stems.filter((s) => count.get(s) === 1)]));
}

/** Each line's product-word stem (text.ts productWord), kept where no other line's title has the same product word. */
export function productStems(order: OrderFacts): Map<string, string> {
  const all = order.lineItems.flatMap((l) => {
    const word = productWord(l.title, TITLE_CONNECTORS, GENERIC_TITLE_WORDS);
    return word === undefined ? [] : [[l.id, stem(word)] as const];
  });
  return new Map(all.filter(([id, s]) => all.every(([other, t]) => other === id || t !== s)));
}

/**
 * The stems by which the customer names a line when the question is whether they speak of *another*
 * line than the one claimed: without the material words beside its product word ("glass" of "Glass
 * bud vase" is the frames' broken glass as often as the vase), unless nothing else is left.
 */
export function namingStems(order: OrderFacts, stems: Map<string, string[]>): Map<string, string[]> {
  return new Map(
    order.lineItems.map((l) => {
      const own = stems.get(l.id) ?? [];
      const modifiers = modifierMaterialStems(l.title, MATERIAL_WORDS, TITLE_CONNECTORS, GENERIC_TITLE_WORDS);
      // A size ("8x10") names no line on its own: with only a size left, the material words name it.
      const naming = own.filter((s) => !modifiers.has(s) && !/\d/.test(s));
      return [l.id, naming.length > 0 ? naming : own];
    }),
  );
}
