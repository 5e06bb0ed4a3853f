// DynamoDB-compatible server (dynalite) on loopback, with the product's table created: in memory, or
// on disk (a LevelDB directory) when given a path, so a restart finds the table and its items.
import type { Server } from 'node:http';
import dynalite from 'dynalite';
import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput } from '#functions/shared/stores/dynamo/table.js';
import { closeServer, LOCAL_AWS, portOf } from './listen.js';

export interface LocalDynamo {
  endpoint: string;
  tableName: string;
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  close(): Promise<void>;
}

export async function startLocalDynamo(opts: { port?: number; tableName?: string; path?: string } = {}): Promise<LocalDynamo> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(opts.path ? { path: opts.path } : {}) });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${portOf(server)}`;
  const tableName = opts.tableName ?? 'refund-agent-local';
  const client = new DynamoDBClient({ ...LOCAL_AWS, endpoint });
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    // On disk, a restart finds the table it created before.
    if (!(opts.path && error instanceof ResourceInUseException)) throw error;
  }
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    tableName,
    client,
    doc,
    async close() {
      client.destroy();
      await closeServer(server);
    },
  };
}
