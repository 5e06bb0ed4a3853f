// Word lists of the grounding rules, in the normal form of text.ts, for English, Spanish,
// Portuguese, French, German and Italian. The harness's own lists: the checks must not share a
// blind spot with whatever model proposed the claim. Data, so a new word is one entry.
// Split by word class under lexicon/; this file re-exports them so importers need no change.

export { EXCLUSION_MARKERS, FINE_MARKERS, REST_WORDS } from './lexicon/exclusions.js';
export { KEEP_AFTER_MARKERS, KEEP_BEFORE_MARKERS } from './lexicon/keeps.js';
export { INSTRUCTION_PHRASES } from './lexicon/instructions.js';
export { ALL_WORDS, NUMBER_WORDS, PART_OF_WORDS } from './lexicon/numbers.js';
export { PROBLEM_PREFIXES } from './lexicon/problems.js';
export { EARLIER_REFUND_PHRASES, NOT_REFUND_PHRASES, REFUND_STATUS_PHRASES, REFUND_WISH_PREFIXES } from './lexicon/refunds.js';
export { INSTEAD_OF_PHRASES, NEGATIONS, OTHER_REMEDY_WORDS, REFUND_PREFERRED_PHRASES } from './lexicon/remedies.js';
export { ENGLISH_WORDS, GENERIC_TITLE_WORDS, MATERIAL_WORDS, TITLE_CONNECTORS } from './lexicon/words.js';
