// Lambda entry for GET /api/shadow and POST /api/shadow/{classKey}/promote: the table and the
// tenant's modes (AGENT_MODE).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { tableOf } from '../../shared/lambda/table.js';
import { createShadowApiHandler } from './handler.js';

export const handler = observed(
  'shadow-api',
  composedHandler((base) =>
    createShadowApiHandler({ tenant: base.config.TENANT, shadow: tableOf(base).stores.shadow, agentMode: base.config.AGENT_MODE, clock: base.clock }),
  ),
);
