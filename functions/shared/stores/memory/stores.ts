// Every storage port in memory, with the DynamoDB adapters' conditional semantics (create-once,
// single-use decisions, first claim wins): the harness's stores (harness/adapters/memory/) composed
// with the app's run, event and shadow stores here, one file per port as in ../dynamo/. The store
// contract (test/contract/stores/) runs the same suites against both. For unit tests and quick local
// runs; nothing survives the process.
import type { JournalRow } from '#harness/domain/types.js';
import type { ApprovalRecord, Clock, IdGenerator } from '#harness/ports.js';
import {
  createInMemoryApprovalStore,
  createInMemoryBudgetStore,
  createInMemoryIdempotencyStore,
  createInMemoryJournalStore,
  createInMemoryLockStore,
  type StoredIdempotencyRecord,
} from '#harness/adapters/memory/index.js';
import type { Run } from '../../domain/run.js';
import type { AppStores } from '../ports.js';
import { createInMemoryEventLedger } from './events.js';
import { createInMemoryRunStore } from './runs.js';
import { createInMemoryShadowStore } from './shadow.js';
import { createInMemoryTicketLedger } from './tickets.js';
import { systemClock } from '#shared/clock.js';

export interface InMemoryStores extends AppStores {
  /** The raw maps, for assertions in tests. */
  readonly state: {
    runs: Map<string, Run>;
    journal: Map<string, JournalRow[]>;
    idempotency: Map<string, StoredIdempotencyRecord>;
    approvals: Map<string, ApprovalRecord>;
    events: Map<string, string>;
  };
}

const randomIds: IdGenerator = { random: () => crypto.randomUUID().replace(/-/g, '') };

export function createInMemoryStores(options: { clock?: Clock; ids?: IdGenerator } = {}): InMemoryStores {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const state: InMemoryStores['state'] = { runs: new Map(), journal: new Map(), idempotency: new Map(), approvals: new Map(), events: new Map() };
  const runs = createInMemoryRunStore({ runs: state.runs, clock });
  return {
    runs,
    journal: createInMemoryJournalStore({ rows: state.journal, ids }),
    idempotency: createInMemoryIdempotencyStore({ records: state.idempotency }),
    approvals: createInMemoryApprovalStore({ records: state.approvals }),
    events: createInMemoryEventLedger({ claims: state.events }),
    budget: createInMemoryBudgetStore(),
    locks: createInMemoryLockStore({ clock }),
    shadow: createInMemoryShadowStore({ runs: state.runs, now: () => clock.now().toISOString() }),
    findRunsByOrder: (tenant, orderNumber) => runs.findRunsByOrder(tenant, orderNumber),
    tickets: createInMemoryTicketLedger({ ledgers: new Map() }),
    state,
  };
}
