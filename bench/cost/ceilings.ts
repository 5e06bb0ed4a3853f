// The most one ticket of each kind may ask of AWS, committed: a new state, step, table write or email
// raises a count, and test/e2e/cost.test.ts fails until the ceiling is raised here on purpose (with the
// cost it adds, from `npm run cost`). Counts only: durations and bytes vary by machine.
import type { TicketUsage } from './estimate.js';
import type { TicketKind } from './measure.js';

export type Ceiling = Pick<TicketUsage, 'transitions' | 'invocations' | 'dynamoWriteUnits' | 'dynamoIndexWriteUnits' | 'dynamoReadUnits' | 'sqsRequests' | 'apiRequests' | 'emails'>;

export const CEILINGS: Record<TicketKind, Ceiling> = {
  automatic: { transitions: 0, invocations: 0, dynamoWriteUnits: 0, dynamoIndexWriteUnits: 0, dynamoReadUnits: 0, sqsRequests: 0, apiRequests: 0, emails: 0 },
  approval: { transitions: 0, invocations: 0, dynamoWriteUnits: 0, dynamoIndexWriteUnits: 0, dynamoReadUnits: 0, sqsRequests: 0, apiRequests: 0, emails: 0 },
};

/** Each count of `usage` above its ceiling, said plainly. */
export function overCeilings(kind: TicketKind, usage: TicketUsage): string[] {
  return (Object.entries(CEILINGS[kind]) as [keyof Ceiling, number][])
    .filter(([key, ceiling]) => usage[key] > ceiling)
    .map(([key, ceiling]) => `${kind} ticket: ${key} ${Math.round(usage[key] * 100) / 100} > ${ceiling}`);
}
