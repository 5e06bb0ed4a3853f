// Lambda entry for the DraftReply step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('draft-reply', async (event: unknown) => (await lambdaApp()).steps.DraftReply(event));
