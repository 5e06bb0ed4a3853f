// Turns a step use case into a Lambda handler: parse the Task payload with zod, call the use case.
// A harness error that names its rule leaves with the rule id appended to its message ("… [rule
// nothing_left]"): Step Functions passes on only an error's name and message, and Escalate words the
// escalation for people from the rule (functions/shared/words/reasons-in-words.ts ruleTagOf), not from the wording.
import type { ZodType } from 'zod';
import { HarnessError } from '#harness/errors.js';
import { parseEvent } from '../parse.js';

const RULE_TAG = /\s\[rule ([a-z0-9_]+)\]$/;

/** The rule id a step error carried out of its Lambda, if any. */
export function ruleTagOf(message: string): string | null {
  return RULE_TAG.exec(message)?.[1] ?? null;
}

/** The error, its message ending with its rule id when it has one (once). */
export function withRuleTag(error: unknown): unknown {
  if (!(error instanceof HarnessError)) return error;
  const rule = error.context.rule;
  if (typeof rule !== 'string' || !/^[a-z0-9_]+$/.test(rule) || RULE_TAG.test(error.message)) return error;
  error.message = `${error.message} [rule ${rule}]`;
  return error;
}

export function createStepHandler<E, R>(schema: ZodType<E>, useCase: (event: E) => Promise<R>) {
  return async (event: unknown): Promise<R> => {
    try {
      return await useCase(parseEvent(schema, event, 'step payload'));
    } catch (error) {
      throw withRuleTag(error);
    }
  };
}
