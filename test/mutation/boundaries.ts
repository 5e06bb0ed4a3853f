// Mutants the syntax tree cannot find: a limit moved by one unit at one layer only (the gate, or
// the check at dispatch), and rule sites whose refusal is built in one place and raised in another.
// Each names its text exactly; sites.test.ts fails when a text no longer occurs exactly once, so a
// refactor cannot make a mutant silently vanish.
import type { Mutant } from './sites.js';

export interface TextMutant {
  id: string;
  file: string;
  rule: string;
  find: string;
  replace: string;
  how: string;
}

export const TEXT_MUTANTS: readonly TextMutant[] = [
  {
    id: 'gate: automatic limit one cent higher',
    file: 'harness/policy/gate.ts',
    rule: 'amountOverAutoLimit',
    find: 'if (amountMinor > doc.autoRefundLimitMinor) {',
    replace: 'if (amountMinor > doc.autoRefundLimitMinor + 1) {',
    how: 'the gate lets the limit plus one minor unit through',
  },
  {
    id: 'dispatch: automatic limit one cent higher',
    file: 'harness/policy/refund-args.ts',
    rule: 'autoOverLimitAtDispatch',
    find: "if (gate.decision === 'auto' && limitMinor > policy.document.autoRefundLimitMinor) {",
    replace: "if (gate.decision === 'auto' && limitMinor > policy.document.autoRefundLimitMinor + 1) {",
    how: 'dispatch lets the limit plus one minor unit through without an approval',
  },
  {
    id: 'dispatch: the automatic limit not checked',
    file: 'harness/policy/refund-args.ts',
    rule: 'autoOverLimitAtDispatch',
    find: "if (gate.decision === 'auto' && limitMinor > policy.document.autoRefundLimitMinor) {",
    replace: 'if (false) {',
    how: "dispatch trusts the gate's decision on the amount",
  },
  {
    id: 'dispatch: the amount sent not recomputed from the order',
    file: 'harness/policy/refund-args.ts',
    rule: 'amountNotRecomputed',
    find: 'if (Math.abs(args.amount.amountMinor - due.totalMinor) > tolerance) {',
    replace: 'if (false) {',
    how: "dispatch sends a stored amount the order's figures do not come to",
  },
  {
    id: 'gate: the store may differ by any amount',
    file: 'harness/policy/refund-pricing.ts',
    rule: 'storeAmountDiffers',
    find: 'const differ = (f: Figures) => Math.abs(f.policy - f.store) > tolerance && Math.abs(f.parts - f.store) > tolerance;',
    replace: 'const differ = (_f: Figures) => false;',
    how: "the gate makes a refund at the store's figure however far it is from the policy's",
  },
  {
    id: 'gate: one more recent refund allowed',
    file: 'harness/policy/gate.ts',
    rule: 'tooManyRecentRefunds',
    find: 'if (recent >= doc.maxRefundsIn90Days) {',
    replace: 'if (recent > doc.maxRefundsIn90Days) {',
    how: 'the gate allows the maximum number of recent refunds plus one',
  },
  {
    id: 'dispatch: one more recent refund allowed',
    file: 'harness/policy/refund-args.ts',
    rule: 'tooManyRecentRefundsAtDispatch',
    find: 'if (recent >= max) {',
    replace: 'if (recent > max) {',
    how: 'dispatch allows the maximum number of recent refunds plus one',
  },
  // refund.ts's own invalid-policy check in its preview is not mutated: the harness's only path to it
  // (previewRefund) refuses an invalid policy first (policyOrThrow), so removing it changes nothing a
  // caller can see. The harness's check is mutated instead.
  {
    id: 'harness: an invalid policy refuses no step',
    file: 'harness/harness.ts',
    rule: 'policyInvalid',
    find: "if ('invalid' in resolved) {",
    replace: 'if (false) {',
    how: "a tenant's invalid policy no longer refuses a gate or an approval preview",
  },
  {
    id: 'money tools: an invalid policy refuses nothing',
    file: 'harness/gateway/refund-context.ts',
    rule: 'policyInvalid',
    find: "if ('invalid' in deps.policy) return journalRefusal(deps, ctx, invalidPolicy(deps.policy.invalid), 'none', null, tool);",
    replace: ';',
    how: "a tenant's invalid policy no longer refuses a money tool",
  },
  {
    id: 'approval: usable at the moment it expires',
    file: 'harness/policy/approval.ts',
    rule: 'approvalExpired',
    find: 'if (!(binding.now.getTime() < Date.parse(approval.expiresAt))) {',
    replace: 'if (!(binding.now.getTime() <= Date.parse(approval.expiresAt))) {',
    how: 'an approval is still accepted at its expiry instant',
  },
];

/** Rule sites the tree scan cannot disable, each answered by a text mutant of the same file and rule. */
export const SCAN_UNSUPPORTED_ANSWERED: readonly string[] = [
  'harness/gateway/refund-context.ts policyInvalid',
  'harness/policy/refund-pricing.ts storeAmountDiffers',
];

/** A text mutant as offsets in the file's text; throws unless its text occurs exactly once. */
export function locate(text: string, mutant: TextMutant): Mutant {
  const start = text.indexOf(mutant.find);
  if (start < 0 || text.indexOf(mutant.find, start + 1) >= 0) {
    throw new Error(`${mutant.id}: its text must occur exactly once in ${mutant.file}`);
  }
  const line = text.slice(0, start).split('\n').length;
  return { id: mutant.id, file: mutant.file, rule: mutant.rule, line, start, end: start + mutant.find.length, replacement: mutant.replace, how: mutant.how };
}
