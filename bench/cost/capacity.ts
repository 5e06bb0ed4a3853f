// DynamoDB's own arithmetic, for the cost estimate: an item's size from its attribute values, the
// request units a read or write of it consumes, and the writes a table write causes in each global
// secondary index (DynamoDB bills those as write units of their own). Pure.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

export type Item = Record<string, AttributeValue>;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's size: about one byte per two significant digits, plus one (DynamoDB's documented rule). */
function numberSize(text: string): number {
  const digits = text
    .replace(/^-/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + b.byteLength, 0);
  // Lists and maps: 3 bytes, plus one byte and the size of each element (a map's keys as names).
  if (value.L !== undefined) return 3 + value.L.reduce((sum, v) => sum + 1 + valueSize(v), 0);
  if (value.M !== undefined) return 3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + utf8(k) + valueSize(v), 0);
  return 0;
}

/** Bytes of an item as DynamoDB counts them: each attribute's name and value. */
export function itemSize(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);
}

/** Write request units of writing (or deleting) an item of this size: one per started KB. */
export const writeUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / 1024));

/** Read request units of reading this many bytes: one per started 4 KB, half that when eventually consistent. */
export const readUnits = (bytes: number, consistent: boolean): number => Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);

export type IndexShape = { name: string; hash: string; range?: string; projection: 'ALL' | 'KEYS_ONLY' };

/** The overhead DynamoDB adds to each index entry's size. */
const INDEX_ENTRY_OVERHEAD = 100;

function indexEntry(index: IndexShape, tableKeys: readonly string[], item: Item | null): Item | null {
  if (!item || item[index.hash] === undefined || (index.range !== undefined && item[index.range] === undefined)) return null;
  if (index.projection === 'ALL') return item;
  const names = [...tableKeys, index.hash, ...(index.range ? [index.range] : [])];
  return Object.fromEntries(names.filter((name) => item[name] !== undefined).map((name) => [name, item[name]!]));
}

const same = (a: Item, b: Item) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The write units one table write (item `before` → `after`, null when absent) costs in one index: a
 * new entry is a put, a vanished one a delete, a changed index key both, and an entry whose projected
 * attributes changed a put; an entry that did not change costs nothing.
 */
export function indexWriteUnits(index: IndexShape, tableKeys: readonly string[], before: Item | null, after: Item | null): number {
  const was = indexEntry(index, tableKeys, before);
  const is = indexEntry(index, tableKeys, after);
  const units = (entry: Item) => writeUnits(itemSize(entry) + INDEX_ENTRY_OVERHEAD);
  if (!was && !is) return 0;
  if (!was) return units(is!);
  if (!is) return units(was);
  const key = (entry: Item) => JSON.stringify([entry[index.hash], index.range ? entry[index.range] : null]);
  if (key(was) !== key(is)) return units(was) + units(is);
  return same(was, is) ? 0 : Math.max(units(was), units(is));
}
