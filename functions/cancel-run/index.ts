// Lambda entry for POST /api/runs/{runId}/cancel.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('cancel-run', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).cancelRun(event));
