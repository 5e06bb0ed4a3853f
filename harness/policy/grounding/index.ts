// The grounding checks of a proposal against the customer's own words (see claims.ts).
export { groundProposal, type GroundingFinding, type GroundingInput, type LineVerdict, type Severity } from './claims.js';
export { parseCount, type StatedCount } from './counts.js';
export { normalizeForMatch } from './text.js';
export { quoteOccursIn } from './occurs.js';
export { addressesTheSystem } from './instructions.js';
export { asksToPayAgain } from './pay-again.js';
export { sentencesOf } from './words.js';
