// In-memory TicketLedger with the DynamoDB adapter's conditions: created once, a refund added only over
// the version it was decided on and once per run, ended runs a set, the combined draft claimed once.
import type { TicketLedgerRecord } from '../../domain/ticket-requests.js';
import type { TicketLedger } from '../ports.js';

export function createInMemoryTicketLedger(deps: { ledgers: Map<string, TicketLedgerRecord> }): TicketLedger {
  const copy = (r: TicketLedgerRecord): TicketLedgerRecord => structuredClone(r);
  const must = (rootRunId: string) => {
    const found = deps.ledgers.get(rootRunId);
    if (!found) throw new Error(`no ledger for ticket run ${rootRunId}`);
    return found;
  };
  return {
    async open(rootRunId, runIds) {
      if (!deps.ledgers.has(rootRunId)) deps.ledgers.set(rootRunId, { rootRunId, runIds: [...runIds], refunds: [], ended: [], version: 0 });
    },
    async get(rootRunId) {
      const found = deps.ledgers.get(rootRunId);
      return found ? copy(found) : null;
    },
    async addRefund(rootRunId, refund, version) {
      const ledger = must(rootRunId);
      if (ledger.refunds.some((r) => r.runId === refund.runId)) return true;
      if (ledger.version !== version) return false;
      ledger.refunds.push({ ...refund });
      ledger.version += 1;
      return true;
    },
    async end(rootRunId, runId) {
      const ledger = must(rootRunId);
      if (!ledger.ended.includes(runId)) ledger.ended.push(runId);
      return copy(ledger);
    },
    async claimCombined(rootRunId, runId) {
      const ledger = must(rootRunId);
      if (ledger.combinedBy && ledger.combinedBy !== runId) return false;
      ledger.combinedBy = runId;
      return true;
    },
    async recordCombined(rootRunId, noteId) {
      must(rootRunId).combinedNoteId = noteId;
    },
  };
}
