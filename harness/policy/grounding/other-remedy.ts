// Grounding for the remedies a tenant may enable beside a refund (docs/policy.md "Other remedies"):
// store credit rests on the customer's own words asking for it, as a refund does. What those words
// mean is the model's reading; code checks that they are the customer's, that the customer did not
// turn them down ("not store credit"), and that a store which has not enabled the remedy sends the
// ticket to a person.
import type { Proposal } from '../../domain/types.js';
import { RULES } from '../rules.js';
import type { GroundingFinding } from './claims.js';
import { TYPED_NEGATIONS } from './lexicon/counting.js';
import { STORE_CREDIT_WORDS } from './lexicon/remedies.js';
import { normalizeForMatch, tokens } from './text.js';

/** The remedies a tenant switched on (policy document); each is off by default. */
export interface EnabledRemedies {
  storeCredit: boolean;
  cancel: boolean;
  /** Shopify Returns: the customer's own request to send the item back is carried out as a return. */
  returns?: boolean;
}

export const NO_OTHER_REMEDIES: EnabledRemedies = { storeCredit: false, cancel: false, returns: false };

/** Where the cited words start in the customer's words, or -1. */
function indexOfWords(whole: readonly string[], span: readonly string[]): number {
  if (span.length === 0) return -1;
  outer: for (let i = 0; i + span.length <= whole.length; i++) {
    for (let j = 0; j < span.length; j++) if (whole[i + j] !== span[j]) continue outer;
    return i;
  }
  return -1;
}

/** A word for store credit anywhere in the customer's words with a negation in the four words before it ("don't want store credit"). */
function turnedDownAnywhere(whole: readonly string[]): boolean {
  return whole.some((w, i) => STORE_CREDIT_WORDS.has(w) && whole.slice(Math.max(0, i - 4), i).some((x) => TYPED_NEGATIONS.has(x)));
}

const WHAT: Partial<Record<Proposal['remedy'], string>> = {
  cancel: 'cancelling the order',
  return: 'sending the item back',
  exchange: 'an exchange',
  replacement: 'a replacement',
};

/** Is this remedy one the tenant enabled (a refund always is)? */
export function remedyEnabled(remedy: Proposal['remedy'], enabled: EnabledRemedies): boolean {
  return (
    remedy === 'refund' ||
    (remedy === 'store_credit' && enabled.storeCredit) ||
    (remedy === 'cancel' && enabled.cancel) ||
    ((remedy === 'return' || remedy === 'exchange' || remedy === 'replacement') && enabled.returns === true)
  );
}

/** The sentence for a person when the customer asks for a remedy the agent does not carry out. */
export function notCarriedOut(remedy: Proposal['remedy']): string {
  if (remedy === 'store_credit') return 'the customer asks for store credit, which this store has not enabled for the agent';
  if (remedy === 'cancel') return 'the customer asks to cancel the order, which this store has not enabled for the agent';
  if (remedy === 'return') return 'the customer asks to send the item back, and this store has not enabled returns for the agent';
  return `the customer asks for ${remedy.replace('_', ' ')}, not a refund`;
}

/**
 * An enabled remedy other than a refund must rest on cited words of the customer asking for it, with
 * no negation just before or inside them. A person decides otherwise.
 */
export function citedRemedyFindings(proposal: Proposal, whole: readonly string[], sentences: readonly (readonly string[])[] = [whole]): GroundingFinding[] {
  const what = WHAT[proposal.remedy] ?? 'store credit';
  const exchangeWords = proposal.exchangeWords ? tokens(normalizeForMatch(proposal.exchangeWords)) : [];
  if (exchangeWords.length > 0 && indexOfWords(whole, exchangeWords) < 0) {
    return [{ rule: RULES.remedyNotGrounded, reason: "the words cited as naming the variant wanted are not the customer's", severity: 'approval' }];
  }
  const cited = proposal.remedyWords ? tokens(normalizeForMatch(proposal.remedyWords)) : [];
  const at = indexOfWords(whole, cited);
  if (at < 0) {
    const reason = proposal.remedyWords
      ? `the words cited as asking for ${what} are not the customer's`
      : `no words of the customer's are cited as asking for ${what}`;
    return [{ rule: RULES.remedyNotGrounded, reason, severity: 'approval' }];
  }
  // The words just before, inside the sentence the words are in: "It does not fit. Can I send it back?" turns nothing down.
  const own = sentences.find((words) => indexOfWords(words, cited) >= 0) ?? whole;
  const from = indexOfWords(own, cited);
  const around = own.slice(Math.max(0, from - 3), from + cited.length);
  if (around.some((w) => TYPED_NEGATIONS.has(w))) return [{ rule: RULES.remedyNotGrounded, reason: `the customer turns ${what} down`, severity: 'approval' }];
  if (proposal.remedy === 'store_credit' && !cited.some((w) => STORE_CREDIT_WORDS.has(w))) {
    return [{ rule: RULES.remedyNotGrounded, reason: 'the words cited as asking for store credit do not speak of store credit', severity: 'approval' }];
  }
  // Elsewhere in their words: "I don't want store credit this time".
  if (proposal.remedy === 'store_credit' && turnedDownAnywhere(whole)) {
    return [{ rule: RULES.remedyContradicted, reason: 'the customer turns store credit down', severity: 'approval' }];
  }
  return [];
}
