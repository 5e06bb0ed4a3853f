// Runs golden tickets through the real pipeline: local runtimes (one per helpdesk, repetition and
// group of tickets that share no customer, so every ticket sees the fixture as its label assumes),
// one signed webhook per ticket, then a watch until the run settles — done, escalated, or parked on
// its approval — or the overall deadline passes. Tickets run concurrently across runtimes.
// Every runtime and every webhook of one eval run tells time by one store clock (clock.ts): 12:00
// noon in the fixture's time zone when the run starts, so the fixture's whole days are whole
// calendar days whatever the hour. Scoring is scoring.ts's.
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import type { Clock } from '#harness/ports.js';
import { RETURNS_OFF } from '#harness/policy/document.js';
import type { ModelSettings } from '#harness/models/settings.js';
import type { ModelSetup } from '#harness/adapters/models/index.js';
import type { GoldenTicket, Helpdesk } from '../golden/schema.js';
import { noonClock } from './clock.js';
import { customersTouched, isolatedGroups, requesterOf, type GoldenSet } from './golden.js';
import { observe, storeLedger, type RunView, type StoreLedger } from './observe.js';
import { watch } from './watch.js';
import { scoreRun } from './scoring.js';
import { scoreTicketRequests } from './scoring-requests.js';
import { ticketRuns } from './ticket-runs.js';
import { inlineText, messageDelivery } from './webhooks.js';
import type { Observation, RunResult, TicketResult } from './types.js';

export const EVAL_SECRETS: Record<Helpdesk, string> = {
  zendesk: 'eval-zendesk-webhook-secret',
  gorgias: 'eval-gorgias-webhook-secret',
};
/** The tenant every eval runtime is: with the helpdesk and its ticket id, it derives a ticket's run id (runIdFor). */
export const EVAL_TENANT = 'eval';
const APPROVER = 'lead@eval.example';
/** Runtimes up at once: each is seven loopback servers, and starting one costs about a second of CPU. */
const RUNTIMES_AT_ONCE = 3;

/**
 * A ticket's model settings; `models`, when the eval builds the provider itself (recorded answers,
 * a recording of the API's), is the provider and models every runtime of the key is given instead.
 */
export type SettingsChoice = { key: string; settings: ModelSettings; models?: EvalModelSetup } | { error: string };

/** A provider the eval built, and what it says of a ticket's run once the run settled. */
export interface EvalModelSetup extends ModelSetup {
  /** Why the ticket's run fails whatever it came to (recorded answers it lacked), or null. */
  faultOf?(ticketId: string): string | null;
}

export interface RunnerOptions {
  golden: GoldenSet;
  tickets: GoldenTicket[];
  /** Runs per ticket; each repetition gets fresh runtimes (a fresh store). */
  k: number;
  /** Tickets in flight at once, across runtimes. */
  concurrency: number;
  /** Absolute time (Date.now()) after which nothing new starts and unsettled runs are reported as timed out. */
  deadline: number;
  followUps: 'inline' | 'webhook';
  /** The model settings of a ticket's runtime; tickets with the same key share runtimes. */
  modelSettingsFor(ticket: GoldenTicket, attempt: number): SettingsChoice;
  onRunDone?(ticket: GoldenTicket, run: RunResult): void;
  /**
   * The clock of the runtimes (store seeding, ticket receivedAt, harness) and of the webhooks' signed
   * timestamps. Default: noonClock of the fixture's time zone, taken when the run starts.
   */
  clock?: Clock;
}

export interface RunnerOutput {
  tickets: TicketResult[];
  unattributedRefunds: number;
}

interface Lane {
  attempt: number;
  helpdesk: Helpdesk;
  key: string;
  settings: ModelSettings;
  models?: EvalModelSetup;
  tickets: GoldenTicket[];
}

