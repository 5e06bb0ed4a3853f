// The MCP server's configuration, parsed once at the edge (Lambda entry or local runtime) into a
// typed object; nothing below reads process.env. Locally every value comes from the environment;
// in AWS the tokens come from the tenant's connector secret (secrets.ts) and are merged over it.
import { z } from 'zod';
import { HELPDESK_KINDS, type HelpdeskKind } from './adapters/helpdesk/index.js';

/** The connector secret's fields this server reads; in AWS they never sit in the environment. */
export const MCP_SECRET_FIELDS = ['SHOPIFY_ADMIN_TOKEN', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN', 'MCP_CALLER_TOKEN'] as const;
export type McpSecretField = (typeof MCP_SECRET_FIELDS)[number];

const McpEnv = z.object({
  SHOPIFY_STORE_DOMAIN: z.string().min(1).describe('shop.myshopify.com, or a full http(s) URL for the sandbox'),
  SHOPIFY_ADMIN_TOKEN: z.string().min(1),
  HELPDESK_KIND: z.enum(HELPDESK_KINDS).default('zendesk'),
  HELPDESK_BASE_URL: z.url(),
  HELPDESK_EMAIL: z.email(),
  HELPDESK_TOKEN: z.string().min(1),
  MCP_CALLER_TOKEN: z.string().min(16),
});

export interface McpConfig {
  shopUrl: string;
  shopifyAdminToken: string;
  helpdesk: { kind: HelpdeskKind; baseUrl: string; email: string; token: string };
  callerToken: string;
}

export class McpConfigError extends Error {
  override readonly name = 'McpConfigError';
}

export function loadMcpConfig(env: Record<string, string | undefined>): McpConfig {
  const parsed = McpEnv.safeParse(env);
  // Names only: the values are secrets.
  if (!parsed.success) throw new McpConfigError(`invalid MCP configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const e = parsed.data;
  return {
    shopUrl: /^https?:\/\//.test(e.SHOPIFY_STORE_DOMAIN) ? e.SHOPIFY_STORE_DOMAIN : `https://${e.SHOPIFY_STORE_DOMAIN}`,
    shopifyAdminToken: e.SHOPIFY_ADMIN_TOKEN,
    helpdesk: { kind: e.HELPDESK_KIND, baseUrl: e.HELPDESK_BASE_URL, email: e.HELPDESK_EMAIL, token: e.HELPDESK_TOKEN },
    callerToken: e.MCP_CALLER_TOKEN,
  };
}
