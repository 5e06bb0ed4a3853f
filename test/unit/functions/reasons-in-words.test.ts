// People read sentences (issue 22): every refusal rule and every failure class a run can end on reads
// as a sentence from the run's facts, with no error class name, no minor units next to a currency
// code and dates in the store's time zone (functions/shared/words/reasons-in-words.ts).
import { describe, expect, it } from 'vitest';
import type { Run } from '#functions/shared/domain/run.js';
import { failureInWords, refusalInWords, ruleInWords, ruleOfMessage, storeFormats } from '#functions/shared/words/reasons-in-words.js';
import { RULES } from '#harness/policy/rules.js';
import { proposedRun, receiptFor } from '../../support/steps.js';

const CODE_WORDS = /[A-Z][a-z]+Error\b/;
const MINOR_UNITS = /\b\d{3,} ?(USD|EUR)\b/;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

/** Order 1001 with one earlier refund at 23:30 UTC on 10 Nov: 11 Nov in Berlin. */
function refundedRun(overrides: Partial<Run> = {}): Run {
  const run = proposedRun({ runId: 'run-w1', ...overrides });
  const earlier = { refundId: 'gid://shopify/Refund/5', createdAt: '2026-11-10T23:30:00Z', amountMinor: 1500, lineItems: [] };
  return { ...run, order: { ...run.order!, refunds: [earlier as never] } };
}
const berlin = (locale = 'en-US') => storeFormats({ store: { locale, timeZone: 'Europe/Berlin' }, now: new Date('2026-11-20T12:00:00Z') });

const clean = (text: string) => {
  expect(text).not.toMatch(CODE_WORDS);
  expect(text).not.toMatch(MINOR_UNITS);
  expect(text).not.toMatch(ISO_DAY);
  expect(text).not.toMatch(/_/);
  expect(text).toMatch(/^[A-Z].*[.!?]$/);
};

