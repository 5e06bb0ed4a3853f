// No model is chosen silently. Locally (`npm start`, the eval) the provider may be inferred: no key,
// the offline model; a key, Anthropic. Deployed — the Lambda runtime sets AWS_LAMBDA_FUNCTION_NAME —
// it is named by MODEL_PROVIDER or there is none: a key or a model choice without a named provider, or
// anthropic without a key (missing, or the empty field of a Model secret nobody filled), stops the
// function at startup with a ModelSettingsError; a function with no model setting calls no model.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HarnessConfigError } from '#harness/errors.js';
import { modelProviderKind, NoModelProviderError, selectModels } from '#harness/adapters/models/select.js';
import { ModelSettingsError, parseModelSettings } from '#harness/models/settings.js';

const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: 'RefundAgent-acme-triage' };

function settingsError(env: Record<string, string>): ModelSettingsError {
  try {
    parseModelSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ModelSettingsError);
    expect(error).toBeInstanceOf(HarnessConfigError);
    return error as ModelSettingsError;
  }
  throw new Error(`parsed ${JSON.stringify(env)}`);
}

describe('the local runtime', () => {
  it('uses the offline model when no key is configured, and says which provider it chose', () => {
    const settings = parseModelSettings({});

    expect(modelProviderKind(settings)).toBe('offline');
    expect(selectModels(settings).provider.name).toBe('offline');
  });

  it('takes an empty key as no key: the offline model, not a parse error', () => {
    expect(modelProviderKind(parseModelSettings({ ANTHROPIC_API_KEY: '' }))).toBe('offline');
  });

  it('still refuses anthropic without a key when it is asked for by name', () => {
    expect(settingsError({ MODEL_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: '  ' }).problems).toEqual([
      'ANTHROPIC_API_KEY: MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY',
    ]);
  });
});

describe('a deployed function', () => {
  it('runs the provider its environment names', () => {
    expect(selectModels(parseModelSettings({ ...LAMBDA, MODEL_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-x' })).provider.name).toBe('anthropic');
    expect(selectModels(parseModelSettings({ ...LAMBDA, MODEL_PROVIDER: 'offline', MODEL_CHOICES: '{}' })).provider.name).toBe('offline');
  });

  it('fails closed at startup when anthropic is named and the key is missing or empty, never echoing a value', () => {
    for (const key of [{}, { ANTHROPIC_API_KEY: '' }] as Array<Record<string, string>>) {
      const error = settingsError({ ...LAMBDA, MODEL_PROVIDER: 'anthropic', MODEL_CHOICES: '{}', ...key });
      expect(error.name).toBe('ModelSettingsError');
      expect(error.problems).toEqual([
        expect.stringMatching(/^ANTHROPIC_API_KEY: MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY: the tenant's Model secret is empty/),
      ]);
    }
  });

  it('never infers the provider from a key or a model choice: it must be named', () => {
    const fromKey = settingsError({ ...LAMBDA, ANTHROPIC_API_KEY: 'sk-ant-secret-value' });
    const fromChoices = settingsError({ ...LAMBDA, MODEL_CHOICES: '{"triage":"claude-haiku-4-5"}' });

    expect(fromKey.problems).toEqual([
      expect.stringMatching(/^MODEL_PROVIDER: a deployed function names its model provider .* never inferred from ANTHROPIC_API_KEY/),
    ]);
    expect(fromKey.message).not.toContain('sk-ant-secret-value');
    expect(fromChoices.problems).toEqual([expect.stringContaining('never inferred from MODEL_CHOICES')]);
  });

  it('without any model setting calls no model: every call fails with NoModelProviderError', async () => {
    const settings = parseModelSettings({ ...LAMBDA });
    const { provider } = selectModels(settings);

    expect(modelProviderKind(settings)).toBe('none');
    await expect(provider.complete({ specialist: 'triage', model: 'claude-haiku-4-5', system: 's', input: {}, schema: z.object({}) })).rejects.toBeInstanceOf(
      NoModelProviderError,
    );
  });
});

describe('settings built without the parser', () => {
  it('refuses anthropic without a key instead of leaving the SDK to look in the environment', () => {
    expect(() => selectModels({ MODEL_PROVIDER: 'anthropic' })).toThrow(ModelSettingsError);
  });
});
