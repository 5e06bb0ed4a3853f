// Public face of the helpdesk adapter: the HelpdeskApi port and its Zendesk implementation.
export type { HelpdeskApi, InternalNote } from './helpdesk-api.js';
export { createZendeskHelpdesk } from './zendesk.js';
export type { ZendeskOptions } from './zendesk.js';
