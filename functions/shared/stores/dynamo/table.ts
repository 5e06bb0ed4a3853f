// The app's view of the one DynamoDB table: the kernel's keys (harness/adapters/dynamo/table.ts) and
// the app's own items: RUN#<runId>/RUN (the run row), EVENT#<tenant>#<helpdesk>#<eventId>/EVENT,
// SHADOW#<tenant>/CLASS#<classKey>, SHADOW#<tenant>/PROMOTION#<at>#<classKey> and
// TICKET#<rootRunId>/LEDGER (a ticket with several requests: tickets.ts); its two indexes,
// byOrder ("which run refunded order N") and byStatus ("which runs of a tenant are pending review"),
// both keys-only: a run row is copied to an index only when its index keys change (not on each of a
// run's dozen updates), and the readers fetch the rows by key (run-listings.ts); and the table's whole
// schema, which the emulators create and CDK declares (infra/lib/stateful.ts).
import { keys as kernelKeys, TABLE_KEYS as KERNEL_TABLE_KEYS } from '#harness/adapters/dynamo/table.js';

export { type DynamoTableDeps } from '#harness/adapters/dynamo/table.js';

export const TABLE_KEYS = {
  ...KERNEL_TABLE_KEYS,
  byOrderIndex: 'byOrder',
  byOrderPartitionKey: 'gsi1pk',
  byOrderSortKey: 'gsi1sk',
  byStatusIndex: 'byStatus',
  byStatusPartitionKey: 'gsi2pk',
  byStatusSortKey: 'gsi2sk',
} as const;

export const keys = {
  ...kernelKeys,
  event: (tenant: string, helpdesk: string, eventId: string) => ({ pk: `EVENT#${tenant}#${helpdesk}#${eventId}`, sk: 'EVENT' }),
  byOrder: (tenant: string, orderNumber: string) => `ORDER#${tenant}#${orderNumber}`,
  byStatus: (tenant: string, status: string) => `STATUS#${tenant}#${status}`,
  shadowPartition: (tenant: string) => `SHADOW#${tenant}`,
  ticket: (rootRunId: string) => ({ pk: `TICKET#${rootRunId}`, sk: 'LEDGER' }),
  shadowClass: (tenant: string, classKey: string) => ({ pk: `SHADOW#${tenant}`, sk: `CLASS#${classKey}` }),
  shadowPromotion: (tenant: string, at: string, classKey: string) => ({ pk: `SHADOW#${tenant}`, sk: `PROMOTION#${at}#${classKey}` }),
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
