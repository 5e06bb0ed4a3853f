// Non-arrival said of the order as a whole ("my order 4507 still hasn't arrived", "nothing ever
// came", "mi pedido nunca llegó"): on a not-received claim, a sentence that says the order, its
// parcel or nothing arrived, with no word after that making it about part of the order ("came but
// only the spoons", "nothing but the bowl"), is said of every item that shipped. Such a claim states a problem with each line it names anywhere
// (problem-stated.ts), and the units it affects are every unit that shipped (cited.ts: fewer claimed
// is an under-claim). Pure.
import type { OrderFacts, Proposal } from '../../domain/types.js';
import { RULES } from '../rules.js';
import { shippedUnits } from '../refund-parts.js';
import type { GroundingFinding } from './claims.js';
import { hasProblemWord } from './clauses.js';
import { namesItem } from './mentions.js';
import { ARRIVAL_PREFIXES, NOT_ARRIVED_NEGATIONS, PART_OF_ORDER_WORDS, WHOLE_ORDER_WORDS } from './lexicon/whole-order.js';
import { MISSING_PHRASES } from './lexicon/counting.js';
import { normalizeForMatch, tokens } from './text.js';
import { containsWords, phraseIn, phraseTokens, type Sentences } from './words.js';

const WHOLE = new Set(WHOLE_ORDER_WORDS);
const PART = new Set(PART_OF_ORDER_WORDS);
const NOT_ARRIVED = new Set(NOT_ARRIVED_NEGATIONS);
const MISSING = phraseTokens(MISSING_PHRASES);
/** How far before an arrival verb its negation may stand ("nothing was ever delivered"). */
const NEGATION_REACH = 4;

/**
 * Does the customer say something never arrived: an arrival verb with a negation just before it
 * ("hasn't arrived", "nothing was ever delivered", "nunca llegó", "n'est jamais arrivé", "ist nie
 * angekommen"), or a word for a missing item or a lost parcel? The shipping and duties a refund of a
 * whole order that never arrived includes rest on these words (gate.ts), not on the reason's name alone.
 */
export function saysSomethingNeverArrived(text: readonly (readonly string[])[]): boolean {
  return text.some(
    (words) =>
      phraseIn(words, MISSING, 0, words.length) ||
      words.some(
        (w, i) =>
          w === 'lost' ||
          w.startsWith('perdi') ||
          w.startsWith('perdu') ||
          w.startsWith('verlor') ||
          (ARRIVAL_PREFIXES.some((p) => w.startsWith(p)) && words.slice(Math.max(0, i - NEGATION_REACH), i).some((x) => NOT_ARRIVED.has(x))),
      ),
  );
}

/**
 * Does the customer say the whole order never arrived (on a claim whose reason is that it did not)?
 * `stems`: the words that name each line of the order (claims.ts distinctiveStems).
 */
export function saysWholeOrderMissing(proposal: Pick<Proposal, 'reason' | 'reasonWords'>, text: Sentences, stems: ReadonlyMap<string, string[]>): boolean {
  if (proposal.reason !== 'not_received') return false;
  const reasonWords = proposal.reasonWords ? tokens(normalizeForMatch(proposal.reasonWords)) : [];
  const saysMissing = (words: readonly string[]) =>
    hasProblemWord(words) || saysSomethingNeverArrived([words]) || (reasonWords.length > 0 && containsWords(words, reasonWords));
  const namesAnItem = (word: string) => [...stems.values()].some((own) => namesItem(word, own));
  return text.some((words) => aboutWholeOrder(words, namesAnItem) && saysMissing(words));
}

/**
 * The sentence speaks of the order (or nothing) as a whole: it names no item before the order
 * ("Frame missing from parcel" is about the frame), and no word after it makes it about part of it.
 */
function aboutWholeOrder(words: readonly string[], namesAnItem: (word: string) => boolean): boolean {
  const at = words.findIndex((w) => WHOLE.has(w));
  return at >= 0 && !words.slice(0, at).some(namesAnItem) && !words.slice(at + 1).some((w) => PART.has(w));
}

/**
 * The whole order said not to have arrived (whole-order.ts): every unit that shipped is affected.
 * A claimed line with fewer of them claimed is under-claimed; a line that shipped and is not claimed
 * (nor listed by the agent as left out) is left out of the claim.
 */
export function wholeOrderFindings(proposal: Proposal, order: OrderFacts, text: Sentences, stems: ReadonlyMap<string, string[]>): GroundingFinding[] {
  if (!saysWholeOrderMissing(proposal, text, stems)) return [];
  const claimed = new Map(proposal.lineItems.map((c) => [c.lineItemId, 0]));
  for (const c of proposal.lineItems) claimed.set(c.lineItemId, (claimed.get(c.lineItemId) ?? 0) + c.quantity);
  const listed = new Set((proposal.exclusions ?? []).map((e) => e.lineItemId));
  const found: GroundingFinding[] = [];
  for (const line of order.lineItems) {
    const affected = Math.min(shippedUnits(line), line.refundableQuantity);
    if (line.giftCard || affected <= 0) continue;
    const units = claimed.get(line.id);
    if (units === undefined && !listed.has(line.id)) {
      const reason = `"${line.title}": the customer says the whole order never arrived, and it is not in the proposal`;
      found.push({ rule: RULES.unclaimedLineMentioned, reason, severity: 'approval', lineItemId: line.id });
    } else if (units !== undefined && units < affected) {
      const reason = `"${line.title}": ${units} claimed, the customer says the whole order never arrived (${affected} shipped)`;
      found.push({ rule: RULES.quantityUnderClaimed, reason, severity: 'approval', lineItemId: line.id });
    }
  }
  return found;
}
