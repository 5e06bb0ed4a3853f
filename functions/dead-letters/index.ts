// Lambda entry for GET /api/dead-letters.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async (event: APIGatewayProxyEventV2) => (await lambdaApp()).deadLetters(event);
