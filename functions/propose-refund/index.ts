// Lambda entry for the ProposeRefund step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('propose-refund', async (event: unknown) => (await lambdaApp()).steps.ProposeRefund(event));
