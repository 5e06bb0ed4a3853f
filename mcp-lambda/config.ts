// The MCP server's configuration, parsed once at the edge (the Lambda entry) into a typed object;
// nothing below reads process.env. The store and helpdesk tokens come from the tenant's secrets
// (secrets.ts), merged over the environment; the callers' roles (MCP_CALLER_ROLES, JSON: caller →
// role ARN) are set by CDK. The local runtime builds its server from typed values directly.
import * as z from 'zod';
import { jsonOf } from '#shared/env-json.js';
import { SECRET_BOUNDARY_FIELDS } from '#shared/secrets.js';
import { HELPDESK_CONNECTORS, type HelpdeskConnector } from '#shared/helpdesk/index.js';
import type { CallerRoles } from './server/auth.js';
import { MCP_CALLERS } from './server/permissions.js';

/** The secrets' fields this server reads (the store's and the helpdesk's); in AWS they never sit in the environment. */
export const MCP_SECRET_FIELDS = [...SECRET_BOUNDARY_FIELDS.STORE, ...SECRET_BOUNDARY_FIELDS.HELPDESK] as const;
export type McpSecretField = (typeof MCP_SECRET_FIELDS)[number];

const McpEnv = z.object({
  SHOPIFY_STORE_DOMAIN: z.string().min(1).describe('shop.myshopify.com, or a full http(s) URL for the sandbox'),
  SHOPIFY_ADMIN_TOKEN: z.string().min(1),
  HELPDESK_KIND: z.enum(HELPDESK_CONNECTORS).default('zendesk'),
  HELPDESK_BASE_URL: z.url(),
  HELPDESK_EMAIL: z.email(),
  HELPDESK_TOKEN: z.string().min(1),
  // Every caller of permissions.ts has its role, or the server refuses to start.
  MCP_CALLER_ROLES: jsonOf(z.record(z.enum(MCP_CALLERS), z.string().regex(/^arn:[\w-]+:iam::\d{12}:role\/\S+$/))),
});

export interface McpConfig {
  shopUrl: string;
  shopifyAdminToken: string;
  helpdesk: { kind: HelpdeskConnector; baseUrl: string; email: string; token: string };
  callerRoles: CallerRoles;
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
    callerRoles: e.MCP_CALLER_ROLES,
  };
}
