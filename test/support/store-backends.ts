// The storage backends the store contract (test/contract/stores/) runs against: the in-memory stores,
// and the DynamoDB adapters on dynalite (in process, the server `npm start` runs). A backend is
// started once per test file; every makeStores() call gets a table of its own, so no test sees
// another's rows. No port writes a transaction, so Amazon's DynamoDB Local is not needed here.
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { createDynamoStores, createTableInput, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Clock, IdGenerator } from '#harness/ports.js';
import { startLocalDynamo, type LocalDynamo } from '#local/emulators/dynamo.js';

/** Every storage port, plus the byOrder look-up both store bundles offer. */
export type ContractStores = Pick<
  DynamoStores,
  'runs' | 'journal' | 'idempotency' | 'approvals' | 'events' | 'budget' | 'locks' | 'shadow' | 'findRunsByOrder' | 'tickets'
>;

/** Fresh stores on an empty backing, on the given clock (leases, updatedAt and expiries follow it). */
export type MakeStores = (deps: { clock: Clock; ids: IdGenerator }) => Promise<ContractStores>;

export interface StoreBackend {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  makeStores: MakeStores;
}

export function inMemoryBackend(): StoreBackend {
  return {
    name: 'in memory',
    start: async () => {},
    stop: async () => {},
    makeStores: async (deps) => createInMemoryStores(deps),
  };
}

/** The DynamoDB adapters on dynalite in process on a loopback port: a new table for each makeStores(). */
export function dynaliteBackend(): StoreBackend {
  const name = 'DynamoDB adapters on dynalite';
  let dynamo: LocalDynamo | null = null;
  let tables = 0;
  return {
    name,
    async start() {
      dynamo = await startLocalDynamo({ tableName: 'contract-0' });
    },
    async stop() {
      await dynamo?.close();
      dynamo = null;
    },
    async makeStores(deps) {
      if (!dynamo) throw new Error(`${name} is not started`);
      const tableName = `contract-${++tables}`;
      await dynamo.client.send(new CreateTableCommand(createTableInput(tableName)));
      return createDynamoStores({ client: dynamo.doc, tableName, ...deps });
    },
  };
}
