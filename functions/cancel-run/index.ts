// Lambda entry for POST /api/runs/{runId}/cancel.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async (event: APIGatewayProxyEventV2) => (await lambdaApp()).cancelRun(event);
