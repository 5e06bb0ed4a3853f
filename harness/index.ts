// Public face of the harness: the gateway factory, errors, policy, tools, models and hashing.
export { createHarness, type Harness, type HarnessDeps } from './harness.js';
export * from './errors.js';
export * from './policy/index.js';
export * from './tools/index.js';
export * from './models/index.js';
export { canonicalJson, canonicalHash, sha256Hex } from './hash.js';
export { buildRefundArguments, refundIdempotencyKey, IDEMPOTENCY_KEY_PREFIX } from './gateway/refund-arguments.js';
export { boundDetail } from './gateway/journal-detail.js';
export type { ReviewOutcome, ReviewSettlement } from './gateway/settle-review.js';
