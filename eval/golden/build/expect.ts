// What a spec's author worked out by hand (`expect`), held against the label the checker derives:
// the committed label is always the checker's, and the build fails where the two readings of the
// policy disagree, naming the ticket and the field. So an amount is worked out twice, once by a
// person from the order and once by code from docs/policy.md, and neither is copied from the other.
import { isDeepStrictEqual } from 'node:util';
import type { ApprovalRule, EscalationRule, Label, LabelRemedy, Line } from '../schema.js';
import type { Units } from './orders.js';

export interface ExpectSpec {
  outcome: 'auto' | 'approval' | 'escalate' | 'answered';
  amount?: number;
  rules?: ApprovalRule[];
  esc?: EscalationRule;
  /** The lines refunded, proposed or taken back; default: the claim's. */
  lines?: Units[];
  /** A decision other than a refund paid at once: store credit, a cancel of the whole order, a return or an exchange. */
  remedy?: LabelRemedy;
  /** What the customer gets back in the `paidIn` currency of the bound order. */
  paid?: number;
  /** A return's or an exchange's terms: the fee, the variants shipped again, a replacement shipped at once. */
  terms?: { fee: number; exchange?: Units[]; atOnce?: true };
  /** A ticket with several requests: each request's, in order (the fields above are the first's). */
  requests?: ExpectSpec[];
}

const OUTCOME = { auto: 'auto_refund', approval: 'approval', escalate: 'escalate' } as const;
const lines = (units: readonly Units[]): Line[] => units.map(([sku, quantity]) => ({ sku, quantity }));

/** The label fields the author stated, in the label's words. */
function stated(expect: ExpectSpec, claimLines: Units[]): Partial<Label> {
  if (expect.outcome === 'escalate') return { outcome: 'escalate', amountMinor: 0, lines: [], escalation: expect.esc ?? null, approvalRules: [] };
  if (expect.outcome === 'answered') return { outcome: 'answered', amountMinor: 0, lines: [], escalation: null, approvalRules: [] };
  const terms = expect.terms;
  return {
    outcome: OUTCOME[expect.outcome],
    amountMinor: expect.amount ?? Number.NaN,
    lines: lines(expect.lines ?? claimLines),
    escalation: null,
    approvalRules: expect.rules ?? [],
    remedy: expect.remedy,
    returnTerms: terms && {
      feeMinor: terms.fee,
      ...(terms.exchange ? { exchange: lines(terms.exchange) } : {}),
      ...(terms.atOnce ? { shipsAtOnce: true as const } : {}),
    },
  };
}

/** One message per field where the hand-worked expectation and the checker's label differ; per request on a ticket with several. */
export function expectationProblems(expect: ExpectSpec, claimLines: Units[], label: Label, requestLines?: Units[][]): string[] {
  const own = fieldProblems(expect, claimLines, label);
  if (!expect.requests && !label.requests) return own;
  const labels = label.requests ?? [];
  if (expect.requests?.length !== labels.length) return [...own, `expected ${expect.requests?.length ?? 0} requests, the checker gives ${labels.length}`];
  return [...own, ...expect.requests.flatMap((e, i) => fieldProblems(e, requestLines?.[i] ?? [], labels[i]!).map((p) => `request ${i + 1}: ${p}`))];
}

function fieldProblems(expect: ExpectSpec, claimLines: Units[], label: Label): string[] {
  const mine = stated(expect, claimLines);
  const problems = (Object.keys(mine) as (keyof Label)[])
    .filter((field) => !isDeepStrictEqual(mine[field], label[field]))
    .map((field) => `expected ${field} ${JSON.stringify(mine[field])}, the checker gives ${JSON.stringify(label[field])}`);
  if (expect.paid !== label.presentment?.amountMinor) {
    problems.push(`expected presentment ${String(expect.paid)}, the checker gives ${String(label.presentment?.amountMinor)}`);
  }
  return problems;
}
