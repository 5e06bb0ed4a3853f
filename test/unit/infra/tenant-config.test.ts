// Tenant files are validated once at the app edge, with errors that say what to fix.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TenantConfigInvalidError, TenantConfigNotFoundError } from '../../../infra/lib/errors.js';
import { loadTenantConfig } from '../../../infra/lib/tenant-config.js';
import { REPO_ROOT } from './synth.js';

const VALID = {
  tenant: 'shop-one',
  storeDomain: 'shop-one.myshopify.com',
  helpdesk: { kind: 'gorgias', baseUrl: 'https://shop-one.gorgias.com' },
  approverEmails: ['lead@shop-one.test'],
  sesSender: 'refunds@shop-one.test',
};

function tenantsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenants-'));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, `${name}.json`), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}

describe('loadTenantConfig', () => {
  it('loads the demo tenant shipped in infra/tenants', () => {
    const config = loadTenantConfig('demo', join(REPO_ROOT, 'infra', 'tenants'));

    expect(config.tenant).toBe('demo');
    expect(config.autoRefundLimitMinor).toBe(5000);
  });

  it('defaults the auto-refund limit to 5000 minor units', () => {
    expect(loadTenantConfig('shop-one', tenantsDir({ 'shop-one': VALID })).autoRefundLimitMinor).toBe(5000);
  });

  it('says which file is missing', () => {
    const dir = tenantsDir({});

    expect(() => loadTenantConfig('ghost', dir)).toThrow(TenantConfigNotFoundError);
    expect(() => loadTenantConfig('ghost', dir)).toThrow(join(dir, 'ghost.json'));
  });

  it('names each invalid field', () => {
    const dir = tenantsDir({
      'shop-one': { ...VALID, sesSender: 'not-an-email', autoRefundLimitMinor: 49.99, helpdesk: { kind: 'sandbox', baseUrl: 'http://x' } },
    });

    let error: unknown;
    try {
      loadTenantConfig('shop-one', dir);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TenantConfigInvalidError);
    const problems = (error as TenantConfigInvalidError).problems.join('\n');
    for (const field of ['sesSender', 'autoRefundLimitMinor', 'helpdesk.kind', 'helpdesk.baseUrl']) expect(problems).toContain(field);
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
});
