// Lambda entry for GET/POST /approvals/{approvalId}.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('approval-callback', async (event: APIGatewayProxyEventV2) => (await lambdaApp()).approvalCallback(event));
