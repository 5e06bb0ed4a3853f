// Lambda entry for GET /api/shadow and POST /api/shadow/{classKey}/promote.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('shadow-api', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).shadowApi(event));
