// Lambda entry for the Shadow step (shadow mode: the proposal note, then the run stops).
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('shadow', async (event: unknown) => (await lambdaApp()).steps.Shadow(event));
