// Checks on the spans a model cites for the whole claim: the reason's words, the words turning
// another remedy down, and the items it says the customer leaves out. Each span must occur in the
// customer's own words; a damage-like reason needs cited words about a problem, and words saying
// nothing is wrong send it to a person; a turning-down must hold a word that turns something down.
import type { OrderFacts, Proposal } from '../../domain/types.js';
import { countAt } from './counts.js';
import { excludedAt, nearlySame } from './mentions.js';
import { RULES } from '../rules.js';
import type { GroundingFinding } from './claims.js';
import { INSTEAD_OF_PHRASES, NEGATIONS, OTHER_REMEDY_WORDS, REFUND_PREFERRED_PHRASES } from './lexicon.js';
import { MISSING_PHRASES, NOTHING_WRONG_PHRASES, REFUND_ASK_PREFIXES, SEND_WORDS, TYPED_NEGATIONS } from './lexicon/counting.js';
import { asksToSendItem } from './resend.js';
import { normalizeForMatch, tokens } from './text.js';
import { containsWords, mentionsAny, phraseIn, phraseTokens, type Sentences } from './words.js';

const NOTHING_WRONG = phraseTokens(NOTHING_WRONG_PHRASES);
const MISSING = phraseTokens(MISSING_PHRASES);
const INSTEAD_OF = phraseTokens(INSTEAD_OF_PHRASES);
const REFUND_PREFERRED = phraseTokens(REFUND_PREFERRED_PHRASES);
const OTHER_REMEDY = phraseTokens(OTHER_REMEDY_WORDS);
/** Words that turn a remedy down or prefer another: beside the negations, "rather", "prefer", "instead". */
const DECLINE_WORDS = new Set([...NEGATIONS, 't', 'rather', 'prefer', 'prefiero', 'prefiro', 'prefere', 'prefere', 'lieber', 'preferisco', 'instead', 'than']);

/** The remedies whose decision a damage-like reason changes (a refund's limits, a replacement shipped at once): their reason is checked. */
export const REASON_CHECKED_REMEDIES: ReadonlySet<string> = new Set(['refund', 'store_credit', 'exchange', 'replacement']);

/** The reasons docs/policy.md calls damage-like: they need words about a problem. */
export const DAMAGE_LIKE_REASONS: ReadonlySet<string> = new Set(['damaged', 'defective', 'wrong_item', 'not_received']);
const words = (span: string) => tokens(normalizeForMatch(span));
const inText = (span: string, whole: readonly string[]) => containsWords(whole, words(span));

/**
 * Lines the model says the customer calls fine, keeps or leaves out, with words that are in the
 * customer's text and leave out the whole line: "only one of the oak ones is intact" of two oak
 * frames leaves the other one claimable, so it sets nothing aside.
 */
export function excludedByModel(proposal: Proposal, whole: readonly string[], order: OrderFacts): Set<string> {
  // Any number below the line's units in the words ("one of them that's okay", "apart from one") leaves the rest claimable.
  const wholeLine = (e: { lineItemId: string; words: string }) => {
    const line = order.lineItems.find((l) => l.id === e.lineItemId);
    if (!line) return true;
    const w = words(e.words);
    return !w.some((_, i) => {
      const n = countAt(w, i);
      return n !== null && n < line.quantity;
    });
  };
  return new Set((proposal.exclusions ?? []).filter((e) => inText(e.words, whole) && wholeLine(e)).map((e) => e.lineItemId));
}

/**
 * Of the lines the model says the customer leaves out (excludedByModel), those its cited words set
 * aside themselves ("the second mug and the bowl are fine", "je garde les torchons"): a bare "mug"
 * beside "both a mug and the platter came chipped" sets nothing aside, so a mug named where
 * something is wrong and not claimed still goes to a person.
 */
export function setAsideByModel(proposal: Proposal, whole: readonly string[], order: OrderFacts): Set<string> {
  const listed = excludedByModel(proposal, whole, order);
  const saysSo = (span: string) => {
    const w = words(span);
    return w.some((_, i) => excludedAt(w, i));
  };
  return new Set((proposal.exclusions ?? []).filter((e) => listed.has(e.lineItemId) && saysSo(e.words)).map((e) => e.lineItemId));
}

/**
 * Is another remedy's word at `at` of this sentence inside a turning-down the model cited? The span
 * must be in the customer's words, cover that word, and hold a word that turns something down. A
 * remedy the customer turns down is set aside wherever they name it ("you offered me store credit
 * last time. I don't want store credit this time").
 */
