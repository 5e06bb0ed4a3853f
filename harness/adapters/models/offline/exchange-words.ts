// The offline order agent's reading of an exchange: a replacement asked for a line whose product the
// store sells in other variants, where the customer's words hold an option of one of them that the
// variant bought does not have ("could I swap it for a large": "Large / White" against "Medium /
// White"). The words cited are that option as the customer wrote it; code picks the variant from them
// (harness/policy/exchanges.ts). Read from the order facts' variant titles, not from a word list.
import type { OrderFacts } from '../../../domain/types.js';
import { normalizeForMatch, tokens } from '../../../policy/grounding/text.js';
import { holdsOption, optionsOf, saidWords } from '../../../policy/exchanges.js';

type Line = OrderFacts['lineItems'][number];

/** The customer's words naming another variant's option of this line, or null when they name none. */
export function exchangeWordsOf(line: Line | undefined, texts: readonly string[]): string | null {
  if (!line?.variant || !line.variants?.length) return null;
  const ownOptions = optionsOf(line.variant.title);
  const others = line.variants
    .filter((v) => v.id !== line.variant!.id)
    .flatMap((v) => optionsOf(v.title))
    .filter((o) => !ownOptions.some((own) => JSON.stringify(own) === JSON.stringify(o)));
  for (const text of texts) {
    const words = tokens(normalizeForMatch(text));
    // Each word that alone names another variant's option; the span from the first to the last of them, a few words at most.
    const hits = words.flatMap((_, i) => {
      const said = saidWords(words.slice(Math.max(0, i - 1), i + 1).join(' '));
      const here = saidWords(words[i]!).length > 0 ? said : [];
      return others.some((o) => holdsOption(here, o) && !holdsOption(saidWords(words.slice(Math.max(0, i - 1), i).join(' ')), o)) ? [i] : [];
    });
    const first = hits[0];
    if (first === undefined) continue;
    const last = Math.max(...hits.filter((i) => i - first < SPAN));
    return words.slice(first, last + 1).join(' ');
  }
  return null;
}

/** The most words an exchange's cited words span. */
const SPAN = 8;
