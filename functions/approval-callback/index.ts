// Lambda entry for GET/POST /approvals/{approvalId}.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async (event: APIGatewayProxyEventV2) => (await lambdaApp()).approvalCallback(event);
