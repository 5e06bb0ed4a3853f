// Lambda entry for GET /api/dead-letters.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('dead-letters', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).deadLetters(event));
