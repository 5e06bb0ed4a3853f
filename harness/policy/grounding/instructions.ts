// Words addressed to an AI or a system in the customer's text: role tags and prefixes ("</ticket>",
// "system:") in the raw text, and phrases such as "ignore previous instructions". A person decides.
import { INSTRUCTION_PHRASES } from './lexicon.js';
import { mentionsAny, phraseTokens, sentencesOf, type Sentences } from './words.js';

const INSTRUCTIONS = phraseTokens(INSTRUCTION_PHRASES);
/** Role tags and role prefixes ("</ticket>", "<assistant>", "system:") in the raw text. Linear: no nested quantifiers. */
const ROLE_TAG =
  /<\/?[ \t]{0,3}(?:system|assistant|user|human|ticket|case_data|instructions?|tool_use|tool_result)\b|^[ \t]{0,8}(?:system|assistant)[ \t]{0,3}:/im;

/** Whether the customer's text (`joined`, and its sentences when already read) addresses an AI or a system. */
export function addressesTheSystem(joined: string, text: Sentences = sentencesOf(joined)): boolean {
  return ROLE_TAG.test(joined) || mentionsAny(text, INSTRUCTIONS);
}
