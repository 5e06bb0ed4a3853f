// Reads the golden set (eval/golden: fixture.json, policy.json and tickets/<category>.json, validated
// with the golden schema), picks the tickets `--only` names, and answers the fixture questions the runner
// has: who the helpdesk requester is, and which customers a ticket touches (to keep tickets that
// could change each other's store state off the same runtime).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseFixture, type SandboxFixture } from '#local/sandbox/index.js';
import { DEFAULT_GOLDEN_POLICY, GoldenFile, GoldenPolicy, type GoldenTicket } from '../golden/schema.js';

export class GoldenSetError extends Error {
  override readonly name = 'GoldenSetError';
}

export interface GoldenSet {
  dir: string;
  fixture: SandboxFixture;
  /** The tenant policy's switches every runtime gets (policy.json; absent: the default policy's, both off). */
  policy: GoldenPolicy;
  tickets: GoldenTicket[];
}

function readPolicy(dir: string): GoldenPolicy {
  const path = join(dir, 'policy.json');
  if (!existsSync(path)) return DEFAULT_GOLDEN_POLICY;
  const parsed = GoldenPolicy.safeParse(readJson(path));
  if (!parsed.success) throw new GoldenSetError(`${path} is not a golden policy: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new GoldenSetError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

export function loadGoldenSet(dir: string): GoldenSet {
  const fixture = parseFixture(readJson(join(dir, 'fixture.json')), join(dir, 'fixture.json'));
  const ticketsDir = join(dir, 'tickets');
  let files: string[];
  try {
    files = readdirSync(ticketsDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    throw new GoldenSetError(`no tickets folder at ${ticketsDir}`);
  }
  const tickets: GoldenTicket[] = [];
  for (const file of files) {
    const parsed = GoldenFile.safeParse(readJson(join(ticketsDir, file)));
    if (!parsed.success) throw new GoldenSetError(`${join(ticketsDir, file)} is not a golden file: ${z.prettifyError(parsed.error)}`);
    tickets.push(...parsed.data);
  }
  const seen = new Set<string>();
  for (const t of tickets) {
    if (seen.has(t.id)) throw new GoldenSetError(`ticket id ${t.id} appears twice`);
    seen.add(t.id);
  }
  return { dir, fixture, policy: readPolicy(dir), tickets: tickets.sort((a, b) => a.id.localeCompare(b.id)) };
}

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

/**
 * The tickets any pattern names: a category, an id, or a glob over either ("partial-qty-*",
 * "*_refunds"). No pattern: every ticket. A pattern that names nothing is an error (a typo).
 */
export function selectTickets(tickets: readonly GoldenTicket[], only: readonly string[]): GoldenTicket[] {
  if (only.length === 0) return [...tickets];
  const chosen = new Set<string>();
  for (const pattern of only) {
    const re = globToRegExp(pattern);
    const hits = tickets.filter((t) => re.test(t.id) || re.test(t.category));
    if (hits.length === 0) throw new GoldenSetError(`--only ${pattern} names no ticket (ids look like "${tickets[0]?.id ?? 'damaged-01'}")`);
    for (const t of hits) chosen.add(t.id);
  }
  return tickets.filter((t) => chosen.has(t.id));
}

export interface Requester {
  /** The helpdesk user id the webhook names as the requester. */
  helpdeskUserId: string;
  email: string;
}

export function requesterOf(fixture: SandboxFixture, customerId: string): Requester {
  const customer = fixture.customers.find((c) => c.id === customerId);
  if (!customer) throw new GoldenSetError(`requester ${customerId} is not a fixture customer`);
  const helpdeskUserId = customer.helpdeskUserId ?? customer.id;
  const user = fixture.helpdesk.users.find((u) => u.id === helpdeskUserId);
  return { helpdeskUserId, email: user?.email ?? customer.email };
}

/**
 * The customers whose store state a ticket can read or change: the requester and the owners of the
 * orders it names or should bind (each request's, on a ticket with several). A refund on one of them changes what another ticket of the same
 * customer sees (refunds in the last 90 days, units still refundable), so the runner never puts two
 * tickets that share one on the same runtime.
 */
export function customersTouched(fixture: SandboxFixture, ticket: GoldenTicket): string[] {
  const owner = new Map(fixture.orders.map((o) => [o.number, o.customerId]));
  const requests = (ticket.claim.requests ?? []).map((r) => r.orderNumber);
  const numbers = [ticket.label.boundOrder, ticket.claim.orderNumber, ...(ticket.claim.orderNumbersMentioned ?? []), ...requests];
  const owners = numbers.flatMap((n) => (n === null ? [] : [owner.get(n)].filter((c): c is string => c !== undefined)));
  return [...new Set([ticket.requester, ...owners])].sort();
}

/** Greedy split into groups whose tickets share no customer; order kept within each group. */
export function isolatedGroups<T>(items: readonly T[], keysOf: (item: T) => readonly string[]): T[][] {
  const groups: Array<{ items: T[]; keys: Set<string> }> = [];
  for (const item of items) {
    const keys = keysOf(item);
    let group = groups.find((g) => keys.every((k) => !g.keys.has(k)));
    if (!group) groups.push((group = { items: [], keys: new Set() }));
    group.items.push(item);
    for (const k of keys) group.keys.add(k);
  }
  return groups.map((g) => g.items);
}
