// Lambda entry for the RequestApproval step: dependencies built once per container, then the use case.
import { lambdaApp } from '../shared/lambda-app.js';

export const handler = async (event: unknown) => (await lambdaApp()).steps.RequestApproval(event);
