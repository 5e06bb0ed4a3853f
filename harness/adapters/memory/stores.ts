// In-memory implementations of the storage ports with the same conditional semantics as the
// DynamoDB adapter (create-once, single-use decisions, first claim wins). For unit tests and
// quick local runs; nothing survives the process.
import { Run } from '../../domain/types.js';
import type { ApprovalRecord, ApprovalStore, BudgetStore, Clock, EventLedger, IdempotencyRecord, IdempotencyStore, IdGenerator, JournalStore, LockStore, RunCondition, RunStore, ShadowStore } from '../../ports.js';
import type { JournalRow } from '../../domain/types.js';
import { RecordExistsError, RecordNotFoundError } from '../errors.js';
import { createJournalSequencer, idempotencyExpiry, plain } from '../records.js';
import { createInMemoryBudgetStore } from './budget.js';
import { createInMemoryLockStore } from './locks.js';
import { createInMemoryShadowStore } from './shadow.js';

export interface InMemoryStores {
  runs: RunStore;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  approvals: ApprovalStore;
  events: EventLedger;
  budget: BudgetStore;
  /** Leases with an expiry (one refund dispatch at a time per customer). */
  locks: LockStore;
  /** Shadow mode's class counters and promotions (writes resolutions on the runs above). */
  shadow: ShadowStore;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  /** The raw maps, for assertions in tests. */
  readonly state: {
    runs: Map<string, Run>;
    journal: Map<string, JournalRow[]>;
    idempotency: Map<string, IdempotencyRecord & { detail?: string }>;
    approvals: Map<string, ApprovalRecord>;
    events: Map<string, string>;
  };
}

const systemClock: Clock = { now: () => new Date() };

/** The same condition the DynamoDB adapter writes as a ConditionExpression, checked in the same tick as the write. */
function meets(run: Run, condition: RunCondition): boolean {
  if (condition.statusIn && !condition.statusIn.includes(run.status)) return false;
  if (condition.notCancelled && run.cancellation) return false;
  if (condition.noRefundIntent && run.refundIntent) return false;
  return true;
}
const randomIds: IdGenerator = { random: () => crypto.randomUUID().replace(/-/g, '') };