describe('a refusal rule in words', () => {
  it('says nothing is left to refund, with the earlier refund on its day in the store zone and its money in the store locale', () => {
    const text = ruleInWords(RULES.nothingRefundable, { run: refundedRun(), fmt: berlin() });
    expect(text).toBe('Nothing is left to refund on order #1001: its lines were refunded on Nov 11, 2026 ($15.00).');
  });

  it('writes euros as the store locale does', () => {
    const run = refundedRun();
    const eur = { ...run, order: { ...run.order!, currency: 'EUR' } };
    expect(ruleInWords(RULES.refundStatusQuestion, { run: eur, fmt: berlin('de-DE') })).toMatch(/11 Nov 2026 \(15,00\s€\)/u);
  });

  it.each(Object.values(RULES))('words rule %s as a sentence', (rule) => {
    clean(ruleInWords(rule, { run: refundedRun(), fmt: berlin() }));
  });

  it("says the store computes another figure than the policy, with both figures from the gate's own sentence", () => {
    const reason = 'the store computes $16.40 for these items and the policy $16.33, more than $0.01 apart; a person checks the order';
    const gate = { decision: 'refuse' as const, rules: [RULES.storeAmountDiffers], reasons: [reason], amountMinor: 1633, currency: 'USD', policyVersion: 'v' };
    expect(ruleInWords(RULES.storeAmountDiffers, { run: refundedRun({ gate }), fmt: berlin() })).toBe(
      'The store computes $16.40 for these items and the policy $16.33, more than $0.01 apart; a person checks order #1001.',
    );
    expect(ruleInWords(RULES.storeAmountDiffers, { run: refundedRun({ gate: { ...gate, reasons: [] } }), fmt: berlin() })).toBe(
      "The store's own computation of the refund differs from the policy's (the policy computes $16.33); a person checks order #1001.",
    );
  });

  it('says the amount sent is not what the order comes to when read again, and that an automatic one is over the limit', () => {
    const c = { run: refundedRun(), fmt: berlin() };
    expect(ruleInWords(RULES.amountNotRecomputed, c)).toBe(
      "The refund's amount is not what order #1001, read again just before the refund, comes to for these items (the order changed since the gate decided).",
    );
    expect(ruleInWords(RULES.autoOverLimitAtDispatch, c)).toBe(
      'Computed again just before the refund, the amount is over the automatic limit; a lead must approve it.',
    );
  });

  it("words the gate's refusal from its rules, one sentence each", () => {
    const run = refundedRun({
      gate: {
        decision: 'refuse',
        rules: [RULES.orderNotRequesters, RULES.nothingRefundable],
        reasons: [],
        amountMinor: 0,
        currency: 'USD',
        policyVersion: 'v',
      },
    });
    const text = refusalInWords({ run, fmt: berlin() });
    expect(text).toMatch(/^Order #1001 does not belong to the customer who wrote the ticket\. Nothing is left to refund on order #1001/);
    clean(text);
  });
});

describe('a failure in words', () => {
  const fmt = berlin();
  it('finds the rule of a policy error from its message and says no refund was made', () => {
    expect(ruleOfMessage('"Stoneware mug" has nothing left to refund')).toBe(RULES.nothingRefundable);
    const text = failureInWords({ name: 'ArgumentPolicyError', message: '"Stoneware mug" has nothing left to refund' }, { run: refundedRun(), fmt });
    expect(text).toBe('Nothing is left to refund on order #1001: its lines were refunded on Nov 11, 2026 ($15.00). No refund was made.');
  });

  it.each([
    ['the refund asks $16.40; the order, read again now, comes to $16.33 for these items', RULES.amountNotRecomputed],
    ["the refund leaves out the order's shipping, which the policy refunds with these items", RULES.amountNotRecomputed],
    ['the duties refunded are not the ones the claimed lines carry', RULES.amountNotRecomputed],
    ['recorded as automatic, but $51.84 is over the $50.00 automatic limit', RULES.autoOverLimitAtDispatch],
  ])('finds the rule of the dispatch check "%s"', (message, rule) => {
    expect(ruleOfMessage(message)).toBe(rule);
    clean(failureInWords({ name: 'ArgumentPolicyError', message }, { run: refundedRun(), fmt }));
  });

  it('tells a person to check the store when the outcome is unknown', () => {
    const text = failureInWords({ name: 'AmbiguousOutcomeError', message: 'refund outcome unknown, pending review: x' }, { run: refundedRun(), fmt });
    expect(text).toBe('The store did not say whether the refund went through; someone must check order #1001 in Shopify.');
  });

  it('says the store was unavailable and that the run stopped before any refund', () => {
    const text = failureInWords({ name: 'TemporarilyUnavailableError', message: 'get_order timed out' }, { run: refundedRun(), fmt });
    expect(text).toBe('The store was unavailable; the run stopped and no refund was made.');
  });

  it('says a refund was made when one was, with its amount', () => {
    const run = refundedRun();
    const refunded = { ...run, refund: receiptFor(run, { amountMinor: 4400 }) };
    expect(failureInWords({ name: 'ToolFailedError', message: 'post_draft: invalid' }, { run: refunded, fmt })).toBe(
      'Leaving a note on the ticket failed; a refund of $44.00 was made before it stopped.',
    );
  });

  it.each([
    ['ArgumentPolicyError', 'amount 6200 exceeds the 5000 refundable for these items'],
    ['ApprovalRequiredError', 'approval is rejected, not approved'],
    ['AmbiguousOutcomeError', 'refund outcome unknown, pending review: refund_create answered for another order or amount'],
    ['TemporarilyUnavailableError', 'model unavailable after 3 attempts: overloaded'],
    ['BudgetExceededError', 'budget exceeded: 6200 USD'],
    ['InvalidModelOutputError', 'triage output does not match its schema'],
    ['ToolFailedError', 'get_order: not_found'],
    ['ToolNotAllowedError', 'step Triage may not call refund_create'],
    ['HarnessConfigError', 'no price for model x'],
    ['MissingStepDataError', 'run r has no draft'],
    ['States.Timeout', ''],
    ['States.TaskFailed', 'boom'],
    ['SomethingNewError', 'unheard of'],
  ])('words %s without its class name or minor units', (name, message) => {
    clean(failureInWords({ name, message }, { run: refundedRun(), fmt }));
  });
});
