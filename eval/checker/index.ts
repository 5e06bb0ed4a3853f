// The golden set's label checker: an independent reference implementation of docs/policy.md over the
// shared fixture. checkGoldenSet(dir) reads <dir>/fixture.json, <dir>/policy.json (the tenant
// policy's switches the set runs under; absent: the default) and <dir>/tickets/*.json, recomputes
// every label from its claim and reports each disagreement, per ticket.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_GOLDEN_POLICY, GoldenFile, GoldenPolicy, type Category, type GoldenTicket, type Label } from '../golden/schema.js';
import { compareLabels } from './compare.js';
import { GoldenDataError } from './errors.js';
import { deriveLabel } from './requests.js';
import { setProblems, ticketProblems, type Located } from './set-checks.js';
import { readStore, type Store } from './store.js';

export { deriveLabel } from './requests.js';
export { GoldenDataError } from './errors.js';
export { POLICY } from './policy-numbers.js';
export type { Store } from './store.js';

export interface GoldenSet {
  store: Store;
  tickets: GoldenTicket[];
  /** The file each ticket came from, by ticket id. */
  files: Map<string, string>;
}

export interface CheckResult extends GoldenSet {
  /** One line per problem, "<ticket id>: <what disagrees>"; empty when the set is sound. */
  problems: string[];
  summary: Summary;
}

export interface Summary {
  total: number;
  byCategory: Partial<Record<Category, number>>;
  byOutcome: Partial<Record<Label['outcome'], number>>;
  byHelpdesk: Partial<Record<string, number>>;
  byLanguage: Partial<Record<string, number>>;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Reads and parses the set; throws on a file that does not match the schema. */
/** The set's policy switches (policy.json), or the default policy's when the set has none. */
export function readGoldenPolicy(dir: string): GoldenPolicy {
  const path = join(dir, 'policy.json');
  if (!existsSync(path)) return DEFAULT_GOLDEN_POLICY;
  const parsed = GoldenPolicy.safeParse(readJson(path));
  if (!parsed.success) throw new GoldenDataError(`policy.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function loadGoldenSet(dir: string): GoldenSet {
  const store = readStore(readJson(join(dir, 'fixture.json')), join(dir, 'fixture.json'), readGoldenPolicy(dir));
  const ticketsDir = join(dir, 'tickets');
  const tickets: GoldenTicket[] = [];
  const files = new Map<string, string>();
  for (const file of readdirSync(ticketsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = GoldenFile.safeParse(readJson(join(ticketsDir, file)));
    if (!parsed.success) throw new GoldenDataError(`tickets/${file} is invalid: ${z.prettifyError(parsed.error)}`);
    for (const ticket of parsed.data) {
      tickets.push(ticket);
      files.set(ticket.id, file);
    }
  }
  return { store, tickets, files };
}

function count<T extends string>(values: T[]): Partial<Record<T, number>> {
  const counts: Partial<Record<T, number>> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

export function summarize(tickets: GoldenTicket[]): Summary {
  return {
    total: tickets.length,
    byCategory: count(tickets.map((t) => t.category)),
    byOutcome: count(tickets.map((t) => t.label.outcome)),
    byHelpdesk: count(tickets.map((t) => t.helpdesk)),
    byLanguage: count(tickets.map((t) => t.language)),
  };
}

export function checkGoldenSet(dir: string): CheckResult {
  const set = loadGoldenSet(dir);
  const located: Located[] = set.tickets.map((ticket) => ({ ticket, file: set.files.get(ticket.id) ?? '?' }));
  const problems = [...setProblems(located, set.store)];
  for (const l of located) {
    const found = [...ticketProblems(l, set.store)];
    try {
      found.push(...compareLabels(l.ticket.label, deriveLabel(l.ticket, set.store)));
    } catch (error) {
      if (!(error instanceof GoldenDataError)) throw error;
      found.push(error.message.replace(`${l.ticket.id}: `, ''));
    }
    problems.push(...found.map((p) => `${l.ticket.id}: ${p}`));
  }
  return { ...set, problems, summary: summarize(set.tickets) };
}