export function remedySetAside(proposal: Proposal, whole: readonly string[]): (sentence: readonly string[], at: number) => boolean {
  const spans = (proposal.declinedRemedyWords ?? [])
    .map(words)
    .filter((w) => w.length > 0 && containsWords(whole, w))
    .filter((w) => w.some((x) => DECLINE_WORDS.has(x)) || phraseIn(w, INSTEAD_OF, 0, w.length) || phraseIn(w, REFUND_PREFERRED, 0, w.length));
  const namedHere = (sentence: readonly string[], at: number) => OTHER_REMEDY.filter((p) => p.every((w, k) => sentence[at + k] === w));
  return (sentence, at) =>
    spans.some((span) => {
      for (let start = Math.max(0, at - span.length + 1); start <= at; start++) {
        if (span.every((w, k) => sentence[start + k] === w)) return true;
      }
      return namedHere(sentence, at).some((remedy) => containsWords(span, remedy));
    });
}

/**
 * A damage-like reason rests on the customer's words: the words cited for it must be theirs and
 * must not say nothing is wrong, and no words of theirs may say nothing is wrong ("there's no
 * defect, I just don't like it"). What counts as damage is the model's reading of its cited words;
 * code checks they are the customer's and do not contradict it.
 */
export function reasonFindings(proposal: Proposal, text: Sentences, whole: readonly string[]): GroundingFinding[] {
  if (!REASON_CHECKED_REMEDIES.has(proposal.remedy) || !DAMAGE_LIKE_REASONS.has(proposal.reason)) return [];
  const reason = proposal.reason.replace('_', ' ');
  const cited = proposal.reasonWords;
  if (cited != null && !inText(cited, whole)) {
    return [{ rule: RULES.reasonNotGrounded, reason: `the words cited for the reason (${reason}) are not the customer's`, severity: 'approval' }];
  }
  if (mentionsAny(text, NOTHING_WRONG)) {
    return [{ rule: RULES.reasonNotGrounded, reason: `the customer's words say nothing is wrong, but the reason given is ${reason}`, severity: 'approval' }];
  }
  return [];
}

/** Positions of words asking for money back, each with whether a negation stands in the three words before it. */
function refundAsks(words: readonly string[]): boolean[] {
  return words.flatMap((w, i) => (asksMoneyBack(w) ? [!words.slice(Math.max(0, i - 3), i).some((x) => TYPED_NEGATIONS.has(x))] : []));
}

/** A word starting like a word for money back, or one typing slip from one ("refnd", "mony"), as problem words are read. */
function asksMoneyBack(word: string): boolean {
  return REFUND_ASK_PREFIXES.some((p) => word.startsWith(p) || (p.length >= 5 && word.length >= p.length - 1 && nearlySame(word.slice(0, p.length), p)));
}

/**
 * A refund must not rest on words the customer did not write, nor on a text whose every word about
 * money back is turned down ("i dont want a refnd, pls just send a new one"): a person decides.
 */
export function remedyFindings(
  proposal: Proposal,
  text: Sentences,
  whole: readonly string[],
  claimedStems: readonly (readonly string[])[] = [],
): GroundingFinding[] {
  if (proposal.remedy !== 'refund') return [];
  const cited = proposal.remedyWords;
  if (cited != null && !inText(cited, whole)) {
    return [{ rule: RULES.remedyNotGrounded, reason: "the words cited as asking for a refund are not the customer's", severity: 'approval' }];
  }
  const asks = text.flatMap(refundAsks);
  if (asks.length > 0 && asks.every((asked) => !asked)) {
    return [{ rule: RULES.remedyNotGrounded, reason: 'the customer turns a refund down', severity: 'approval' }];
  }
  // "Could you please send the kettle that was missing?": the missing item asked for, no money back in that sentence.
  // "... but no apron. Could you send the apron please?": a claimed item beside the verb of sending, in any sentence.
  const resend =
    text.some((s) => s.some((w) => SEND_WORDS.has(w)) && phraseIn(s, MISSING, 0, s.length) && !refundAsks(s).some(Boolean)) ||
    asksToSendItem(text, claimedStems);
  if (resend) return [{ rule: RULES.remedyContradicted, reason: 'the customer asks for the item to be sent', severity: 'approval' }];
  return [];
}
