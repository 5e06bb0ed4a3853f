// Public face of the helpdesk connectors: the HelpdeskApi port, its Zendesk and Gorgias
// implementations, and createHelpdesk, which picks one by the tenant's connector. Here, below both
// deployables, because the MCP server (post_draft) and the run starter (requester look-ups,
// functions/composition/lambda-app.ts) call the same helpdesk API with the same HELPDESK_* settings.
import type { HelpdeskApi } from './helpdesk-api.js';
import { createGorgiasHelpdesk, type GorgiasOptions } from './gorgias.js';
import { createZendeskHelpdesk, type ZendeskOptions } from './zendesk.js';

export type { HelpdeskApi, InternalNote } from './helpdesk-api.js';
export { createZendeskHelpdesk, createGorgiasHelpdesk };
export type { ZendeskOptions, GorgiasOptions };
export { createAttachmentReader, MAX_ATTACHMENT_BYTES, THUMBNAIL_TYPES, type AttachmentReader, type AttachmentRead } from './attachments.js';

/**
 * The helpdesk APIs a tenant's MCP server and run starter can talk to (HELPDESK_KIND). Not the same
 * list as WebhookSource (functions/shared/domain/run.ts): five helpdesks' webhooks are verified, two have a connector.
 */
export const HELPDESK_CONNECTORS = ['zendesk', 'gorgias'] as const;
export type HelpdeskConnector = (typeof HELPDESK_CONNECTORS)[number];

export function createHelpdesk(connector: HelpdeskConnector, options: ZendeskOptions | GorgiasOptions): HelpdeskApi {
  return connector === 'gorgias' ? createGorgiasHelpdesk(options) : createZendeskHelpdesk(options);
}
