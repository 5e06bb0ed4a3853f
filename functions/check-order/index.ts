// Lambda entry for the CheckOrder step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async (event: unknown) => (await lambdaApp()).steps.CheckOrder(event);
