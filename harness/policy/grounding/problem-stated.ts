// Does the customer say what is wrong with a claimed item? A damage-like claim on a line the
// customer names needs a sentence naming it that says something is wrong, or the sentence before or
// after when that one names no other item ("It is the teapot. The enamel inside is flaking off."),
// or the reason words the model cites; "refund pls, the vase is rite" says nothing wrong with the
// vase. Non-arrival said of the whole order is said of each item (whole-order.ts). A line the customer never names ("everything", another language) is left to the other rules.
import type { OrderFacts, Proposal } from '../../domain/types.js';
import { RULES } from '../rules.js';
import type { GroundingFinding } from './claims.js';
import { hasProblemWord } from './clauses.js';
import { IN_PLACE_OF_PHRASES } from './lexicon/problems.js';
import { namesItem } from './mentions.js';
import { DAMAGE_LIKE_REASONS, REASON_CHECKED_REMEDIES } from './spans.js';
import { saysSomethingNeverArrived, saysWholeOrderMissing } from './whole-order.js';
import { normalizeForMatch, tokens } from './text.js';
import { containsWords, phraseIn, phraseTokens, type Sentences } from './words.js';

/** A wrong item said as what came in place of what was ordered: "clear vases instead of the smoked ones". */
const IN_PLACE_OF = phraseTokens(IN_PLACE_OF_PHRASES);

export function problemStatedFindings(
  proposal: Proposal,
  line: OrderFacts['lineItems'][number],
  text: Sentences,
  stems: Map<string, string[]>,
): GroundingFinding[] {
  if (!REASON_CHECKED_REMEDIES.has(proposal.remedy) || !DAMAGE_LIKE_REASONS.has(proposal.reason) || line.giftCard) return [];
  // "My order never arrived. Please refund the vase and the candle": said of every item of the order.
  if (saysWholeOrderMissing(proposal, text, stems)) return [];
  const own = stems.get(line.id) ?? [];
  // Each distinct word is looked up once: a long text repeats its words.
  const seen = new Map<string, boolean>();
  const namesIt = (w: string) => seen.get(w) ?? (seen.set(w, namesItem(w, own)), seen.get(w)!);
  const named = text.flatMap((words, at) => (words.some(namesIt) ? [at] : []));
  if (named.length === 0) return [];
  const reasonWords = proposal.reasonWords ? tokens(normalizeForMatch(proposal.reasonWords)) : [];
  // "The lamp hasn't arrived" says what is wrong on a not-received claim.
  const missing = proposal.reason === 'not_received';
  const says = (words: readonly string[] | undefined) =>
    !!words &&
    (hasProblemWord(words) ||
      phraseIn(words, IN_PLACE_OF, 0, words.length) ||
      (missing && saysSomethingNeverArrived([words])) ||
      (reasonWords.length > 0 && containsWords(words, reasonWords)));
  const others = [...stems].filter(([id]) => id !== line.id).map(([, s]) => s);
  const aboutNoOther = (words: readonly string[] | undefined) => !!words && !others.some((s) => words.some((w) => namesItem(w, s)));
  const near = (at: number) => aboutNoOther(text[at]) && says(text[at]);
  if (named.some((at) => says(text[at]) || near(at - 1) || near(at + 1))) return [];
  return [
    {
      rule: RULES.lineProblemNotStated,
      reason: `"${line.title}": no words of the customer's say what is wrong with it`,
      severity: 'approval',
      lineItemId: line.id,
    },
  ];
}
