// In-memory ApprovalStore with the DynamoDB adapter's semantics: a record is checked against the
// approval schema when created, decided once (pending and its form token), spent on one idempotency
// key, and RequestApproval's progress recorded only while pending (at least one field, as on DynamoDB).
import type { ApprovalRecord, ApprovalStore } from '../../ports.js';
import { RecordExistsError } from '../errors.js';
import { ApprovalRecordSchema, jsonCopy } from '../records.js';

export function createInMemoryApprovalStore(deps: { records: Map<string, ApprovalRecord> }): ApprovalStore {
  const { records } = deps;
  return {
    async create(record) {
      if (records.has(record.approvalId)) throw new RecordExistsError('approval', record.approvalId);
      records.set(record.approvalId, jsonCopy(ApprovalRecordSchema.parse(record)));
    },
    async get(approvalId) {
      const record = records.get(approvalId);
      return record ? jsonCopy(record) : null;
    },
    async decide(input) {
      const record = records.get(input.approvalId);
      if (!record || record.status !== 'pending' || record.formToken !== input.formToken) return null;
      const next: ApprovalRecord = { ...record, status: input.status, decidedBy: input.decidedBy, decidedAt: input.decidedAt, reason: input.reason };
      records.set(input.approvalId, next);
      return jsonCopy(next);
    },
    async consume(approvalId, idempotencyKey, at) {
      const record = records.get(approvalId);
      if (!record || record.status !== 'approved') return false;
      if (record.usedBy) return record.usedBy === idempotencyKey;
      records.set(approvalId, { ...record, usedBy: idempotencyKey, usedAt: at });
      return true;
    },
    async recordProgress(approvalId, progress) {
      const fields = jsonCopy(progress);
      if (Object.keys(fields).length === 0) throw new Error('recordProgress needs at least one field');
      const record = records.get(approvalId);
      if (!record || record.status !== 'pending') return false;
      records.set(approvalId, { ...record, ...fields });
      return true;
    },
  };
}
