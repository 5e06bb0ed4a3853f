// A journal row as one table item, as small as its content allows: a write is billed per started
// kilobyte, and a run writes a dozen rows. The keys already say the run and the sequence, so `runId`
// and `seq` are not stored twice; the long texts (`input`, `result`: canonical JSON, a kilobyte or
// two) are stored deflated as binary, which brings a typical row under one write unit. Reading
// restores the row exactly.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { JournalRow } from '../../domain/types.js';
import { keys } from './table.js';

/** Texts at least this long are deflated; shorter ones would not shrink enough to matter. */
export const DEFLATE_FROM_CHARS = 200;
const LONG_TEXTS = ['input', 'result'] as const;

const RUN_PREFIX = keys.run('').pk;
const JOURNAL_PREFIX = keys.journal('', '').sk;

/** The item to put (keys and TTL are the caller's): the row without what its keys say, long texts deflated. */
export function journalItem(row: JournalRow): Record<string, unknown> {
  const { runId: _runId, seq: _seq, ...rest } = row;
  const item: Record<string, unknown> = { ...rest };
  for (const field of LONG_TEXTS) {
    const text = row[field];
    if (text !== undefined && text.length >= DEFLATE_FROM_CHARS) item[field] = deflateRawSync(Buffer.from(text, 'utf8'));
  }
  return item;
}

/** The row an item holds (keys included, TTL and other table attributes ignored by the parse). */
export function journalRowOf(item: Record<string, unknown>): JournalRow {
  const restored: Record<string, unknown> = { ...item };
  for (const field of LONG_TEXTS) {
    const value = item[field];
    if (value instanceof Uint8Array) restored[field] = inflateRawSync(value).toString('utf8');
  }
  restored.runId = String(item.pk).slice(RUN_PREFIX.length);
  restored.seq = String(item.sk).slice(JOURNAL_PREFIX.length);
  delete restored.pk;
  delete restored.sk;
  return JournalRow.parse(restored);
}
