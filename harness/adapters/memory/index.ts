// Public face of the harness's in-memory stores (unit tests, quick local runs), one file per port,
// with the DynamoDB adapters' conditional semantics. The app composes them with its run stores
// (functions/shared/stores/memory).
export { createInMemoryApprovalStore } from './approvals.js';
export { createInMemoryBudgetStore } from './budget.js';
export { createInMemoryIdempotencyStore, type StoredIdempotencyRecord } from './idempotency.js';
export { createInMemoryJournalStore } from './journal.js';
export { createInMemoryLockStore } from './locks.js';
