// Lambda entry for the ticket queue (SQS FIFO event source, partial batch responses on).
import type { SQSEvent } from 'aws-lambda';
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async (event: SQSEvent) => (await lambdaApp()).runStarter(event);
