// Lambda entry for GET /api/runs and GET /api/runs/{runId}: the table only.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { tableOf } from '../lambda/table.js';
import { createRunsApiHandler } from '../../run/runs-api/handler.js';

export const handler = observed(
  'runs-api',
  composedHandler((base) => {
    const { stores } = tableOf(base);
    return createRunsApiHandler({ runs: stores.runs, journal: stores.journal, tenant: base.config.TENANT, findRunsByOrder: stores.findRunsByOrder });
  }),
);
