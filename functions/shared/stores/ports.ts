// The app's storage ports: the run row, the helpdesk event ledger, shadow mode's counters and the
// workflow engine the use cases start and signal. Adapters in ./dynamo and ./memory; the harness's own
// ports (journal, idempotency, approvals, budgets, locks) are in harness/ports.ts.
import type { Run, RunStatus, ShadowResolution } from '../domain/run.js';
import type { TicketLedgerRecord } from '../domain/ticket-requests.js';
import type { TicketRefund } from '#harness/domain/types.js';
import type { ClassFigures, ShadowSample } from '../domain/shadow.js';
import type { ApprovalStore, BudgetStore, IdempotencyStore, JournalStore, LockStore, RunCostStore } from '#harness/ports.js';

/**
 * What a conditional run update requires of the stored row, all of it checked in the same write
 * (a ConditionExpression on DynamoDB): how a cancel, an approval decision and a refund's claim are
 * ordered on the run row, whatever the interleaving.
 */
export interface RunCondition {
  /** The stored status is one of these. */
  statusIn?: readonly RunStatus[];
  /** No cancellation is recorded. */
  notCancelled?: boolean;
  /** No refund has been claimed (no `refundIntent`). */
  noRefundIntent?: boolean;
}

export type RunPatch = Partial<Omit<Run, 'runId' | 'tenant' | 'createdAt'>>;

export interface RunStore extends RunCostStore {
  /** Conditional put on the run id; returns false when the run already exists. */
  create(run: Run): Promise<boolean>;
  get(runId: string): Promise<Run | null>;
  update(runId: string, patch: RunPatch): Promise<Run>;
  /**
   * The update, only if the stored run meets `condition` at the moment of the write: the run after
   * it, or null when the condition failed (the caller re-reads to tell why). A missing run throws.
   */
  updateIf(runId: string, patch: RunPatch, condition: RunCondition): Promise<Run | null>;
  addCost(runId: string, micros: number): Promise<void>;
  list(limit: number): Promise<Run[]>;
  /**
   * Runs of a tenant in one status, newest first by when they took it (one Query on the byStatus
   * index); with `changedSince` (ISO time), only those that took the status then or later. A run takes
   * its status at its creation and at each write that sets `status`; other writes do not move it.
   */
  listByStatus?(tenant: string, status: Run['status'], limit: number, opts?: { changedSince?: string }): Promise<Run[]>;
}

/**
 * One shadow-mode class of a tenant as stored: its figures (functions/shared/domain/shadow.ts
 * ClassFigures: resolutions, independent samples, distinct customers and orders) and its promotion.
 */
export interface ShadowClassRecord extends ClassFigures {
  classKey: string;
  promotedAt: string | null;
  promotedBy: string | null;
}

/** A class switched to auto: who did it, when, and the figures it was switched on. */
export interface ShadowPromotion extends ClassFigures {
  classKey: string;
  at: string;
  by: string;
  /** The tenant's minimums and agreement in force at the time. */
  minTickets: number;
  minCustomers: number;
  minOrders: number;
  threshold: number;
}

/** A person's resolution of a shadow run, and where it counts: the run's class and independent sample. */
export interface ShadowResolutionInput {
  tenant: string;
  runId: string;
  classKey: string;
  resolution: ShadowResolution;
  sample: ShadowSample;
}

