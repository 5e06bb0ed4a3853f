// Lambda entry for the stalled-runs sweeper (EventBridge schedule, e.g. every 5 minutes).
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('stalled-runs', async () => (await lambdaApp()).sweepStalledRuns());
