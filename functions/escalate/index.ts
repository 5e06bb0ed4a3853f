// Lambda entry for the Escalate step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('escalate', async (event: unknown) => (await lambdaApp()).steps.Escalate(event));
