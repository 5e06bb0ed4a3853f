// The table for the entries that use it: the DynamoDB stores (run store, journal, approvals,
// idempotency, budgets, locks, events, shadow) over one document client, and the product metrics as
// EMF lines on stdout, where CloudWatch turns them into metrics. Built once per container.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createProductMetrics } from '#harness/metrics.js';
import { createMetricsEmitter, stdoutSink } from '#shared/metrics.js';
import { createDynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { part } from '../lambda-app.js';

export const tableOf = part(({ config, clock, ids }) => {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
  const stores = createDynamoStores({
    client: doc,
    tableName: config.TABLE_NAME,
    clock,
    ids,
    ...(config.RETENTION_DAYS === undefined ? {} : { retentionDays: config.RETENTION_DAYS }),
  });
  return { stores, metrics: createProductMetrics(createMetricsEmitter({ sink: stdoutSink, clock })) };
});
