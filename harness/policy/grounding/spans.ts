// Checks on the spans a model cites for the whole claim: the reason's words, the words turning
// another remedy down, and the items it says the customer leaves out. Each span must occur in the
// customer's own words; a damage-like reason needs cited words about a problem, and words saying
// nothing is wrong send it to a person; a turning-down must hold a word that turns something down.
import type { Proposal } from '../../domain/types.js';
import { RULES } from '../rules.js';
import type { GroundingFinding } from './claims.js';
import { hasProblemWord } from './clauses.js';
import { INSTEAD_OF_PHRASES, NEGATIONS, REFUND_PREFERRED_PHRASES } from './lexicon.js';
import { NOTHING_WRONG_PHRASES } from './lexicon/counting.js';
import { normalizeForMatch, tokens } from './text.js';
import { containsWords, mentionsAny, phraseIn, phraseTokens, type Sentences } from './words.js';

const NOTHING_WRONG = phraseTokens(NOTHING_WRONG_PHRASES);
const INSTEAD_OF = phraseTokens(INSTEAD_OF_PHRASES);
const REFUND_PREFERRED = phraseTokens(REFUND_PREFERRED_PHRASES);
/** Words that turn a remedy down or prefer another: beside the negations, "rather", "prefer", "instead". */
const DECLINE_WORDS = new Set([...NEGATIONS, 't', 'rather', 'prefer', 'prefiero', 'prefiro', 'prefere', 'prefere', 'lieber', 'preferisco', 'instead', 'than']);

const DAMAGE_LIKE = new Set(['damaged', 'defective', 'wrong_item', 'not_received']);
const words = (span: string) => tokens(normalizeForMatch(span));
const inText = (span: string, whole: readonly string[]) => containsWords(whole, words(span));
const saysProblem = hasProblemWord;

/** Lines the model says the customer calls fine, keeps or leaves out, with words that are in the customer's text. */
export function excludedByModel(proposal: Proposal, whole: readonly string[]): Set<string> {
  return new Set((proposal.exclusions ?? []).filter((e) => inText(e.words, whole)).map((e) => e.lineItemId));
}

/**
 * Is another remedy's word at `at` of this sentence inside a turning-down the model cited? The span
 * must be in the customer's words, cover that word, and hold a word that turns something down.
 */
export function remedySetAside(proposal: Proposal, whole: readonly string[]): (sentence: readonly string[], at: number) => boolean {
  const spans = (proposal.declinedRemedyWords ?? [])
    .map(words)
    .filter((w) => w.length > 0 && containsWords(whole, w))
    .filter((w) => w.some((x) => DECLINE_WORDS.has(x)) || phraseIn(w, INSTEAD_OF, 0, w.length) || phraseIn(w, REFUND_PREFERRED, 0, w.length));
  return (sentence, at) =>
    spans.some((span) => {
      for (let start = Math.max(0, at - span.length + 1); start <= at; start++) {
        if (span.every((w, k) => sentence[start + k] === w)) return true;
      }
      return false;
    });
}

/** A damage-like reason rests on cited words about a problem, and on a text that does not say nothing is wrong. */
export function reasonFindings(proposal: Proposal, text: Sentences, whole: readonly string[]): GroundingFinding[] {
  if (proposal.remedy !== 'refund' || !DAMAGE_LIKE.has(proposal.reason)) return [];
  const found: GroundingFinding[] = [];
  const cited = proposal.reasonWords;
  if (cited !== undefined && cited !== null && (!inText(cited, whole) || !saysProblem(words(cited)))) {
    found.push({
      rule: RULES.reasonNotGrounded,
      reason: `the words cited for the reason (${proposal.reason.replace('_', ' ')}) are not the customer's words about a problem`,
      severity: 'approval',
    });
  }
  if (mentionsAny(text, NOTHING_WRONG)) {
    found.push({
      rule: RULES.reasonNotGrounded,
      reason: `the customer's words say nothing is wrong, but the reason given is ${proposal.reason.replace('_', ' ')}`,
      severity: 'approval',
    });
  }
  return found;
}
