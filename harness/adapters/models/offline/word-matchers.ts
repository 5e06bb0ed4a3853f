// The word lists compiled once into matchers and word sets, shared by the offline triage and order
// agent. Typos are forgiven for the words a customer complains with (refund, damage, remedy words),
// never for numbers, negators or risk phrases.
import type { RefundReason, RiskFlag } from '../../../domain/types.js';
import { EXCLUSION_MARKERS, FINE_WORDS, WHOLE_ORDER_WORDS } from './lexicon/exclusions.js';
import { ARTICLES, STATE_NEGATORS } from './lexicon/grammar.js';
import { LANGUAGE_WORDS } from './lexicon/languages.js';
import { ALL_WORDS, BOTH_WORDS, CARDINALS, PAIR_WORDS } from './lexicon/numbers.js';
import { STOP_WORDS } from './lexicon/stopwords.js';
import { REFUND_WORDS, RISK_WORDS, WEAK_WORDS } from './lexicon/intent.js';
import { ORDER_WORDS, OTHER_ORDER_WORDS, TROUBLE_WORDS } from './lexicon/orders.js';
import { LEAK_WORDS, REASON_WORDS } from './lexicon/reasons.js';
import { REMEDY_WORDS, type RemedyCue } from './lexicon/remedies.js';
import { compileMatcher, type Match } from './matcher.js';
import { normalizeWord, type Token } from './tokens.js';

const matchReasonWords = compileMatcher<RefundReason>(REASON_WORDS, { fuzzy: true });
const matchLeaks = compileMatcher<RefundReason>([['defective', LEAK_WORDS]], { fuzzy: false });
const STATE_NEGATOR = new Set(STATE_NEGATORS.map(normalizeWord));
const NEGATION_REACH = 2;

/**
 * Reason words, less those negated right before them in their clause ("not damaged, just not what I
 * expected"); a leak is a defect unless something is said to be damaged too.
 */
export function matchReasons(tokens: readonly Token[]): Match<RefundReason>[] {
  const found = matchReasonWords(tokens);
  const leaks = found.some((m) => m.key === 'damaged') ? [] : matchLeaks(tokens);
  return [...found, ...leaks].filter((m) => {
    for (let i = m.from - 1; i >= Math.max(0, m.from - NEGATION_REACH); i--) {
      if (STATE_NEGATOR.has(tokens[i]!.norm)) return false;
      if (tokens[i + 1]!.gap !== 'space') break;
    }
    return true;
  });
}
export const matchRefund = compileMatcher([['refund', REFUND_WORDS]] as const, { fuzzy: true });
export const matchWeak = compileMatcher([['weak', WEAK_WORDS]] as const, { fuzzy: true });
export const matchRisks = compileMatcher<RiskFlag>(RISK_WORDS, { fuzzy: false });
export const matchRemedies = compileMatcher<RemedyCue>(REMEDY_WORDS, { fuzzy: true });
/** Remedy cues that speak of a refund already made or awaited, not of a new request. */
export const isEarlierRefund = (m: Match<RemedyCue>) => m.key === 'earlier_refund' || m.key === 'refund_status';
export const matchFine = compileMatcher([['fine', FINE_WORDS]] as const, { fuzzy: false });
export const matchWholeOrder = compileMatcher([['whole', WHOLE_ORDER_WORDS]] as const, { fuzzy: false });
export const matchExclusions = compileMatcher([['except', EXCLUSION_MARKERS]] as const, { fuzzy: false });
export const matchOtherOrder = compileMatcher([['other', OTHER_ORDER_WORDS]] as const, { fuzzy: false });
export const matchTrouble = compileMatcher([['trouble', TROUBLE_WORDS]] as const, { fuzzy: false });

export const wordSet = (list: readonly string[]) => new Set(list.map(normalizeWord));

/** Words that never name an item: function words, numbers, order, fine and exclusion words, stop words. */
export const NOT_ITEM: ReadonlySet<string> = wordSet([
  ...Object.values(LANGUAGE_WORDS).flat(),
  ...ARTICLES,
  ...ORDER_WORDS,
  ...ALL_WORDS,
  ...BOTH_WORDS,
  ...PAIR_WORDS,
  ...Object.keys(CARDINALS),
  ...[...FINE_WORDS, ...EXCLUSION_MARKERS, ...WHOLE_ORDER_WORDS].flatMap((p) => p.split(' ')),
  ...STOP_WORDS,
]);

/** Marks every token a match covers: a bitmap for "is this token a cue word". */
export function covered(tokens: readonly Token[], ...matchLists: ReadonlyArray<readonly Match<unknown>[]>): boolean[] {
  const marks = new Array<boolean>(tokens.length).fill(false);
  for (const list of matchLists) for (const m of list) for (let i = m.from; i < m.to; i++) marks[i] = true;
  return marks;
}

/** How many matches fall in each unit (sentence or clause), given the unit of each token. */
export function countPer(unitOf: readonly number[], units: number, matches: readonly Match<unknown>[]): number[] {
  const counts = new Array<number>(units).fill(0);
  for (const m of matches) counts[unitOf[m.from]!]! += 1;
  return counts;
}
