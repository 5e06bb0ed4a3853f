// The one DynamoDB table's key schema, shared by the adapters, the local runtime and CDK.
// Items: RUN#<runId>/RUN, RUN#<runId>/JOURNAL#<seq>, EVENT#<tenant>#<helpdesk>#<eventId>/EVENT,
// IDEM#<key>/IDEM, APPROVAL#<approvalId>/APPROVAL. GSI byOrder answers "which run refunded order N".
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  byOrderIndex: 'byOrder',
  byOrderPartitionKey: 'gsi1pk',
  byOrderSortKey: 'gsi1sk',
} as const;

export const keys = {
  run: (runId: string) => ({ pk: `RUN#${runId}`, sk: 'RUN' }),
  journal: (runId: string, seq: string) => ({ pk: `RUN#${runId}`, sk: `JOURNAL#${seq}` }),
  event: (tenant: string, helpdesk: string, eventId: string) => ({ pk: `EVENT#${tenant}#${helpdesk}#${eventId}`, sk: 'EVENT' }),
  idempotency: (key: string) => ({ pk: `IDEM#${key}`, sk: 'IDEM' }),
  approval: (approvalId: string) => ({ pk: `APPROVAL#${approvalId}`, sk: 'APPROVAL' }),
  byOrder: (tenant: string, orderNumber: string) => `ORDER#${tenant}#${orderNumber}`,
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
        Projection: { ProjectionType: 'ALL' as const },
      },
    ],
  };
}
