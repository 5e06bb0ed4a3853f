import { describe, expect, it } from 'vitest';
import { loadMcpConfig, McpConfigError } from '#mcp/config.js';
import { MCP_CALLERS } from '#mcp/server/permissions.js';

const ROLES = Object.fromEntries(MCP_CALLERS.map((caller) => [caller, `arn:aws:iam::123456789012:role/acme-${caller}-role`]));
const env = {
  SHOPIFY_STORE_DOMAIN: 'hearth.myshopify.com',
  SHOPIFY_ADMIN_TOKEN: 'shpat_secret_value',
  HELPDESK_BASE_URL: 'https://hearth.zendesk.com',
  HELPDESK_EMAIL: 'agent@hearth.example',
  HELPDESK_TOKEN: 'zd_secret_value',
  MCP_CALLER_ROLES: JSON.stringify(ROLES),
};

describe('MCP configuration', () => {
  it('turns a shop domain into an https shop URL', () => {
    const config = loadMcpConfig(env);
    expect(config.shopUrl).toBe('https://hearth.myshopify.com');
    expect(config.helpdesk).toEqual({ kind: 'zendesk', baseUrl: 'https://hearth.zendesk.com', email: 'agent@hearth.example', token: 'zd_secret_value' });
    expect(config.callerRoles).toEqual(ROLES);
  });

  it('refuses to start without the role of every caller, or with something else than a role ARN', () => {
    const { refund: _refund, ...withoutRefund } = ROLES;
    expect(() => loadMcpConfig({ ...env, MCP_CALLER_ROLES: JSON.stringify(withoutRefund) })).toThrow(/MCP_CALLER_ROLES/);
    expect(() => loadMcpConfig({ ...env, MCP_CALLER_ROLES: JSON.stringify({ ...ROLES, refund: 'arn:aws:iam::123456789012:user/someone' }) })).toThrow(
      /MCP_CALLER_ROLES/,
    );
    expect(() => loadMcpConfig({ ...env, MCP_CALLER_ROLES: 'not json' })).toThrow(/MCP_CALLER_ROLES/);
    expect(() => loadMcpConfig({ ...env, MCP_CALLER_ROLES: undefined })).toThrow(/MCP_CALLER_ROLES/);
  });

  it('takes the helpdesk kind, Zendesk by default, and refuses one it has no adapter for', () => {
    expect(loadMcpConfig({ ...env, HELPDESK_KIND: 'gorgias' }).helpdesk.kind).toBe('gorgias');
    expect(() => loadMcpConfig({ ...env, HELPDESK_KIND: 'freshdesk' })).toThrow(/HELPDESK_KIND/);
  });

  it('keeps a full URL as given (the sandbox store on loopback)', () => {
    expect(loadMcpConfig({ ...env, SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:4010' }).shopUrl).toBe('http://127.0.0.1:4010');
  });

  it('names the missing or bad settings without echoing any secret', () => {
    const bad = { ...env, HELPDESK_EMAIL: 'not-an-email', HELPDESK_TOKEN: '', SHOPIFY_ADMIN_TOKEN: undefined };
    let error: unknown;
    try {
      loadMcpConfig(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(McpConfigError);
    const message = (error as Error).message;
    expect(message).toContain('SHOPIFY_ADMIN_TOKEN');
    expect(message).toContain('HELPDESK_EMAIL');
    expect(message).toContain('HELPDESK_TOKEN');
    expect(message).not.toContain('zd_secret_value');
    expect(message).not.toContain('not-an-email');
  });
});
