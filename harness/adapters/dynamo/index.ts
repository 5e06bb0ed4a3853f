// Public face of the harness's DynamoDB adapters: its storage ports (journal, idempotency, approvals,
// budgets, locks) on the one table of table.ts. The app composes them with its run stores
// (functions/shared/stores/dynamo).
export { TABLE_KEYS, keys, type DynamoTableDeps } from './table.js';
export { isConditionalCheckFailed } from './conditional.js';
export { createDynamoApprovalStore } from './approvals.js';
export { createDynamoBudgetStore } from './budget.js';
export { createDynamoIdempotencyStore } from './idempotency.js';
export { createDynamoJournalStore } from './journal.js';
export { createDynamoLockStore } from './locks.js';
