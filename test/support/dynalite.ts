// dynalite in-process on 127.0.0.1 port 0 with the product's table, and document clients on it.
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput } from '#functions/shared/stores/dynamo/table.js';

export async function startDynalite(tableName = 'harness-test') {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    tableName,
    doc,
    /** Where the SDK reaches it (AWS_ENDPOINT_URL_DYNAMODB for code that builds its own client). */
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
