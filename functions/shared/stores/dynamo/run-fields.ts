// A run row's large parts, stored deflated: a write is billed per started kilobyte of the whole item,
// and a run's row is updated a dozen times while it grows to about 3 kB (the ticket, the order facts,
// the proposal, the gate's decision, the receipt, the draft). Each such part, once its JSON is long
// enough to shrink, is stored as binary deflated JSON, which roughly halves the row and so the units
// of every later update. Only whole top-level attributes are packed: no condition, index key or
// nested update reads inside them (status, cancellation, refundIntent and shadow stay as they are),
// and the row-access conditions name attributes, which keep their names. Reading restores them
// exactly.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** The parts packed when long: set once or a few times by one step each, read whole. */
export const PACKED_RUN_FIELDS = ['ticket', 'triage', 'order', 'proposal', 'gate', 'approval', 'refund', 'draft', 'ticketRequests', 'combinedDraft'] as const;
const PACKED: ReadonlySet<string> = new Set(PACKED_RUN_FIELDS);

/** Parts whose JSON is shorter than this stay as maps: deflate would not save a unit. */
export const PACK_FROM_CHARS = 160;

/** The value to store for one field of the row. */
export function packRunField(field: string, value: unknown): unknown {
  if (!PACKED.has(field) || value === null || typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  return json.length >= PACK_FROM_CHARS ? deflateRawSync(Buffer.from(json, 'utf8')) : value;
}

/** Every field of a row to write, packed where it is long. */
export const packRunFields = (record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([field, value]) => [field, packRunField(field, value)]));

/** The row as stored → its fields as the domain has them (unpacked parts; other binary values untouched). */
export function unpackRunFields(item: Record<string, unknown>): Record<string, unknown> {
  const restored: Record<string, unknown> = { ...item };
  for (const field of PACKED_RUN_FIELDS) {
    const value = item[field];
    if (value instanceof Uint8Array) restored[field] = JSON.parse(inflateRawSync(value).toString('utf8')) as unknown;
  }
  return restored;
}
