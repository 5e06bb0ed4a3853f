// Test data for the store contract: a run, a journal row, an approval record and a shadow run, each
// valid for its port, and `freshStores()` that gives a test fresh stores on a clock of its own.
import type { Run } from '#functions/shared/domain/run.js';
import type { ApprovalRecord, NewJournalRow } from '#harness/ports.js';
import type { MakeStores } from '../../support/store-backends.js';
import { NOW, countingIds, fixedClock, makeRun } from '../../support/fixtures.js';

export { NOW, makeRun };

/** An ISO time `seconds` after NOW. */
export const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

/** Fresh stores on an empty backing, and the clock they read (starts at NOW). */
export async function freshStores(makeStores: MakeStores) {
  const clock = fixedClock();
  const stores = await makeStores({ clock, ids: countingIds('c') });
  return { ...stores, clock };
}

export function journalRow(runId: string, name: string, overrides: Partial<NewJournalRow> = {}): NewJournalRow {
  return {
    runId,
    at: NOW.toISOString(),
    step: 'CheckOrder',
    kind: 'tool',
    name,
    provider: 'mcp',
    argsHash: 'h',
    outcome: 'ok',
    detail: 'd',
    latencyMs: 1,
    costMicros: 0,
    model: null,
    inputTokens: null,
    outputTokens: null,
    idempotencyKey: null,
    ...overrides,
  };
}

export function approvalRecord(approvalId: string, overrides: Partial<ApprovalRecord> = {}): ApprovalRecord {
  return {
    approvalId,
    status: 'pending',
    argsHash: 'h',
    amountMinor: 6200,
    currency: 'USD',
    requestedAt: NOW.toISOString(),
    expiresAt: at(24 * 3600),
    decidedBy: null,
    decidedAt: null,
    reason: null,
    runId: 'run-a',
    tenant: 'demo',
    taskToken: 'task-token',
    formToken: 'form-1',
    tool: 'refund_create',
    policyVersion: 'policy-test',
    ...overrides,
  };
}

export const SHADOW_CLASS = 'damaged|0-50|en';
export const MUG = { lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 };

/** A run stopped in shadow mode with its proposal, not yet resolved. */
export function shadowRun(runId: string, overrides: Partial<Run> = {}): Run {
  return makeRun({
    runId,
    status: 'shadow',
    state: 'Shadow',
    shadow: { classKey: SHADOW_CLASS, decision: 'auto', amountMinor: 1800, currency: 'USD', lines: [MUG], proposedAt: NOW.toISOString(), noteId: 'n1' },
    ...overrides,
  });
}
