// Lambda entry for GET /api/runs and GET /api/runs/{runId}.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('runs-api', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).runsApi(event));
