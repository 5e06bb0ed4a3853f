// Ports: the small interfaces the harness depends on. Adapters (DynamoDB,
// MCP over HTTP, model providers) implement them; tests pass emulators or in-memory fakes.
import type { ZodType } from 'zod';
import type { ToolErrorCategory, ToolName } from '#shared/contracts/tools.js';
import type { ApprovalSummary, JournalRow, StepName } from './domain/types.js';

// The clock and id ports are shared/clock.ts's (the MCP server takes a Clock too).
export type { Clock, IdGenerator } from '#shared/clock.js';

/** What a step is, for the harness: who is calling and which order the run is bound to. */
export interface StepContext {
  tenant: string;
  runId: string;
  step: StepName;
  /** The Shopify order id the run is bound to, once CheckOrder bound it. */
  boundOrderId: string | null;
  /** The bound order's customer: the only customer whose refund history the run may read. */
  boundCustomerId?: string | null;
  /** The ticket requester's email (as the helpdesk reports it): the only customer whose orders the run may look up. */
  requesterEmail?: string | null;
}

export type ToolCallResult = { ok: true; output: unknown } | { ok: false; error: { category: ToolErrorCategory; message: string; retryAfterMs?: number } };

/** One tool as the MCP server lists it (tools/list): what the registry pins. */
export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** The live tool list and the server that served it (name and version from initialize). */
export interface LiveToolList {
  server: { name: string; version: string };
  tools: ToolDefinition[];
}

/**
 * The MCP client side: one call of one tool on our MCP server, on behalf of one step. The server
 * checks the caller's own tool permissions too: deployed, the caller is the function's IAM role
 * whatever `caller` says; locally, the transport presents that step's own credential.
 */
export interface ToolTransport {
  readonly serverId: string;
  call(name: ToolName, args: Record<string, unknown>, caller: StepName): Promise<ToolCallResult>;
  /**
   * tools/list through the same transport, checked against the registry's pins. A transport
   * without it cannot be checked, so the harness refuses every call through it (fail closed).
   */
  listTools?(caller: StepName): Promise<LiveToolList>;
}

export type Specialist = 'triage' | 'order_agent' | 'reply_agent' | 'reply_check';

/** A tool a specialist may ask for, described for the model (name, purpose, JSON Schema input). */
export interface ModelToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** What a tool call returns to the model: the output, or a failure the model can read. */
export type ModelToolResult = { ok: true; output: unknown } | { ok: false; error: string };

/** The tools of a tool-using specialist; `execute` goes through the harness (allowlist, policy, journal). */
export interface ModelTools {
  definitions: readonly ModelToolDefinition[];
  execute(name: string, input: unknown): Promise<ModelToolResult>;
  /** Model turns at most, tool turns included (default 6). */
  maxTurns?: number;
}

export interface ModelRequest<T> {
  specialist: Specialist;
  model: string;
  /** Stable instructions; never contains ticket text. */
  system: string;
  /** The step's context as data (ticket text lives here, marked untrusted by the caller). */
  input: Record<string, unknown>;
  schema: ZodType<T>;
  /** Tools the specialist may call during its turns (the order agent's loop). */
  tools?: ModelTools;
  /** Set by the gateway for its one repair attempt: the rejected output and why it was rejected. */
  repair?: { previousOutput: unknown; problems: string[] };
  /** Another model to try when the chosen one stays overloaded or unavailable. */
  fallbackModel?: string;
  /** Max output tokens per turn; the budget reserves the cost of that many (default in the model config). */
  maxOutputTokens?: number;
  /** The run the call is for, set by the gateway on every request (recorded answers are keyed by it); providers may ignore it. */
  runId?: string;
}

export interface ModelResponse<T> {
  output: T;
  model: string;
  requestId: string | null;
  stopReason: string;
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
  /** API round trips the answer took (tool turns included); 1 when absent. */
  turns?: number;
  /** HTTP attempts including retries on 429/529/5xx; 1 when absent. */
  attempts?: number;
}

export interface ModelProvider {
  readonly name: 'offline' | 'anthropic' | 'replay' | 'recorded';
  complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>>;
}

export type NewJournalRow = Omit<JournalRow, 'seq'>;

export interface JournalStore {
  append(row: NewJournalRow): Promise<JournalRow>;
  listByRun(runId: string): Promise<JournalRow[]>;
}

export type IdempotencyRecord = {
  key: string;
  runId: string;
  argsHash: string;
  status: 'in_flight' | 'succeeded' | 'unknown';
  result: unknown;
  createdAt: string;
  /** Epoch seconds after which the store may forget the key (DynamoDB TTL attribute). */
  expiresAt?: number;
};

