// The kernel's part of the one DynamoDB table: the key attributes, the TTL attribute, and the keys of
// the kernel's own items: RUN#<runId>/JOURNAL#<seq> (a run's journal, in the run's partition beside
// the app's run row RUN#<runId>/RUN), IDEM#<key>/IDEM, APPROVAL#<approvalId>/APPROVAL,
// BUDGET#RUN#<runId>/BUDGET and BUDGET#DAY#<tenant>#<day>/BUDGET, LOCK#<name>/LOCK (leases, e.g.
// LOCK#CUSTOMER#<tenant>#<customerId>). `expiresAt` (epoch seconds) is the TTL attribute. The app's
// items, its indexes and the table's whole schema are the app's (functions/shared/stores/dynamo/table.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../ports.js';

/** What every adapter on the table is built from. */
export interface DynamoTableDeps {
  client: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  /** Days a run row and its journal rows are kept (TTL); DEFAULT_RETENTION_DAYS when absent. */
  retentionDays?: number;
}

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
} as const;

export const keys = {
  run: (runId: string) => ({ pk: `RUN#${runId}`, sk: 'RUN' }),
  journal: (runId: string, seq: string) => ({ pk: `RUN#${runId}`, sk: `JOURNAL#${seq}` }),
  idempotency: (key: string) => ({ pk: `IDEM#${key}`, sk: 'IDEM' }),
  approval: (approvalId: string) => ({ pk: `APPROVAL#${approvalId}`, sk: 'APPROVAL' }),
  budgetRun: (runId: string) => ({ pk: `BUDGET#RUN#${runId}`, sk: 'BUDGET' }),
  budgetDay: (tenant: string, day: string) => ({ pk: `BUDGET#DAY#${tenant}#${day}`, sk: 'BUDGET' }),
  lock: (name: string) => ({ pk: `LOCK#${name}`, sk: 'LOCK' }),
} as const;
