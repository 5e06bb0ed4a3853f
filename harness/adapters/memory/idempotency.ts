// In-memory IdempotencyStore with the DynamoDB adapter's semantics: begin() claims the key once (the
// record already there is returned otherwise), a receipt is never overwritten by "unknown" nor
// released, and reads return the port's fields only (the detail of markUnknown stays in `state`).
import type { IdempotencyRecord, IdempotencyStore } from '../../ports.js';
import { RecordNotFoundError } from '../errors.js';
import { idempotencyExpiry, jsonCopy, toIdempotencyRecord } from '../records.js';

export type StoredIdempotencyRecord = IdempotencyRecord & { detail?: string };

export function createInMemoryIdempotencyStore(deps: { records: Map<string, StoredIdempotencyRecord> }): IdempotencyStore {
  const { records } = deps;
  const existing = (key: string) => {
    const record = records.get(key);
    if (!record) throw new RecordNotFoundError('idempotency record', key);
    return record;
  };
  return {
    async begin(record) {
      const found = records.get(record.key);
      if (found) return { created: false, record: toIdempotencyRecord(jsonCopy(found)) };
      const created: IdempotencyRecord = { expiresAt: idempotencyExpiry(record.createdAt), ...jsonCopy(record), status: 'in_flight', result: null };
      records.set(record.key, created);
      return { created: true, record: jsonCopy(created) };
    },
    async get(key) {
      const found = records.get(key);
      return found ? toIdempotencyRecord(jsonCopy(found)) : null;
    },
    async complete(key, result) {
      records.set(key, { ...existing(key), status: 'succeeded', result: jsonCopy(result) });
    },
    async markUnknown(key, detail) {
      const record = existing(key);
      if (record.status !== 'succeeded') records.set(key, { ...record, status: 'unknown', detail });
    },
    async release(key) {
      if (records.get(key)?.status === 'succeeded') return false;
      records.delete(key);
      return true;
    },
  };
}
