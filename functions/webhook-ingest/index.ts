// Lambda entry for POST /webhooks/{helpdesk}.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('webhook-ingest', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).webhookIngest(event));
