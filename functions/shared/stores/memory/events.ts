// In-memory EventLedger with the DynamoDB adapter's semantics: the first claim of a helpdesk event
// (per tenant and helpdesk) wins, and every later claim gets the run id recorded first.
import type { EventLedger } from '../ports.js';

export function createInMemoryEventLedger(deps: { claims: Map<string, string> }): EventLedger {
  return {
    async claim(input) {
      const id = `${input.tenant}#${input.helpdesk}#${input.eventId}`;
      const first = deps.claims.get(id);
      if (first !== undefined) return { firstTime: false, runId: first };
      deps.claims.set(id, input.runId);
      return { firstTime: true, runId: input.runId };
    },
  };
}
