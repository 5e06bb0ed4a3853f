// Public face of the helpdesk adapters: the HelpdeskApi port, its Zendesk and Gorgias
// implementations, and createHelpdesk, which picks one by the tenant's helpdesk kind.
import type { HelpdeskApi } from './helpdesk-api.js';
import { createGorgiasHelpdesk, type GorgiasOptions } from './gorgias.js';
import { createZendeskHelpdesk, type ZendeskOptions } from './zendesk.js';

export type { HelpdeskApi, InternalNote } from './helpdesk-api.js';
export { createZendeskHelpdesk, createGorgiasHelpdesk };
export type { ZendeskOptions, GorgiasOptions };

export const HELPDESK_KINDS = ['zendesk', 'gorgias'] as const;
export type HelpdeskKind = (typeof HELPDESK_KINDS)[number];

export function createHelpdesk(kind: HelpdeskKind, options: ZendeskOptions | GorgiasOptions): HelpdeskApi {
  return kind === 'gorgias' ? createGorgiasHelpdesk(options) : createZendeskHelpdesk(options);
}
