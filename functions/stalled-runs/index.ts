// Lambda entry for the stalled-runs sweeper (EventBridge schedule, e.g. every 5 minutes).
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async () => (await lambdaApp()).sweepStalledRuns();
