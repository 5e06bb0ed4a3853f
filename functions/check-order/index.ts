// Lambda entry for the CheckOrder step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('check-order', async (event: unknown) => (await lambdaApp()).steps.CheckOrder(event));
