// The one DynamoDB table's key schema, shared by the adapters, the local runtime and CDK.
// Items: RUN#<runId>/RUN, RUN#<runId>/JOURNAL#<seq>, EVENT#<tenant>#<helpdesk>#<eventId>/EVENT,
// IDEM#<key>/IDEM, APPROVAL#<approvalId>/APPROVAL, BUDGET#RUN#<runId>/BUDGET and
// BUDGET#DAY#<tenant>#<day>/BUDGET, SHADOW#<tenant>/CLASS#<classKey> and
// SHADOW#<tenant>/PROMOTION#<at>#<classKey>, LOCK#<name>/LOCK (leases, e.g. LOCK#CUSTOMER#<tenant>#<customerId>).
// GSI byOrder answers "which run refunded order N"; GSI byStatus "which runs of a tenant are pending
// review". Both are keys-only: a run row is written to an index only when its index keys change (not
// on each of a run's dozen updates, a few kB each), and the readers fetch the rows by key
// (functions/shared/stores/dynamo/run-listings.ts). `expiresAt` (epoch seconds) is the TTL attribute.
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
  byOrderIndex: 'byOrder',
  byOrderPartitionKey: 'gsi1pk',
  byOrderSortKey: 'gsi1sk',
  byStatusIndex: 'byStatus',
  byStatusPartitionKey: 'gsi2pk',
  byStatusSortKey: 'gsi2sk',
  ttlAttribute: 'expiresAt',
} as const;

export const keys = {
  run: (runId: string) => ({ pk: `RUN#${runId}`, sk: 'RUN' }),
  journal: (runId: string, seq: string) => ({ pk: `RUN#${runId}`, sk: `JOURNAL#${seq}` }),
  event: (tenant: string, helpdesk: string, eventId: string) => ({ pk: `EVENT#${tenant}#${helpdesk}#${eventId}`, sk: 'EVENT' }),
  idempotency: (key: string) => ({ pk: `IDEM#${key}`, sk: 'IDEM' }),
  approval: (approvalId: string) => ({ pk: `APPROVAL#${approvalId}`, sk: 'APPROVAL' }),
  byOrder: (tenant: string, orderNumber: string) => `ORDER#${tenant}#${orderNumber}`,
  byStatus: (tenant: string, status: string) => `STATUS#${tenant}#${status}`,
  budgetRun: (runId: string) => ({ pk: `BUDGET#RUN#${runId}`, sk: 'BUDGET' }),
  budgetDay: (tenant: string, day: string) => ({ pk: `BUDGET#DAY#${tenant}#${day}`, sk: 'BUDGET' }),
  shadowPartition: (tenant: string) => `SHADOW#${tenant}`,
  shadowClass: (tenant: string, classKey: string) => ({ pk: `SHADOW#${tenant}`, sk: `CLASS#${classKey}` }),
  shadowPromotion: (tenant: string, at: string, classKey: string) => ({ pk: `SHADOW#${tenant}`, sk: `PROMOTION#${at}#${classKey}` }),
  lock: (name: string) => ({ pk: `LOCK#${name}`, sk: 'LOCK' }),
} as const;

/** CreateTable input for emulators (CDK declares the same schema in infra/). */
export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [
      { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_KEYS.byOrderPartitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_KEYS.byOrderSortKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_KEYS.byStatusPartitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_KEYS.byStatusSortKey, AttributeType: 'S' as const },
    ],
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: TABLE_KEYS.byOrderIndex,
        KeySchema: [
          { AttributeName: TABLE_KEYS.byOrderPartitionKey, KeyType: 'HASH' as const },
          { AttributeName: TABLE_KEYS.byOrderSortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' as const },
      },
      {
        IndexName: TABLE_KEYS.byStatusIndex,
        KeySchema: [
          { AttributeName: TABLE_KEYS.byStatusPartitionKey, KeyType: 'HASH' as const },
          { AttributeName: TABLE_KEYS.byStatusSortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' as const },
      },
    ],
  };
}
