// Lambda entry for POST /webhooks/shopify (the store's disputes, feeding RefundsReversed).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('store-webhook', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).storeWebhook(event));
