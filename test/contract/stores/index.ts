// The store contract: one suite per storage port (harness/ports.ts, functions/shared/stores/ports.ts), each run against every
// adapter (in-memory.test.ts, dynamodb.test.ts), so the in-memory stores most unit tests use keep
// the outcomes DynamoDB gives in production. Where the two disagree, the port's doc comment decides.
import type { StoreBackend } from '../../support/store-backends.js';
import { describeApprovalStoreContract } from './approval-store.js';
import { describeBudgetStoreContract } from './budget-store.js';
import { describeEventLedgerContract } from './event-ledger.js';
import { describeIdempotencyStoreContract } from './idempotency-store.js';
import { describeJournalStoreContract } from './journal-store.js';
import { describeLockStoreContract } from './lock-store.js';
import { describeRunStoreContract } from './run-store.js';
import { describeShadowStoreContract } from './shadow-store.js';
import { describeTicketLedgerContract } from './ticket-ledger.js';

export {
  describeApprovalStoreContract,
  describeBudgetStoreContract,
  describeEventLedgerContract,
  describeIdempotencyStoreContract,
  describeJournalStoreContract,
  describeLockStoreContract,
  describeRunStoreContract,
  describeShadowStoreContract,
  describeTicketLedgerContract,
};

/** Every port's suite on one backend, which the caller has started. */
export function describeStoreContracts(backend: StoreBackend) {
  const { name, makeStores } = backend;
  describeRunStoreContract(name, makeStores);
  describeJournalStoreContract(name, makeStores);
  describeIdempotencyStoreContract(name, makeStores);
  describeApprovalStoreContract(name, makeStores);
  describeEventLedgerContract(name, makeStores);
  describeBudgetStoreContract(name, makeStores);
  describeLockStoreContract(name, makeStores);
  describeShadowStoreContract(name, makeStores);
  describeTicketLedgerContract(name, makeStores);
}
