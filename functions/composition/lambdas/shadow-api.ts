// Lambda entry for GET /api/shadow and POST /api/shadow/{classKey}/promote: the table and the
// tenant's modes (AGENT_MODE).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { tableOf } from '../lambda/table.js';
import { createShadowApiHandler } from '../../shadow/api/handler.js';

export const handler = observed(
  'shadow-api',
  composedHandler((base) =>
    createShadowApiHandler({ tenant: base.config.TENANT, shadow: tableOf(base).stores.shadow, agentMode: base.config.AGENT_MODE, clock: base.clock }),
  ),
);
