// Builds the MCP server's dependencies (the Shopify adapter and the tenant's helpdesk adapter)
// from typed config. The helpdesk connector defaults to Zendesk.
import { systemClock, type Clock } from '#shared/clock.js';
import { createHelpdesk, type HelpdeskConnector } from '#shared/helpdesk/index.js';
import { createShopifyApi, createShopifyGraphqlClient } from './adapters/shopify/index.js';
import type { McpConfig } from './config.js';
import type { McpServerDeps } from './server/tools.js';

export interface McpDepsConfig {
  shopUrl: McpConfig['shopUrl'];
  shopifyAdminToken: McpConfig['shopifyAdminToken'];
  helpdesk: Omit<McpConfig['helpdesk'], 'kind'> & { kind?: HelpdeskConnector };
}

export function createMcpDeps(config: McpDepsConfig, clock: Clock = systemClock): McpServerDeps {
  const { kind = 'zendesk', ...helpdesk } = config.helpdesk;
  return {
    shopify: createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: config.shopUrl, accessToken: config.shopifyAdminToken }) }),
    helpdesk: createHelpdesk(kind, helpdesk),
    clock,
  };
}
