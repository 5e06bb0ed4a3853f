// Builds the MCP server's dependencies (real Shopify and Zendesk adapters) from typed config.
// Called by the Lambda entry (index.ts) and by the local runtime against the sandbox servers.
import type { Clock } from '#harness/ports.js';
import { createZendeskHelpdesk } from './adapters/helpdesk/index.js';
import { createShopifyApi, createShopifyGraphqlClient } from './adapters/shopify/index.js';
import type { McpConfig } from './config.js';
import type { McpServerDeps } from './server/tools.js';

export function createMcpDeps(config: Omit<McpConfig, 'callerToken'>, clock: Clock = { now: () => new Date() }): McpServerDeps {
  return {
    shopify: createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: config.shopUrl, accessToken: config.shopifyAdminToken }) }),
    helpdesk: createZendeskHelpdesk(config.helpdesk),
    clock,
  };
}
