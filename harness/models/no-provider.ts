// What a function that calls no model composes with: the default model of each specialist (only the
// model steps read it) and the provider that fails every call closed. Apart from select.ts, so that
// those functions' bundles carry no provider (no Anthropic SDK, no offline model); select.ts re-exports both.
import { HarnessConfigError } from '../errors.js';
import type { ModelProvider } from '../ports.js';

export interface ModelChoices {
  triage: string;
  orderAgent: string;
  replyAgent: string;
  replyCheck: string;
}

/** Small model for reading and checking, the larger one for the agents that reason and write. */
export const DEFAULT_MODEL_CHOICES: ModelChoices = {
  triage: 'claude-haiku-4-5',
  orderAgent: 'claude-sonnet-5',
  replyAgent: 'claude-sonnet-5',
  replyCheck: 'claude-haiku-4-5',
};

/** A deployed function was asked for a model though its environment names no provider (infra: callsModels). */
export class NoModelProviderError extends HarnessConfigError {
  constructor(specialist: string) {
    super(`no model provider: this deployed function names no MODEL_PROVIDER, so it calls no model (asked for ${specialist})`, {
      context: { specialist },
    });
    this.name = 'NoModelProviderError';
  }
}

/**
 * The provider of a function that calls no model: every call fails closed. It is priced as offline
 * (the port names no other free provider), so a call that cannot happen reserves no budget.
 */
export function noModelProvider(): ModelProvider {
  return {
    name: 'offline',
    async complete(request) {
      throw new NoModelProviderError(request.specialist);
    },
  };
}