/** Shadow mode's figures and promotions (functions/shared/domain/shadow.ts decides; this stores). */
export interface ShadowStore {
  /**
   * Records a person's resolution on a shadow run, once: a conditional write on the run row (no
   * resolution yet, or still exactly `replacing`, the one it supersedes, which the resolution then
   * keeps as `supersedes`), then its counting (countResolution). False when the condition failed: a
   * redelivery, or another resolution got there first; nothing is counted then.
   */
  recordResolution(input: ShadowResolutionInput & { replacing: ShadowResolution | null }): Promise<boolean>;
  /**
   * Counts the resolution the run holds (the one given, by its sourceId) in its sample, kept in the
   * window of the order's first resolution when the order has one: atomic counts of resolutions and
   * disagreements (a superseding one moves only the disagreements, after counting what it replaced
   * if that never was), the set of orders, each move made once by a token the sample keeps; then
   * marks the class changed, so a promotion read before fails. Idempotent: it repairs a resolution
   * whose process died after writing it on the run, and redoing it counts nothing twice. False when
   * the run holds no such resolution.
   */
  countResolution(input: ShadowResolutionInput): Promise<boolean>;
  /** The class with its figures, all derived from its samples; null before its first counted resolution. */
  getClass(tenant: string, classKey: string): Promise<ShadowClassRecord | null>;
  listClasses(tenant: string): Promise<ShadowClassRecord[]>;
  /**
   * Switches a class to auto if it is not yet, and only while its figures are still those given: read
   * again, and written only if no resolution was counted since that read. The switch is kept on the
   * class and as a promotion record with all its figures. False otherwise.
   */
  promote(tenant: string, promotion: ShadowPromotion): Promise<boolean>;
  /** Every switch of the tenant, oldest first. */
  listPromotions(tenant: string): Promise<ShadowPromotion[]>;
}

/** Remembers helpdesk event ids for days, so a retried webhook maps to the run it started. */
export interface EventLedger {
  /** Conditional put; returns the runId recorded first for this event id. */
  claim(input: { tenant: string; helpdesk: string; eventId: string; runId: string; at: string }): Promise<{
    firstTime: boolean;
    runId: string;
  }>;
}

/**
 * The ledger of one ticket with several requests (domain/ticket-requests.ts), keyed by its first run's
 * id: what its runs share, every change a conditional write.
 */
export interface TicketLedger {
  /** Creates the ledger with the ticket's runs, once (a repeat finds it). */
  open(rootRunId: string, runIds: readonly string[]): Promise<void>;
  /** Strongly consistent; null before the ticket's first run opened it. */
  get(rootRunId: string): Promise<TicketLedgerRecord | null>;
  /**
   * Adds a refund of one of the ticket's runs, only while the ledger is still at `version` (what the
   * decision was made on): false when another run's refund got there first (decide again). A run's
   * refund is recorded once: a repeat is true and changes nothing.
   */
  addRefund(rootRunId: string, refund: TicketRefund, version: number): Promise<boolean>;
  /** Marks the run ended (repeatable): the ledger after it, so the caller sees whether every run has ended. */
  end(rootRunId: string, runId: string): Promise<TicketLedgerRecord>;
  /** The combined draft is this run's to write: true for the first run to claim it, and again for that run. */
  claimCombined(rootRunId: string, runId: string): Promise<boolean>;
  /** The combined draft's note, once posted. */
  recordCombined(rootRunId: string, noteId: string): Promise<void>;
}

/** Step Functions as the use cases see it: AWS SFN in the cloud, the local ASL runner on a laptop. */
export interface WorkflowEngine {
  /** Starts an execution named `name`; a second start with the same name is harmless. */
  start(input: { name: string; input: { runId: string } }): Promise<{ started: boolean }>;
  sendTaskSuccess(taskToken: string, output: Record<string, unknown>): Promise<void>;
  sendTaskFailure(taskToken: string, error: string, cause: string): Promise<void>;
  /**
   * Stops the execution named `name` (cancel, stalled run). Optional: an engine without it leaves the
   * execution to finish on its own, and every step no-ops on a cancelled or closed run at entry.
   */
  stop?(name: string, cause: string): Promise<{ stopped: boolean }>;
}

/** Every storage port the app composes, whatever holds them (DynamoDB, or memory for tests and quick runs). */
export interface AppStores {
  runs: RunStore;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  approvals: ApprovalStore;
  events: EventLedger;
  /** Model-cost reservations against the run's and the tenant's daily caps. */
  budget: BudgetStore;
  /** Leases with an expiry (one refund dispatch at a time per customer). */
  locks: LockStore;
  /** Shadow mode's class counters and promotions (resolutions are written on the runs). */
  shadow: ShadowStore;
  /** Runs bound to this order, oldest first (DynamoDB: one Query on the byOrder index). */
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  /** The ledgers of tickets with several requests. */
  tickets: TicketLedger;
}