export async function runGoldenTickets(opts: RunnerOptions): Promise<RunnerOutput> {
  const results = new Map<string, RunResult[]>(opts.tickets.map((t) => [t.id, []]));
  const record = (ticket: GoldenTicket, run: RunResult) => {
    results.get(ticket.id)!.push(run);
    opts.onRunDone?.(ticket, run);
  };
  // Taken once, so every runtime of the run (fresh stores for each --k) shares one "today".
  const clock = opts.clock ?? noonClock(opts.golden.fixture.shop.timeZone ?? 'UTC');
  const { lanes, refused } = planLanes(opts);
  for (const { ticket, attempt, error } of refused) record(ticket, unsettledRun(ticket, attempt, 'error', error));

  const slots = semaphore(opts.concurrency);
  let unattributedRefunds = 0;
  await forEachLimited(lanes, RUNTIMES_AT_ONCE, async (lane) => {
    if (Date.now() >= opts.deadline) {
      for (const ticket of lane.tickets) record(ticket, unsettledRun(ticket, lane.attempt, 'timeout', 'not started before the deadline'));
      return;
    }
    let rt: LocalRuntime;
    try {
      rt = await startLaneRuntime(opts, lane, clock);
    } catch (error) {
      for (const ticket of lane.tickets) record(ticket, unsettledRun(ticket, lane.attempt, 'error', `runtime did not start: ${(error as Error).message}`));
      return;
    }
    const ledger = storeLedger(rt.store.store);
    const attributed = new Set<string>();
    try {
      await Promise.all(
        lane.tickets.map((ticket) =>
          slots(async () => {
            const run = await runOnce(rt, ledger, ticket, lane.attempt, opts, clock).catch((error: unknown) =>
              unsettledRun(ticket, lane.attempt, 'error', `runner: ${(error as Error).message}`),
            );
            for (const o of [run.observation, ...(run.requests ?? []).map((r) => r.observation)]) for (const r of o.refunds) attributed.add(r.refundId);
            const fault = lane.models?.faultOf?.(ticket.id) ?? null;
            record(ticket, fault ? faultedRun(ticket, run, fault) : run);
          }),
        ),
      );
      unattributedRefunds += ledger.unattributed(attributed);
    } finally {
      await rt.close();
    }
  });
  return {
    tickets: opts.tickets.map((t) => ({
      id: t.id,
      category: t.category,
      helpdesk: t.helpdesk,
      expected: expectedOf(t),
      runs: results.get(t.id)!.sort((a, b) => a.attempt - b.attempt),
    })),
    unattributedRefunds,
  };
}

/** A lane's runtime: a fresh store from the set's fixture, the lane's helpdesk and model settings, the run's clock. */
function startLaneRuntime(opts: RunnerOptions, lane: Lane, clock: Clock): Promise<LocalRuntime> {
  return startLocalRuntime({
    port: 0,
    fixture: opts.golden.fixture,
    tenant: EVAL_TENANT,
    helpdesk: lane.helpdesk,
    approverEmails: [APPROVER],
    zendeskSecret: EVAL_SECRETS.zendesk,
    webhookSecrets: { gorgias: EVAL_SECRETS.gorgias },
    modelSettings: lane.settings,
    ...(lane.models ? { models: lane.models } : {}),
    // The set's tenant policy (eval/golden/policy.json): store credit, cancelling and returns enabled.
    policy: { ...opts.golden.policy, returns: { ...RETURNS_OFF, ...opts.golden.policy.returns } },
    clock,
  });
}

/** What the ticket's label expects, as the result records it beside the runs. */
function expectedOf(t: GoldenTicket): TicketResult['expected'] {
  return {
    outcome: t.label.outcome,
    amountMinor: t.label.amountMinor,
    currency: t.label.currency,
    lines: t.label.lines,
    boundOrder: t.label.boundOrder,
    escalation: t.label.escalation,
    approvalRules: t.label.approvalRules,
    trajectory: t.label.trajectory,
    ...(t.label.remedy ? { remedy: t.label.remedy } : {}),
    ...(t.label.presentment ? { presentment: t.label.presentment } : {}),
    ...(t.label.returnTerms ? { returnTerms: t.label.returnTerms } : {}),
  };
}

/** Lanes: per attempt, helpdesk and model settings, split so no two tickets of a lane share a customer. */
function planLanes(opts: RunnerOptions) {
  const lanes: Lane[] = [];
  const refused: Array<{ ticket: GoldenTicket; attempt: number; error: string }> = [];
  for (let attempt = 1; attempt <= opts.k; attempt++) {
    const byKey = new Map<string, Omit<Lane, 'attempt'>>();
    for (const ticket of opts.tickets) {
      const choice = opts.modelSettingsFor(ticket, attempt);
      if ('error' in choice) {
        refused.push({ ticket, attempt, error: choice.error });
        continue;
      }
      const id = `${ticket.helpdesk}|${choice.key}`;
      const entry = byKey.get(id) ?? { helpdesk: ticket.helpdesk, key: choice.key, settings: choice.settings, models: choice.models, tickets: [] };
      entry.tickets.push(ticket);
      byKey.set(id, entry);
    }
    for (const entry of byKey.values()) {
      for (const group of isolatedGroups(entry.tickets, (t) => customersTouched(opts.golden.fixture, t))) {
        lanes.push({ ...entry, attempt, tickets: group });
      }
    }
  }
  return { lanes, refused };
}

