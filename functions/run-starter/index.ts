// Lambda entry for the ticket queue (SQS FIFO event source, partial batch responses on).
import type { SQSEvent } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';

export const handler = observed('run-starter', async (event: SQSEvent) => (await lambdaApp()).runStarter(event));
