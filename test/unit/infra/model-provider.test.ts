// Deployed, no model is chosen silently: the tenant file names its model provider, the stack hands it
// to exactly the model-calling functions as MODEL_PROVIDER, and each function's environment — as it
// looks right after deploy, its secrets' non-empty fields merged over it the way lambda-app.ts does —
// either gives the named provider, or refuses to start with a ModelSettingsError when the named
// provider is anthropic and the Model secret is still empty. A function that calls no model gets none.
import { beforeAll, describe, expect, it } from 'vitest';
import { modelProviderKind, selectModels } from '#harness/adapters/models/select.js';
import { ModelSettingsError, parseModelSettings } from '#harness/models/settings.js';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { createTemplateEvaluator } from './deployed-env.js';
import { synthTenant, TEST_TENANT } from './synth.js';

const HANDLERS = FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].config === 'handler');
const MODEL_CALLERS = HANDLERS.filter((fn) => FUNCTIONS[fn].access.callsModels);
const OTHERS = HANDLERS.filter((fn) => !FUNCTIONS[fn].access.callsModels);

type Deployed = (fn: FunctionName, secretValues?: Record<string, string>) => Record<string, string>;

/** A tenant's functions as deployed: each one's environment with its secrets' non-empty fields over it. */
function deployedTenant(config: TenantConfig): Deployed {
  const synth = synthTenant(config);
  const evaluator = createTemplateEvaluator(synth.template.toJSON().Resources);
  return (fn, secretValues = {}) => {
    const env = evaluator.deployedEnvOf(synth.logicalIdOf(fn));
    const fields: Record<string, string> = {};
    for (const [name, parameter] of Object.entries(env)) {
      if (!name.endsWith('_PARAMETER')) continue;
      for (const [field, value] of Object.entries(evaluator.secretValueOf(parameter))) {
        const filled = secretValues[field] ?? value;
        if (filled !== '') fields[field] = filled;
      }
    }
    // The Lambda runtime sets this in every function; the local runtime never does.
    return { ...env, ...fields, AWS_LAMBDA_FUNCTION_NAME: `RefundAgent-acme-${fn}` };
  };
}

const startup = (env: Record<string, string>) => selectModels(parseModelSettings(env));

describe('the tenant file names its model provider', () => {
  it('refuses a tenant file without modelProvider, saying what to write, and one naming another provider', () => {
    const { modelProvider: _named, ...unnamed } = TEST_TENANT;

    const missing = TenantConfig.safeParse(unnamed);
    const replay = TenantConfig.safeParse({ ...TEST_TENANT, modelProvider: 'replay' });

    expect(missing.success).toBe(false);
    expect(missing.error!.issues).toEqual([expect.objectContaining({ path: ['modelProvider'], message: expect.stringContaining('"anthropic" or "offline"') })]);
    expect(replay.success).toBe(false);
  });
});

describe('deployed with modelProvider anthropic', () => {
  let deployed: Deployed;
  beforeAll(() => {
    deployed = deployedTenant(TEST_TENANT);
  });

  it('hands MODEL_PROVIDER to every model-calling function and to no other', () => {
    for (const fn of MODEL_CALLERS) expect(deployed(fn).MODEL_PROVIDER, fn).toBe('anthropic');
    for (const fn of OTHERS) expect(deployed(fn).MODEL_PROVIDER, fn).toBeUndefined();
    expect(MODEL_CALLERS).toEqual(expect.arrayContaining(['triage', 'propose-refund', 'draft-reply', 'check-reply', 'escalate']));
  });

  it('runs the model-calling functions on Anthropic once the operator fills the Model secret', () => {
    for (const fn of MODEL_CALLERS) expect(startup(deployed(fn, { ANTHROPIC_API_KEY: 'sk-ant-operator-key' })).provider.name, fn).toBe('anthropic');
  });

  it('fails closed at startup with a ModelSettingsError, naming the parameter, while the Model parameter is not put, instead of running offline', () => {
    for (const fn of MODEL_CALLERS) {
      expect(() => startup(deployed(fn)), fn).toThrow(ModelSettingsError);
      expect(() => startup(deployed(fn)), fn).toThrow(
        /ANTHROPIC_API_KEY: MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY: the tenant's Model secret is empty \(put the parameter \/refund-agent\/acme\/model /,
      );
    }
  });

  it('gives the functions that call no model no provider at all, whatever the Model secret holds', async () => {
    for (const fn of OTHERS) expect(modelProviderKind(parseModelSettings(deployed(fn))), fn).toBe('none');

    const { provider } = startup(deployed('refund'));
    await expect(provider.complete({ specialist: 'triage', model: 'claude-haiku-4-5', system: 's', input: {}, schema: {} as never })).rejects.toMatchObject({
      name: 'NoModelProviderError',
    });
  });
});

describe('deployed with modelProvider offline', () => {
  it('runs the model-calling functions on the offline model because the tenant named it, with no key', () => {
    const deployed = deployedTenant(TenantConfig.parse({ ...TEST_TENANT, modelProvider: 'offline' }));

    for (const fn of MODEL_CALLERS) {
      expect(deployed(fn).MODEL_PROVIDER, fn).toBe('offline');
      expect(startup(deployed(fn)).provider.name, fn).toBe('offline');
    }
  });
});
