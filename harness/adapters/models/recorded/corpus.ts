// A corpus of recorded model answers on disk: one file per golden ticket, `<ticketId>.json` =
// { ticketId, answers: { <specialist>: [output of call 0, output of call 1, …] } }. The answers are
// keyed by ticket, specialist and call index, never by the prompt, so a corpus outlives prompt
// edits and schema additions. Read once at the edge (the eval), written by the recording provider
// and by eval/corpora/convert.ts; the format is documented in eval/corpora/README.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { HarnessConfigError } from '../../../errors.js';
import type { Specialist } from '../../../ports.js';

export const CORPUS_SPECIALISTS = ['triage', 'order_agent', 'reply_agent', 'reply_check'] as const satisfies readonly Specialist[];

/** A ticket id that is safe as a file name: letters, digits, dot, dash, underscore, not starting with a dot. */
const TicketId = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/, 'a ticket id usable as a file name');

/** The n-th element answers the n-th call of that specialist in the ticket's run (a repair call is a call). */
const Calls = z.array(z.unknown()).optional();
export const CorpusAnswers = z.object({ triage: Calls, order_agent: Calls, reply_agent: Calls, reply_check: Calls }).strict();
export type CorpusAnswers = Partial<Record<Specialist, unknown[]>>;

/**
 * The misreadings a corpus of wrong answers is written in (eval/corpora/wrong/): each ticket's order
 * agent answer is wrong on purpose in one of these ways, and no automatic refund may follow it.
 */
export const WRONG_CLASSES = [
  'quantity_up',
  'quantity_down',
  'excluded_item_claimed',
  'reason_upgraded',
  'remedy_swapped',
  'quote_from_order_note',
  'quote_from_other_ticket',
  'quote_from_agent_draft',
] as const;
export type WrongClass = (typeof WRONG_CLASSES)[number];

export const CorpusFile = z.object({
  ticketId: TicketId,
  answers: CorpusAnswers,
  /** Set in a corpus of wrong answers: how this ticket's answer is wrong. */
  wrong: z.object({ class: z.enum(WRONG_CLASSES) }).optional(),
});
export type CorpusFile = z.infer<typeof CorpusFile>;

/** Per ticket of a corpus of wrong answers, how its answer is wrong (tickets without one left out). */
export function wrongClassesOf(dir: string): Map<string, WrongClass> {
  const classes = new Map<string, WrongClass>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const file = parseCorpusFile(readFileSync(join(dir, name), 'utf8'), join(dir, name), name.slice(0, -'.json'.length));
    if (file.wrong) classes.set(file.ticketId, file.wrong.class);
  }
  return classes;
}

/** Every ticket's answers, by ticket id. */
export type Corpus = ReadonlyMap<string, CorpusAnswers>;

/** `<dir>/<ticketId>.json`; an id that cannot be a file name (a path, say) is refused. */
export function corpusFilePath(dir: string, ticketId: string): string {
  if (!TicketId.safeParse(ticketId).success)
    throw new HarnessConfigError(`ticket id ${JSON.stringify(ticketId)} cannot name a corpus file`, { context: { ticketId } });
  return join(dir, `${ticketId}.json`);
}

/** Parses one corpus file's text; `expectedId` is the id its file name says. */
export function parseCorpusFile(text: string, where: string, expectedId?: string): CorpusFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HarnessConfigError(`${where} is not JSON: ${(error as Error).message}`);
  }
  const parsed = CorpusFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HarnessConfigError(`${where} is not a corpus file: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  if (expectedId !== undefined && parsed.data.ticketId !== expectedId) {
    throw new HarnessConfigError(`${where} holds ticket ${parsed.data.ticketId}, not ${expectedId} as its name says`);
  }
  return parsed.data;
}

/** Every `<ticketId>.json` of `dir` (other files are left alone); a missing directory is an error. */
export function readCorpus(dir: string): Map<string, CorpusAnswers> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new HarnessConfigError(`no corpus directory at ${dir}`, { context: { dir } });
  const corpus = new Map<string, CorpusAnswers>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = parseCorpusFile(readFileSync(join(dir, name), 'utf8'), join(dir, name), name.slice(0, -'.json'.length));
    corpus.set(file.ticketId, file.answers);
  }
  return corpus;
}

/** The ticket's file, or null when the corpus has none. */
export function readCorpusFile(dir: string, ticketId: string): CorpusFile | null {
  const path = corpusFilePath(dir, ticketId);
  return existsSync(path) ? parseCorpusFile(readFileSync(path, 'utf8'), path, ticketId) : null;
}

/** Writes JSON to `path` whole or not at all: a temporary file beside it, then a rename. */
export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, path);
}

/** Replaces the ticket's file (answers in specialist order, so files diff well), a wrong answer's class kept. */
export function writeCorpusFile(dir: string, file: CorpusFile): void {
  const answers = Object.fromEntries(CORPUS_SPECIALISTS.filter((s) => file.answers[s]).map((s) => [s, file.answers[s]]));
  writeJsonAtomic(corpusFilePath(dir, file.ticketId), { ticketId: file.ticketId, ...(file.wrong ? { wrong: file.wrong } : {}), answers });
}
