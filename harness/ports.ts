// Ports: the small interfaces the harness and the step use cases depend on. Adapters (DynamoDB,
// MCP over HTTP, model providers) implement them; tests pass emulators or in-memory fakes.
import type { ZodType } from 'zod';
import type { ToolErrorCategory, ToolName } from '#mcp/contracts/tools.js';
import type { ApprovalSummary, JournalRow, Run, StepName } from './domain/types.js';

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A fresh, unguessable id (approval ids, form tokens, journal sequence suffixes). */
  random(): string;
}

/** What a step is, for the harness: who is calling and which order the run is bound to. */
export interface StepContext {
  tenant: string;
  runId: string;
  step: StepName;
  /** The Shopify order id the run is bound to, once CheckOrder bound it. */
  boundOrderId: string | null;
}

export type ToolCallResult =
  | { ok: true; output: unknown }
  | { ok: false; error: { category: ToolErrorCategory; message: string; retryAfterMs?: number } };

/** The MCP client side: one call of one tool on our MCP server. */
export interface ToolTransport {
  readonly serverId: string;
  call(name: ToolName, args: Record<string, unknown>): Promise<ToolCallResult>;
}

export type Specialist = 'triage' | 'order_agent' | 'reply_agent' | 'reply_check';

export interface ModelRequest<T> {
  specialist: Specialist;
  model: string;
  /** Stable instructions; never contains ticket text. */
  system: string;
  /** The step's context as data (ticket text lives here, marked untrusted by the caller). */
  input: Record<string, unknown>;
  schema: ZodType<T>;
}

export interface ModelResponse<T> {
  output: T;
  model: string;
  requestId: string | null;
  stopReason: string;
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
}

export interface ModelProvider {
  readonly name: 'offline' | 'anthropic' | 'replay';
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
};

export interface IdempotencyStore {
  /** Conditional put: creates the in-flight record, or returns the one already there. */
  begin(record: Omit<IdempotencyRecord, 'status' | 'result'>): Promise<{ created: boolean; record: IdempotencyRecord }>;
  complete(key: string, result: unknown): Promise<void>;
  markUnknown(key: string, detail: string): Promise<void>;
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
}

export interface RunStore {
  /** Conditional put on the run id; returns false when the run already exists. */
  create(run: Run): Promise<boolean>;
  get(runId: string): Promise<Run | null>;
  update(runId: string, patch: Partial<Omit<Run, 'runId' | 'tenant' | 'createdAt'>>): Promise<Run>;
  addCost(runId: string, micros: number): Promise<void>;
  list(limit: number): Promise<Run[]>;
}

/** Remembers helpdesk event ids for days, so a retried webhook maps to the run it started. */
export interface EventLedger {
  /** Conditional put; returns the runId recorded first for this event id. */
  claim(input: { tenant: string; helpdesk: string; eventId: string; runId: string; at: string }): Promise<{
    firstTime: boolean;
    runId: string;
  }>;
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
