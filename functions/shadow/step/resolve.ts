// Shadow-mode resolutions: a person resolved the ticket of a shadow run → what they did (a refund in
// the store, or the ticket solved with none) → does it agree with the proposal (functions/shared/domain/shadow.ts)
// → recorded once on the run and counted on its class, in the run's independent sample (ShadowStore)
// → ShadowResolved / ShadowAgreed. One person's action is one resolution: a store refund resolves one
// run of its order (the earliest still open), a solved ticket its own run. A store refund supersedes
// an earlier "solved with no refund"; nothing else replaces a resolution. A redelivery of the same
// refund or event finds the run resolved by it and changes nothing, except that it redoes the
// counting (idempotent): a process that died after writing the resolution on the run left it out of
// the class's figures, and a lost disagreement would make the class look better than it is.
import { agrees, sampleOf, type HelpdeskSolved, type ResolveOutcome } from '#functions/shared/domain/shadow.js';
import type { Run, ShadowResolution } from '#functions/shared/domain/run.js';
import type { ProductMetrics } from '#harness/metrics.js';
import type { Clock } from '#harness/ports.js';
import type { RunStore, ShadowStore } from '#functions/shared/stores/ports.js';
import type { StoreWebhookOutcome } from '../../shared/store-webhook-outcome.js';
import { orderGidOf } from '#functions/shared/domain/order-ids.js';
import { agentRunOf, parseRefundCreated, refundedMinor, type StoreRefundSignal } from './store-refund.js';

export interface ShadowResolverDeps {
  runs: RunStore;
  shadow: ShadowStore;
  metrics: ProductMetrics;
  clock: Clock;
  /** Newest shadow runs searched for the refunded order (the payload names the order by id, not number). */
  searchLimit?: number;
}

export const DEFAULT_SHADOW_SEARCH_LIMIT = 500;

export function createShadowResolver(deps: ShadowResolverDeps) {
  return {
    storeRefund: (tenant: string, signal: StoreRefundSignal) => storeRefund(deps, tenant, signal),
    /** The helpdesk says the ticket was solved/closed: with no refund so far, that is the person's answer. */
    helpdeskSolved: ((run, eventId) =>
      record(deps, run, { by: 'helpdesk_solved', amountMinor: 0, lines: [], sourceId: `helpdesk:${eventId}` })) satisfies HelpdeskSolved,
    /** The store webhook's handler for refunds/create (a verified delivery's body). */
    async refundsCreate(tenant: string, body: Buffer): Promise<StoreWebhookOutcome> {
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        return { kind: 'invalid', reason: 'body is not JSON' };
      }
      const parsed = parseRefundCreated(payload);
      if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason };
      return storeRefund(deps, tenant, parsed.signal);
    },
  };
}

async function record(deps: ShadowResolverDeps, run: Run, action: Omit<ShadowResolution, 'agrees' | 'at'>): Promise<ResolveOutcome> {
  const shadow = run.shadow;
  if (!shadow) return 'unchanged';
  const previous = shadow.resolution ?? null;
  if (previous?.sourceId === action.sourceId) {
    await repair(deps, run);
    return 'unchanged';
  }
  if (previous && !(previous.by === 'helpdesk_solved' && action.by === 'store_refund')) return 'unchanged';
  const resolution: ShadowResolution = { ...action, at: deps.clock.now().toISOString(), agrees: agrees(shadow, action) };
  const written = await deps.shadow.recordResolution({
    tenant: run.tenant,
    runId: run.runId,
    classKey: shadow.classKey,
    resolution,
    replacing: previous,
    sample: sampleOf(run),
  });
  if (!written) return 'unchanged';
  const dimensions = { ShadowClass: shadow.classKey };
  const agreed = (r: ShadowResolution | null) => (r?.agrees ? 1 : 0);
  if (!previous) deps.metrics.count(run.tenant, 'ShadowResolved', 1, dimensions);
  const delta = agreed(resolution) - agreed(previous);
  if (!previous || delta !== 0) deps.metrics.count(run.tenant, 'ShadowAgreed', delta, dimensions);
  return previous ? 'superseded' : 'recorded';
}

/**
 * Redoes the counting of the resolution the run holds, for a redelivery of its source: what a process
 * that died after writing it on the run left out (idempotent). No metric: the first delivery emitted
 * them, or they were lost with its process.
 */
async function repair(deps: ShadowResolverDeps, run: Run): Promise<void> {
  const resolution = run.shadow?.resolution;
  if (!run.shadow || !resolution) return;
  await deps.shadow.countResolution({ tenant: run.tenant, runId: run.runId, classKey: run.shadow.classKey, resolution, sample: sampleOf(run) });
}

/** The tenant's shadow runs bound to this Shopify order (by GID), oldest first. */
async function shadowRunsOf(deps: ShadowResolverDeps, tenant: string, orderGid: string): Promise<Run[]> {
  const limit = deps.searchLimit ?? DEFAULT_SHADOW_SEARCH_LIMIT;
  const candidates = deps.runs.listByStatus ? await deps.runs.listByStatus(tenant, 'shadow', limit) : await deps.runs.list(limit);
  return candidates
    .filter((run) => run.tenant === tenant && run.status === 'shadow' && run.shadow && run.order?.orderId === orderGid)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Which runs a store refund may resolve, in order: the runs with no resolution yet, oldest first,
 * then those a person had solved with no refund (the refund supersedes that answer), oldest first.
 */
const refundCandidates = (runs: readonly Run[]) => [
  ...runs.filter((run) => !run.shadow?.resolution),
  ...runs.filter((run) => run.shadow?.resolution?.by === 'helpdesk_solved'),
];

/**
 * A refund made in the store, unless the agent made it: one person's decision, so it resolves one
 * run of that order, the earliest still open; the order's later runs stay open for a later action.
 * A redelivery (or a racing copy) of the same refund finds its run already resolved by it.
 */
async function storeRefund(deps: ShadowResolverDeps, tenant: string, signal: StoreRefundSignal): Promise<StoreWebhookOutcome> {
  const agentRun = agentRunOf(signal.note);
  if (agentRun && (await deps.runs.get(agentRun))) return { kind: 'ignored', reason: 'the agent made this refund' };
  const runs = await shadowRunsOf(deps, tenant, orderGidOf(signal.orderId));
  if (runs.length === 0) return { kind: 'ignored', reason: 'no shadow run on this order' };
  const sourceId = `refund:${signal.refundId}`;
  const resolvedByIt = (run: Run | null): run is Run => run?.shadow?.resolution?.sourceId === sourceId;
  const already = runs.filter(resolvedByIt);
  if (already.length > 0) {
    for (const run of already) await repair(deps, run);
    return { kind: 'duplicate', runIds: already.map((run) => run.runId) };
  }
  for (const run of refundCandidates(runs)) {
    const amountMinor = refundedMinor(signal, run.shadow!.currency);
    if (amountMinor === null) continue;
    const outcome = await record(deps, run, { by: 'store_refund', amountMinor, lines: signal.lines, sourceId });
    if (outcome !== 'unchanged') return { kind: 'recorded', runIds: [run.runId] };
    // Lost the run to another resolution: this very refund (a copy delivered at once), or another action.
    const again = await deps.runs.get(run.runId);
    if (resolvedByIt(again)) {
      await repair(deps, again);
      return { kind: 'duplicate', runIds: [again.runId] };
    }
  }
  return { kind: 'ignored', reason: 'the shadow runs of this order are already resolved' };
}
export type ShadowResolver = ReturnType<typeof createShadowResolver>;
