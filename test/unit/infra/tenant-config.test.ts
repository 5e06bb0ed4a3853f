// Tenant files are validated once at the app edge, with errors that say what to fix.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TenantConfigInvalidError, TenantConfigNotFoundError } from '../../../infra/lib/errors.js';
import { autoRefundLimitOf, loadTenantConfig, TenantConfig, tenantsIn, undeployableSettings } from '../../../infra/lib/tenant-config.js';
import { REPO_ROOT } from './synth.js';

const VALID = {
  tenant: 'shop-one',
  storeDomain: 'shop-one.myshopify.com',
  helpdesk: { kind: 'gorgias', baseUrl: 'https://shop-one.gorgias.com' },
  approverEmails: ['lead@shop-one.test'],
  sesSender: 'refunds@shop-one.test',
  modelProvider: 'anthropic',
};

function tenantsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenants-'));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, `${name}.json`), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}

function problemsOf(load: () => unknown): string {
  let error: unknown;
  try {
    load();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(TenantConfigInvalidError);
  return (error as TenantConfigInvalidError).problems.join('\n');
}

describe('loadTenantConfig', () => {
  it('loads the demo tenant shipped in infra/tenants', () => {
    const config = loadTenantConfig('demo', join(REPO_ROOT, 'infra', 'tenants'));

    expect(config.tenant).toBe('demo');
    expect(autoRefundLimitOf(config)).toBe(5000);
  });

  it('defaults the auto-refund limit to 5000 minor units and the webhook throttle to 10 rps, burst 20', () => {
    const config = loadTenantConfig('shop-one', tenantsDir({ 'shop-one': VALID }));

    expect(autoRefundLimitOf(config)).toBe(5000);
    expect(config.caps).toMatchObject({ webhookRatePerSecond: 10, webhookBurst: 20 });
    expect(config).toMatchObject({ alarmEmails: [], policy: {}, models: {} });
  });

  it('validates policy overrides with the harness policy schema, model choices against the price table, caps as integers', () => {
    const dir = tenantsDir({
      'shop-one': {
        ...VALID,
        policy: { autoRefundLimitMinor: -1, fulfilledWithinDays: 0, maxRefundsPerRun: 2 },
        models: { triage: 'gpt-4o' },
        caps: { webhookRatePerSecond: 0.5 },
        alarmEmails: ['not-an-email'],
      },
    });

    const problems = problemsOf(() => loadTenantConfig('shop-one', dir));
    for (const field of [
      'policy.autoRefundLimitMinor',
      'policy.fulfilledWithinDays',
      'policy',
      'models.triage',
      'caps.webhookRatePerSecond',
      'alarmEmails.0',
    ]) {
      expect(problems).toContain(field);
    }
    expect(problems).toContain('maxRefundsPerRun'); // not a number a tenant may change
  });

  it('accepts what the deployed functions honour and names what they cannot honour yet', () => {
    const config = TenantConfig.parse({
      ...VALID,
      helpdesk: { kind: 'zendesk', baseUrl: 'https://shop-one.zendesk.com' },
      policy: { autoRefundLimitMinor: 2500, fulfilledWithinDays: 30 },
    });
    expect(undeployableSettings(config)).toEqual([]);
    // Gorgias has a connector too (requester look-ups, internal notes).
    expect(undeployableSettings(TenantConfig.parse(VALID))).toEqual([]);

    const wishes = TenantConfig.parse({
      ...VALID,
      helpdesk: { kind: 'helpscout', baseUrl: 'https://shop-one.helpscout.net' },
      policy: { fulfilledWithinDays: 14 },
      models: { replyAgent: 'claude-haiku-4-5' },
      caps: { runCostMicros: 100_000 },
    });
    const problems = undeployableSettings(wishes).join('\n');
    for (const field of ['helpdesk.kind', 'policy.fulfilledWithinDays', 'caps.runCostMicros']) expect(problems).toContain(field);
    // Model choices reach the model-calling steps as MODEL_CHOICES: nothing to refuse.
    expect(problems).not.toContain('models.');
  });

  it('says which file is missing', () => {
    const dir = tenantsDir({});

    expect(() => loadTenantConfig('ghost', dir)).toThrow(TenantConfigNotFoundError);
    expect(() => loadTenantConfig('ghost', dir)).toThrow(join(dir, 'ghost.json'));
  });

  it('names each invalid field', () => {
    const dir = tenantsDir({
      'shop-one': { ...VALID, sesSender: 'not-an-email', policy: { autoRefundLimitMinor: 49.99 }, helpdesk: { kind: 'sandbox', baseUrl: 'http://x' } },
    });

    const problems = problemsOf(() => loadTenantConfig('shop-one', dir));
    for (const field of ['sesSender', 'policy.autoRefundLimitMinor', 'helpdesk.kind', 'helpdesk.baseUrl']) expect(problems).toContain(field);
  });

  it('refuses unknown keys, a tenant field that differs from the file name, and non-JSON', () => {
    const dir = tenantsDir({
      typo: { ...VALID, tenant: 'typo', autoRefundLimit: 10_000 },
      other: VALID,
      broken: '{ not json',
    });

    expect(() => loadTenantConfig('typo', dir)).toThrow(TenantConfigInvalidError);
    expect(() => loadTenantConfig('other', dir)).toThrow(/does not match the file name/);
    expect(() => loadTenantConfig('broken', dir)).toThrow(/not valid JSON/);
  });

  it('refuses a tenant name that could escape the tenants folder', () => {
    expect(() => loadTenantConfig('../demo', join(REPO_ROOT, 'infra', 'tenants'))).toThrow(TenantConfigInvalidError);
  });

  it('reads the shadow-mode setting per class, auto by default, and refuses a threshold under 98% or an unknown class', () => {
    expect(TenantConfig.parse(VALID).mode).toEqual({ default: 'auto', classes: {}, minTickets: 50, agreement: 0.98 });
    const shadow = TenantConfig.parse({ ...VALID, mode: { default: 'shadow', classes: { 'damaged|200+|en': 'assist' }, minTickets: 100 } });
    expect(shadow.mode).toEqual({ default: 'shadow', classes: { 'damaged|200+|en': 'assist' }, minTickets: 100, agreement: 0.98 });
    expect(undeployableSettings(shadow)).toEqual([]);
    expect(problemsOf(() => loadTenantConfig('shop-one', tenantsDir({ 'shop-one': { ...VALID, mode: { agreement: 0.9 } } })))).toContain('mode.agreement');
    expect(problemsOf(() => loadTenantConfig('shop-one', tenantsDir({ 'shop-one': { ...VALID, mode: { classes: { damaged: 'shadow' } } } })))).toContain(
      'mode.classes',
    );
  });

  it('lists every tenant file of a folder, and says so when there is none', () => {
    expect(tenantsIn(tenantsDir({ 'shop-one': VALID, acme: VALID }))).toEqual(['acme', 'shop-one']);
    expect(() => tenantsIn(tenantsDir({}))).toThrow(TenantConfigNotFoundError);
  });
});
