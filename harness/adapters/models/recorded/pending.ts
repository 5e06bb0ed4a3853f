// Pending requests: a call the corpus has no answer for, written down so a person (or a model) can
// answer it: `<pending>/<ticketId>/<specialist>-<call>.json` with the question as the specialist was
// asked it (system prompt, input, the JSON Schema its answer must match) and an `answer` slot.
// `eval/corpora/convert.ts collect` moves the filled slots into the corpus. Written by the recorded
// provider (provider.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type { ModelRequest, Specialist } from '../../../ports.js';
import { CORPUS_SPECIALISTS, corpusFilePath, writeJsonAtomic } from './corpus.js';

export interface PendingRequest {
  ticketId: string;
  specialist: Specialist;
  /** The call index (0-based): where the answer goes in the ticket's `answers[specialist]`. */
  call: number;
  model: string;
  system: string;
  input: Record<string, unknown>;
  /** The JSON Schema of the answer, as the gateway's zod schema accepts it. */
  outputSchema: Record<string, unknown>;
  /** A repair call: the answer the schema rejected and what was wrong with it. */
  repair?: { previousOutput: unknown; problems: string[] };
  /** Null until answered. */
  answer: unknown;
}

export const PendingFile = z.object({
  ticketId: z.string().min(1),
  specialist: z.enum(CORPUS_SPECIALISTS),
  call: z.number().int().nonnegative(),
  answer: z.unknown(),
});

/** `<pending>/<ticketId>/<specialist>-<call>.json`; the ticket id is checked as a corpus file name is. */
export function pendingFilePath(dir: string, ticketId: string, specialist: Specialist, call: number): string {
  const ticketDir = corpusFilePath(dir, ticketId).slice(0, -'.json'.length);
  return join(ticketDir, `${specialist}-${call}.json`);
}

/** The JSON Schema of what `schema` accepts; parts JSON Schema cannot say (a refinement) are left open. */
export function outputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * Writes the request down, unless a file for this call already holds an answer (answered but not
 * yet collected: a person's work is never overwritten). Returns the file's path.
 */
export function writePendingRequest(dir: string, at: { ticketId: string; specialist: Specialist; call: number }, request: ModelRequest<unknown>): string {
  const path = pendingFilePath(dir, at.ticketId, at.specialist, at.call);
  if (existsSync(path) && answered(readFileSync(path, 'utf8'))) return path;
  const pending: PendingRequest = {
    ...at,
    model: request.model,
    system: request.system,
    input: request.input,
    outputSchema: outputJsonSchema(request.schema),
    ...(request.repair ? { repair: request.repair } : {}),
    answer: null,
  };
  writeJsonAtomic(path, pending);
  return path;
}

function answered(text: string): boolean {
  try {
    const parsed = PendingFile.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.answer !== null && parsed.data.answer !== undefined;
  } catch {
    return false;
  }
}