export function createInMemoryStores(options: { clock?: Clock; ids?: IdGenerator } = {}): InMemoryStores {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const nextSeq = createJournalSequencer(() => ids.random());
  const state: InMemoryStores['state'] = {
    runs: new Map(),
    journal: new Map(),
    idempotency: new Map(),
    approvals: new Map(),
    events: new Map(),
  };

  const runs: RunStore = {
    async create(run) {
      if (state.runs.has(run.runId)) return false;
      state.runs.set(run.runId, Run.parse(plain(run)));
      return true;
    },
    async get(runId) {
      const run = state.runs.get(runId);
      return run ? plain(run) : null;
    },
    async update(runId, patch) {
      return (await runs.updateIf(runId, patch, {}))!;
    },
    async updateIf(runId, patch, condition) {
      const run = state.runs.get(runId);
      if (!run) throw new RecordNotFoundError('run', runId);
      if (!meets(run, condition)) return null;
      const defined = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && !['runId', 'tenant', 'createdAt'].includes(k)));
      const next = Run.parse(plain({ ...run, ...defined, updatedAt: patch.updatedAt ?? clock.now().toISOString() }));
      state.runs.set(runId, next);
      return plain(next);
    },
    async addCost(runId, micros) {
      const run = state.runs.get(runId);
      if (!run) throw new RecordNotFoundError('run', runId);
      state.runs.set(runId, { ...run, costMicros: run.costMicros + micros });
    },
    async list(limit) {
      return [...state.runs.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit).map(plain);
    },
    async listByStatus(tenant, status, limit, opts) {
      // updatedAt stands in for when the status was taken (DynamoDB keeps that as the index's sort key): a superset.
      return [...state.runs.values()]
        .filter((r) => r.tenant === tenant && r.status === status && (opts?.changedSince === undefined || r.updatedAt >= opts.changedSince))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, limit)
        .map(plain);
    },
  };

  const journal: JournalStore = {
    async append(row) {
      const stored = plain({ ...row, seq: nextSeq(row.at) });
      const rows = state.journal.get(row.runId) ?? [];
      rows.push(stored);
      state.journal.set(row.runId, rows);
      return plain(stored);
    },
    async listByRun(runId) {
      return [...(state.journal.get(runId) ?? [])].sort((a, b) => a.seq.localeCompare(b.seq)).map(plain);
    },
  };

  const idempotency: IdempotencyStore = {
    async begin(record) {
      const existing = state.idempotency.get(record.key);
      if (existing) return { created: false, record: plain(existing) };
      const created: IdempotencyRecord = { expiresAt: idempotencyExpiry(record.createdAt), ...plain(record), status: 'in_flight', result: null };
      state.idempotency.set(record.key, created);
      return { created: true, record: plain(created) };
    },
    async get(key) {
      const existing = state.idempotency.get(key);
      return existing ? plain(existing) : null;
    },
    async complete(key, result) {
      const existing = state.idempotency.get(key);
      if (!existing) throw new RecordNotFoundError('idempotency record', key);
      state.idempotency.set(key, { ...existing, status: 'succeeded', result: plain(result) });
    },
    async markUnknown(key, detail) {
      const existing = state.idempotency.get(key);
      if (!existing) throw new RecordNotFoundError('idempotency record', key);
      if (existing.status !== 'succeeded') state.idempotency.set(key, { ...existing, status: 'unknown', detail });
    },
    async release(key) {
      if (state.idempotency.get(key)?.status === 'succeeded') return false;
      state.idempotency.delete(key);
      return true;
    },
  };

  const approvals: ApprovalStore = {
    async create(record) {
      if (state.approvals.has(record.approvalId)) throw new RecordExistsError('approval', record.approvalId);
      state.approvals.set(record.approvalId, plain(record));
    },
    async get(approvalId) {
      const record = state.approvals.get(approvalId);
      return record ? plain(record) : null;
    },
    async decide(input) {
      const record = state.approvals.get(input.approvalId);
      if (!record || record.status !== 'pending' || record.formToken !== input.formToken) return null;
      const next: ApprovalRecord = { ...record, status: input.status, decidedBy: input.decidedBy, decidedAt: input.decidedAt, reason: input.reason };
      state.approvals.set(input.approvalId, next);
      return plain(next);
    },
    async consume(approvalId, idempotencyKey, at) {
      const record = state.approvals.get(approvalId);
      if (!record || record.status !== 'approved') return false;
      if (record.usedBy) return record.usedBy === idempotencyKey;
      state.approvals.set(approvalId, { ...record, usedBy: idempotencyKey, usedAt: at });
      return true;
    },
    async recordProgress(approvalId, progress) {
      const record = state.approvals.get(approvalId);
      if (!record || record.status !== 'pending') return false;
      state.approvals.set(approvalId, { ...record, ...plain(progress) });
      return true;
    },
  };

  const events: EventLedger = {
    async claim(input) {
      const id = `${input.tenant}#${input.helpdesk}#${input.eventId}`;
      const first = state.events.get(id);
      if (first !== undefined) return { firstTime: false, runId: first };
      state.events.set(id, input.runId);
      return { firstTime: true, runId: input.runId };
    },
  };

  async function findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]> {
    return [...state.runs.values()]
      .filter((r) => r.tenant === tenant && r.order?.orderNumber === orderNumber)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(plain);
  }

  const shadow = createInMemoryShadowStore({ runs: state.runs, now: () => clock.now().toISOString() });
  return { runs, journal, idempotency, approvals, events, budget: createInMemoryBudgetStore(), locks: createInMemoryLockStore({ clock }), shadow, findRunsByOrder, state };
}
