// Every storage port on the one DynamoDB table (table.ts here, over the kernel's keys in
// harness/adapters/dynamo/table.ts): the harness's stores composed with the app's run, event and
// shadow stores. Build the document client once per
// container with removeUndefinedValues and pass it in.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock, IdGenerator } from '#harness/ports.js';
import {
  createDynamoApprovalStore,
  createDynamoBudgetStore,
  createDynamoIdempotencyStore,
  createDynamoJournalStore,
  createDynamoLockStore,
} from '#harness/adapters/dynamo/index.js';
import type { AppStores } from '../ports.js';
import { createDynamoEventLedger } from './events.js';
import { createDynamoRunStore } from './runs.js';
import { createDynamoShadowStore } from './shadow.js';
import { createDynamoTicketLedger } from './tickets.js';

export { TABLE_KEYS, keys, createTableInput } from './table.js';
export { isConditionalCheckFailed } from '#harness/adapters/dynamo/conditional.js';

export type DynamoStores = AppStores;

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
    tickets: createDynamoTicketLedger(deps),
  };
}
