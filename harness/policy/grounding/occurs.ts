// Does a quote occur in the customer's text, compared in the grounding normal form (case, width,
// accents, invisible characters and punctuation do not count; the words and their order do)?
import { normalizeForMatch, tokens } from './text.js';
import { containsWords } from './words.js';

export function quoteOccursIn(quote: string, customerText: readonly string[]): boolean {
  const needle = tokens(normalizeForMatch(quote));
  return needle.length > 0 && containsWords(tokens(normalizeForMatch(customerText.join('\n'))), needle);
}