async function runOnce(rt: LocalRuntime, ledger: StoreLedger, ticket: GoldenTicket, attempt: number, opts: RunnerOptions, clock: Clock): Promise<RunResult> {
  if (Date.now() >= opts.deadline) return unsettledRun(ticket, attempt, 'timeout', 'not started before the deadline');
  const requester = requesterOf(opts.golden.fixture, ticket.requester);
  // A real helpdesk has the ticket before it calls the webhook (the fixture usually seeds it; this is idempotent).
  await fetch(`${rt.helpdesk.url}/sandbox/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: ticket.ticketId, requesterId: requester.helpdeskUserId, subject: ticket.subject.slice(0, 200) }),
  });
  const nonce = `${process.pid}-${attempt}-${Date.now().toString(36)}`;
  const send = async (text: string, index: number) => {
    const delivery = messageDelivery({
      helpdesk: ticket.helpdesk,
      secret: EVAL_SECRETS[ticket.helpdesk],
      ticketId: ticket.ticketId,
      requester,
      // Signed on the runtime's clock: the ingest checks the timestamp against it (Zendesk: within 5 minutes).
      subject: ticket.subject,
      text,
      index,
      nonce,
      now: clock.now(),
    });
    const res = await fetch(`${rt.urls.webhooks}/${ticket.helpdesk}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const answer = await res.text();
    if (res.status !== 202) throw new Error(`webhook answered ${res.status} ${answer.slice(0, 200)}`);
    return (JSON.parse(answer) as { runId: string }).runId;
  };

  const sentAt = performance.now();
  let runId: string;
  try {
    runId = await send(opts.followUps === 'inline' ? inlineText(ticket.body, ticket.followUps) : ticket.body, 0);
    // Webhook mode: the later messages follow at once, as a customer writing twice; they attach to the run.
    if (opts.followUps === 'webhook') for (const [i, text] of (ticket.followUps ?? []).entries()) await send(text, i + 1);
  } catch (error) {
    return unsettledRun(ticket, attempt, 'error', (error as Error).message);
  }
  const watched = await watch(rt, runId, sentAt, opts.deadline);
  const view = await getRun(rt, runId);
  const observation = observe({
    view: view ?? { runId },
    ledger,
    latencyMs: watched.settled ? watched.latencyMs : null,
    ...(watched.settled ? {} : { unsettled: watched.unsettled }),
  });
  const journal = Array.isArray(view?.journal) ? { journal: view.journal } : {};
  if (!hasRequests(ticket)) return { attempt, observation, score: scoreRun(ticket, observation), ...journal };
  const runs = await ticketRuns({ rt, ledger, first: { view, observation }, sentAt, deadline: opts.deadline, read: (id) => getRun(rt, id) });
  return { attempt, observation, ...scoreTicketRequests(ticket, runs), ...journal };
}

/** A ticket whose runs are scored per request: one with several requests, or any of their category (a split it should not have is seen). */
const hasRequests = (t: GoldenTicket) => t.claim.requests !== undefined || t.category === 'several_requests';

async function getRun(rt: LocalRuntime, runId: string): Promise<RunView | null> {
  try {
    const res = await fetch(`${rt.urls.runs}/${runId}`);
    return res.status === 200 ? ((await res.json()) as RunView) : null;
  } catch {
    return null;
  }
}

function unsettledRun(ticket: GoldenTicket, attempt: number, outcome: 'timeout' | 'error', error: string): RunResult {
  const empty: StoreLedger = { refundsFor: () => [], returnsFor: () => [], skuOf: (id) => id, unattributed: () => 0 };
  const observation: Observation = observe({ view: null, ledger: empty, latencyMs: null, unsettled: { outcome, error } });
  return { attempt, observation, score: scoreRun(ticket, observation) };
}

/**
 * A settled run that fails whatever it came to, e.g. escalated because its recorded answers ran out:
 * an escalation label must not pass on a missing answer. What it did (refunds, journal) is kept and scored.
 */
function faultedRun(ticket: GoldenTicket, run: RunResult, fault: string): RunResult {
  const observation: Observation = { ...run.observation, outcome: 'error', error: fault };
  return { ...run, observation, score: scoreRun(ticket, observation) };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A counting semaphore: `slots(fn)` runs fn when one of `size` slots is free. */
function semaphore(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free -= 1;
    try {
      return await fn();
    } finally {
      const wake = waiting.shift();
      if (wake) wake();
      else free += 1;
    }
  };
}