export interface IdempotencyStore {
  /** Conditional put: creates the in-flight record, or returns the one already there. */
  begin(record: Omit<IdempotencyRecord, 'status' | 'result'>): Promise<{ created: boolean; record: IdempotencyRecord }>;
  get(key: string): Promise<IdempotencyRecord | null>;
  complete(key: string, result: unknown): Promise<void>;
  markUnknown(key: string, detail: string): Promise<void>;
  /**
   * Frees a key whose refund a person found was never made (pending review settled "not found"):
   * deletes the record unless it succeeded. True when it is gone (or was never there), false when it
   * holds a receipt. Optional: a store without it cannot settle a review as "not found".
   */
  release?(key: string): Promise<boolean>;
}

export type ApprovalRecord = ApprovalSummary & {
  runId: string;
  tenant: string;
  /** Server-side only: never in an email, a page or a log. */
  taskToken: string;
  /** Single-use token embedded in the confirmation form. */
  formToken: string;
  tool: ToolName;
  policyVersion: string;
  /** Single use: the idempotency key of the one refund this approval was spent on. */
  usedBy?: string | null;
  usedAt?: string | null;
} & ApprovalProgress;

/**
 * How far RequestApproval got with a pending approval, so a retried step does only what is left:
 * the task token of the attempt that now waits, when the holding note was left, who was emailed.
 */
export type ApprovalProgress = {
  taskToken?: string;
  holdingNoteAt?: string | null;
  emailedTo?: string[];
};

export interface ApprovalStore {
  create(record: ApprovalRecord): Promise<void>;
  get(approvalId: string): Promise<ApprovalRecord | null>;
  /** Conditional on status 'pending' and the form token: single use. Returns null if it lost the race. */
  decide(input: {
    approvalId: string;
    formToken: string;
    status: 'approved' | 'rejected' | 'expired' | 'cancelled';
    decidedBy: string | null;
    decidedAt: string;
    reason: string | null;
  }): Promise<ApprovalRecord | null>;
  /**
   * Spends an approved approval on one refund (idempotency key), conditionally: true when it is now
   * spent on this key (again, for a resumed refund), false when it was spent on another or is not approved.
   */
  consume(approvalId: string, idempotencyKey: string, at: string): Promise<boolean>;
  /**
   * Records RequestApproval's progress (the fields given, at least one), conditionally on the
   * approval still pending: false when it is not.
   */
  recordProgress(approvalId: string, progress: ApprovalProgress): Promise<boolean>;
}

/** A reservation of worst-case model cost against the run's cap and the tenant's daily cap. */
export interface BudgetReservation {
  tenant: string;
  runId: string;
  /** UTC day of the tenant counter, YYYY-MM-DD. */
  day: string;
  reservedMicros: number;
}

export type BudgetLimit = 'run_cost' | 'tenant_daily_cost' | 'specialist_turns';

export interface BudgetStore {
  /**
   * Conditional counter updates: adds `micros` to the run's and the tenant-day's committed cost and
   * one turn to the specialist, only if each stays within its cap. Refused → `{ ok: false, limit }`.
   */
  reserve(input: {
    tenant: string;
    runId: string;
    day: string;
    specialist: string;
    micros: number;
    runCapMicros: number;
    dailyCapMicros: number;
    maxTurns: number;
  }): Promise<{ ok: true; reservation: BudgetReservation } | { ok: false; limit: BudgetLimit; committedMicros: number }>;
  /** Replaces the reservation with the actual cost (0 when the call failed before any usage). */
  settle(reservation: BudgetReservation, actualMicros: number): Promise<void>;
  /** The tenant-day's committed cost (spent + reserved), for tests and the console. */
  committed(tenant: string, day: string): Promise<number>;
}

/** Where model cost is added to the run row (what the console shows): the app's run store is one. */
export interface RunCostStore {
  addCost(runId: string, micros: number): Promise<void>;
}

/**
 * Short-lived mutual exclusion with an expiry (a lease), e.g. one refund dispatch at a time per
 * customer. A holder that dies leaves the lock to expire; the harness decides what to lock and for how long.
 */
export interface LockStore {
  /**
   * Conditional put: takes the lock named `name` for `owner` until now + `ttlMs` when it is free, its
   * lease has run out (the clock is past its end: at the end itself it is still held), or `owner`
   * already holds it (a retried step, which renews the lease). False when another owner holds it.
   */
  acquire(input: { name: string; owner: string; ttlMs: number }): Promise<boolean>;
  /** Releases the lock if `owner` still holds it (never another owner's, after an expiry). */
  release(input: { name: string; owner: string }): Promise<void>;
}
