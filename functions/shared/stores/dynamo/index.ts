// Every storage port on the one DynamoDB table (harness/adapters/dynamo/table.ts): the harness's
// stores composed with the app's run, event and shadow stores. Build the document client once per
// container with removeUndefinedValues and pass it in.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApprovalStore, BudgetStore, Clock, IdempotencyStore, IdGenerator, JournalStore, LockStore } from '#harness/ports.js';
import type { Run } from '../../domain/run.js';
import {
  createDynamoApprovalStore,
  createDynamoBudgetStore,
  createDynamoIdempotencyStore,
  createDynamoJournalStore,
  createDynamoLockStore,
} from '#harness/adapters/dynamo/index.js';
import type { EventLedger, RunStore, ShadowStore } from '../ports.js';
import { createDynamoEventLedger } from './events.js';
import { createDynamoRunStore } from './runs.js';
import { createDynamoShadowStore } from './shadow.js';

export { TABLE_KEYS, keys, createTableInput } from '#harness/adapters/dynamo/table.js';
export { isConditionalCheckFailed } from '#harness/adapters/dynamo/conditional.js';

export interface DynamoStores {
  runs: RunStore;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  approvals: ApprovalStore;
  events: EventLedger;
  /** Model-cost reservations against the run's and the tenant's daily caps. */
  budget: BudgetStore;
  /** Leases with an expiry (one refund dispatch at a time per customer). */
  locks: LockStore;
  /** Shadow mode's class counters and promotions. */
  shadow: ShadowStore;
  /** Runs bound to this order, oldest first: one Query on the byOrder index. */
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
}

export function createDynamoStores(deps: {
  client: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  ids: IdGenerator;
  /** Days run and journal rows are kept before DynamoDB's TTL deletes them; 400 when absent. */
  retentionDays?: number;
}): DynamoStores {
  const runs = createDynamoRunStore(deps);
  return {
    runs,
    journal: createDynamoJournalStore(deps),
    idempotency: createDynamoIdempotencyStore(deps),
    approvals: createDynamoApprovalStore(deps),
    events: createDynamoEventLedger(deps),
    budget: createDynamoBudgetStore(deps),
    locks: createDynamoLockStore(deps),
    shadow: createDynamoShadowStore(deps),
    findRunsByOrder: (tenant, orderNumber) => runs.findRunsByOrder(tenant, orderNumber),
  };
}
