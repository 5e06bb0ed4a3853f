// A step's harness error carries its rule id out of the Lambda (Step Functions keeps only the name and
// the message), so Escalate words the escalation from the rule itself, whatever the message says.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { failureInWords, storeFormats } from '#functions/shared/words/reasons-in-words.js';
import { createStepHandler, ruleTagOf, withRuleTag } from '#functions/shared/step/handler.js';
import { ArgumentPolicyError, TemporarilyUnavailableError } from '#harness/errors.js';
import { RULES } from '#harness/policy/rules.js';
import { proposedRun } from '../../support/steps.js';

const fmt = storeFormats({ store: { locale: 'en-US', timeZone: 'UTC' }, now: new Date('2026-11-20T12:00:00Z') });

describe('a step error leaving its Lambda', () => {
  it('ends its message with the rule id of a policy refusal, once, and keeps its class', async () => {
    const handler = createStepHandler(z.object({ runId: z.string() }), async () => {
      throw new ArgumentPolicyError(RULES.nothingRefundable, 'wording nobody maps to a rule');
    });
    const thrown = await handler({ runId: 'run-1' }).catch((e: unknown) => e as Error);
    expect(thrown).toBeInstanceOf(ArgumentPolicyError);
    expect(thrown.message).toBe(`wording nobody maps to a rule [rule ${RULES.nothingRefundable}]`);
    expect(ruleTagOf(thrown.message)).toBe(RULES.nothingRefundable);
    expect((withRuleTag(thrown) as Error).message).toBe(thrown.message);
  });

  it('leaves errors without a rule, and errors that are not the harness’s, as they were', () => {
    const plain = new Error('boom');
    expect(withRuleTag(plain)).toBe(plain);
    expect(plain.message).toBe('boom');
    const unavailable = new TemporarilyUnavailableError('get_order timed out');
    expect((withRuleTag(unavailable) as Error).message).toBe('get_order timed out');
    expect(ruleTagOf('get_order timed out')).toBeNull();
  });

  it('is worded for people from the tagged rule, not from the message', () => {
    const message = `wording nobody maps to a rule [rule ${RULES.nothingRefundable}]`;
    const text = failureInWords({ name: 'ArgumentPolicyError', message, rule: ruleTagOf(message) }, { run: proposedRun({ runId: 'run-1' }), fmt });
    expect(text).toMatch(/^Nothing is left to refund on order #1001/);
    expect(text).not.toMatch(/rule|Error|wording/);
  });
});
