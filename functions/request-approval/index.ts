// Lambda entry for the RequestApproval step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('request-approval', async (event: unknown) => (await lambdaApp()).steps.RequestApproval(event));
