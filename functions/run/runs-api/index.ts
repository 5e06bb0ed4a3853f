// Lambda entry for GET /api/runs and GET /api/runs/{runId}: the table only.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../../shared/lambda-app.js';
import { tableOf } from '../../shared/lambda/table.js';
import { createRunsApiHandler } from './handler.js';

export const handler = observed(
  'runs-api',
  composedHandler((base) => {
    const { stores } = tableOf(base);
    return createRunsApiHandler({ runs: stores.runs, journal: stores.journal, tenant: base.config.TENANT, findRunsByOrder: stores.findRunsByOrder });
  }),
);
