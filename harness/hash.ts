// Canonical JSON (sorted keys, no undefined) and SHA-256 hex. Used for argument hashes in the
// journal, approval binding, idempotency keys, tool pins and the policy hash.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalize(value));
}

function normalize(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
    if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') {
      throw new TypeError(`canonicalJson: unsupported ${typeof value}`);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : normalize(item)));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = normalize(item);
  }
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 hex of the canonical JSON of `value`: equal for equal data, whatever the key order. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
