// Another wording of the golden set: the same tickets (ids, requesters, orders, labels), each in a
// second wording written blind by someone who saw only the customer's words (eval/corpora/reworded/).
// `--wording <file>` replaces every ticket's subject, body and follow-ups with it, so the set's
// scores can be read beside the original wording's: what moves is the reading, not the facts.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { GoldenTicket } from '../golden/schema.js';
import { GoldenSetError, type GoldenSet } from './golden.js';

export const Wording = z.array(
  z.object({
    id: z.string().min(1),
    subject: z.string().min(1),
    body: z.string().min(1),
    followUps: z.array(z.string().min(1)).optional(),
  }),
);
export type Wording = z.infer<typeof Wording>;

export function loadWording(path: string): Wording {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new GoldenSetError(`cannot read the wording ${path}: ${(error as Error).message}`);
  }
  const parsed = Wording.safeParse(raw);
  if (!parsed.success) throw new GoldenSetError(`${path} is not a wording file: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The set with every ticket reworded. Every ticket of the set must have its wording, and the
 * wording no ticket the set lacks, so a score is never read on a mix of the two wordings.
 */
export function applyWording(set: GoldenSet, wording: Wording): GoldenSet {
  const byId = new Map(wording.map((w) => [w.id, w]));
  const { tickets } = set;
  const ids = new Set(tickets.map((t) => t.id));
  const unknown = wording.filter((w) => !ids.has(w.id)).map((w) => w.id);
  if (unknown.length > 0) throw new GoldenSetError(`the wording has tickets the golden set lacks: ${unknown.slice(0, 5).join(', ')}`);
  const missing = tickets.filter((t) => !byId.has(t.id)).map((t) => t.id);
  if (missing.length > 0) throw new GoldenSetError(`the wording lacks ${missing.length} golden ticket(s): ${missing.slice(0, 5).join(', ')}`);
  const reworded = (t: GoldenTicket): GoldenTicket => {
    const w = byId.get(t.id)!;
    const { followUps: _old, ...rest } = t;
    return { ...rest, subject: w.subject, body: w.body, ...(w.followUps?.length ? { followUps: w.followUps } : {}) };
  };
  return { ...set, tickets: tickets.map(reworded) };
}
