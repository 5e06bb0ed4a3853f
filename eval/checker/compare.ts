// Field-by-field comparison of a written label with the reference one, as readable messages; a ticket
// with several requests is compared request by request.
import { isDeepStrictEqual } from 'node:util';
import type { Label } from '../golden/schema.js';

const FIELDS: (keyof Label)[] = [
  'outcome',
  'amountMinor',
  'currency',
  'lines',
  'reason',
  'boundOrder',
  'escalation',
  'approvalRules',
  'trajectory',
  'remedy',
  'returnTerms',
  'presentment',
];

export function compareLabels(written: Label, reference: Label): string[] {
  const top = FIELDS.filter((f) => !isDeepStrictEqual(written[f], reference[f])).map(
    (f) => `label.${f} is ${JSON.stringify(written[f])}, the policy gives ${JSON.stringify(reference[f])}`,
  );
  // A ticket with several requests: each request's label on its own.
  const mine = written.requests ?? [];
  const policy = reference.requests ?? [];
  if (mine.length !== policy.length) return [...top, `label.requests has ${mine.length} labels, the policy gives ${policy.length}`];
  return [...top, ...mine.flatMap((label, i) => compareLabels(label, policy[i]!).map((p) => p.replace(/^label\./, `label.requests[${i}].`)))];
}
