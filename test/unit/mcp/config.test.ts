import { describe, expect, it } from 'vitest';
import { loadMcpConfig, McpConfigError } from '#mcp/config.js';

const env = {
  SHOPIFY_STORE_DOMAIN: 'hearth.myshopify.com',
  SHOPIFY_ADMIN_TOKEN: 'shpat_secret_value',
  HELPDESK_BASE_URL: 'https://hearth.zendesk.com',
  HELPDESK_EMAIL: 'agent@hearth.example',
  HELPDESK_TOKEN: 'zd_secret_value',
  MCP_CALLER_TOKEN: 'caller-token-0123456789abcdef',
};

describe('MCP configuration', () => {
  it('turns a shop domain into an https shop URL', () => {
    const config = loadMcpConfig(env);
    expect(config.shopUrl).toBe('https://hearth.myshopify.com');
    expect(config.helpdesk).toEqual({ kind: 'zendesk', baseUrl: 'https://hearth.zendesk.com', email: 'agent@hearth.example', token: 'zd_secret_value' });
    expect(config.callerToken).toBe(env.MCP_CALLER_TOKEN);
  });

  it('takes the helpdesk kind, Zendesk by default, and refuses one it has no adapter for', () => {
    expect(loadMcpConfig({ ...env, HELPDESK_KIND: 'gorgias' }).helpdesk.kind).toBe('gorgias');
    expect(() => loadMcpConfig({ ...env, HELPDESK_KIND: 'freshdesk' })).toThrow(/HELPDESK_KIND/);
  });

  it('keeps a full URL as given (the sandbox store on loopback)', () => {
    expect(loadMcpConfig({ ...env, SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:4010' }).shopUrl).toBe('http://127.0.0.1:4010');
  });

  it('names the missing or bad settings without echoing any secret', () => {
    const bad = { ...env, HELPDESK_EMAIL: 'not-an-email', MCP_CALLER_TOKEN: 'short', SHOPIFY_ADMIN_TOKEN: undefined };
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
    expect(message).toContain('MCP_CALLER_TOKEN');
    expect(message).not.toContain('zd_secret_value');
    expect(message).not.toContain('short');
  });
});
