// Field-by-field comparison of a written label with the reference one, as readable messages.
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
  return FIELDS.filter((f) => !isDeepStrictEqual(written[f], reference[f])).map(
    (f) => `label.${f} is ${JSON.stringify(written[f])}, the policy gives ${JSON.stringify(reference[f])}`,
  );
}
