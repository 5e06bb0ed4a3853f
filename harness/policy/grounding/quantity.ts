// The quantity a quote states for a line: "three of the four bowls" → 3, "both" → 2, "all four"
// → 4, "a pair" → 2, "2 mugs" → 2, "all of them" → every unit, nothing said → null.
// Numbers that count days, weeks or money, and numbers of 100 or more (order numbers), are not
// quantities.
import { ALL_WORDS, EXCLUSION_MARKERS, NUMBER_WORDS, PART_OF_WORDS } from './lexicon.js';
import { phraseIn, phraseTokens } from './words.js';

const EXCLUSIONS = phraseTokens(EXCLUSION_MARKERS);
import { stem } from './text.js';

export type StatedQuantity = { kind: 'count'; count: number } | { kind: 'all' } | { kind: 'allBut'; except: number } | null;

const NOT_COUNTED = new Set([
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'hour',
  'hours',
  'minute',
  'minutes',
  'dia',
  'dias',
  'semana',
  'semanas',
  'mes',
  'meses',
  'jour',
  'jours',
  'semaine',
  'semaines',
  'mois',
  'tag',
  'tage',
  'tagen',
  'woche',
  'wochen',
  'giorno',
  'giorni',
  'settimana',
  'settimane',
  'usd',
  'eur',
  'dollar',
  'dollars',
  'euro',
  'euros',
  'cents',
  'am',
  'pm',
  'x',
]);
const FILLER = new Set(['the', 'my', 'of', 'them', 'los', 'las', 'os', 'as', 'les', 'mes', 'die', 'meine', 'i', 'le', 'gli', 'miei', 'mie', 'e']);

function numberAt(words: readonly string[], i: number): number | null {
  const word = words[i];
  if (word === undefined) return null;
  const value = /^\d{1,2}$/.test(word) ? Number(word) : NUMBER_WORDS[word];
  if (value === undefined || value <= 0) return null;
  if (NOT_COUNTED.has(words[i + 1] ?? '')) return null;
  return value;
}

/** The next number after position i, skipping filler words ("of the four"). */
function numberAfter(words: readonly string[], i: number, reach: number): number | null {
  for (let j = i + 1; j <= i + reach && j < words.length; j++) {
    const n = numberAt(words, j);
    if (n !== null) return n;
    if (!FILLER.has(words[j] ?? '') && !PART_OF_WORDS.has(words[j] ?? '')) return null;
  }
  return null;
}

export function statedQuantity(words: readonly string[], lineStems: readonly string[]): StatedQuantity {
  const stems = new Set(lineStems);
  let nearItem: number | null = null;
  let first: number | null = null;
  let all = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (ALL_WORDS.has(word)) {
      const n = numberAfter(words, i, 3);
      if (n !== null) return { kind: 'count', count: n };
      all = true;
      continue;
    }
    // "all … except one": every unit but the number after the exclusion.
    if (all) {
      const n = numberAt(words, i);
      if (n !== null && phraseIn(words, EXCLUSIONS, i - 3, i)) return { kind: 'allBut', except: n };
    }
    const n = numberAt(words, i);
    if (n === null) continue;
    // "N of the M": the part is claimed, the whole is what was ordered.
    if (PART_OF_WORDS.has(words[i + 1] ?? '') && numberAfter(words, i + 1, 3) !== null) return { kind: 'count', count: n };
    if (first === null) first = n;
    if (nearItem === null && [1, 2, 3].some((k) => stems.has(stem(words[i + k] ?? '')))) nearItem = n;
  }
  if (nearItem !== null) return { kind: 'count', count: nearItem };
  if (first !== null) return { kind: 'count', count: first };
  return all ? { kind: 'all' } : null;
}
