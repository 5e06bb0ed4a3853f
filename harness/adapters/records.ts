// Shapes and helpers shared by the store adapters: the approval record's schema, the journal's
// sortable sequence, and the retention (TTL) of the harness's rows (the event ledger's is beside it, in functions/shared/stores).
import * as z from 'zod';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { ApprovalSummary } from '../domain/types.js';
import type { ApprovalRecord, IdempotencyRecord } from '../ports.js';

export const ApprovalRecordSchema = ApprovalSummary.extend({
  runId: z.string(),
  tenant: z.string(),
  taskToken: z.string(),
  formToken: z.string(),
  tool: z.enum(TOOL_NAMES as [ApprovalRecord['tool'], ...ApprovalRecord['tool'][]]),
  policyVersion: z.string(),
  usedBy: z.string().nullable().optional(),
  usedAt: z.string().nullable().optional(),
  holdingNoteAt: z.string().nullable().optional(),
  emailedTo: z.array(z.string()).optional(),
});

export const IdempotencyRecordSchema = z.object({
  key: z.string(),
  runId: z.string(),
  argsHash: z.string(),
  status: z.enum(['in_flight', 'succeeded', 'unknown']),
  result: z.unknown(),
  createdAt: z.string(),
  expiresAt: z.number().int().optional(),
});

export function toIdempotencyRecord(item: unknown): IdempotencyRecord {
  const parsed = IdempotencyRecordSchema.parse(item);
  return { ...parsed, result: parsed.result ?? null };
}

/**
 * How long an idempotency key is kept (DynamoDB TTL on `expiresAt`): 30 days, well past the longest
 * approval wait (24 h default) plus the state machine's 48 h limit, so a resumed refund finds its key.
 */
export const IDEMPOTENCY_RETENTION_SECONDS = 30 * 24 * 3600;

export function idempotencyExpiry(createdAt: string): number {
  return Math.floor(Date.parse(createdAt) / 1000) + IDEMPOTENCY_RETENTION_SECONDS;
}

/**
 * How long a run row and its journal rows are kept (DynamoDB TTL on `expiresAt`, counted from the
 * run's creation or the row's time): the tenant file's `retentionDays` (RETENTION_DAYS), this by default.
 */
export const DEFAULT_RETENTION_DAYS = 400;

/** Epoch seconds `days` after an ISO time: the TTL of a row written then. */
export function retentionExpiry(at: string, days: number): number {
  return Math.floor(Date.parse(at) / 1000) + days * 24 * 3600;
}

/** The budget counters' items: one per run, one per tenant and UTC day. */
export const BUDGET_RETENTION_SECONDS = 3 * 24 * 3600;

/**
 * `<ISO time>#<8-digit counter>#<random>`: sorts by time, then by call order inside one process,
 * and never collides across processes.
 */
export function createJournalSequencer(random: () => string) {
  let counter = 0;
  return (at: string) => `${at}#${String(++counter % 1e8).padStart(8, '0')}#${random()}`;
}

/** JSON-safe copy: drops undefined (DynamoDB rejects it) and detaches the caller's objects. */
export function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
