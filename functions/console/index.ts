// Lambda entry of the operator console: the sign-in routes (/auth/*, sign-in.ts) and every console
// page and action (handler.ts, through the app's composition; the person comes from the sign-in
// authorizer's context, identity.ts).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { z } from 'zod';
import { lambdaApp } from '../shared/lambda-app.js';
import { observed } from '#shared/observability.js';
import { createSignIn } from './sign-in.js';

const SignInConfig = z.object({ COGNITO_DOMAIN_URL: z.url(), COGNITO_CLIENT_ID: z.string().min(1), PUBLIC_BASE_URL: z.url() });
let signIn: ReturnType<typeof createSignIn> | null = null;
const signInHandler = () => {
  const config = SignInConfig.parse(process.env);
  return (signIn ??= createSignIn({ domainUrl: config.COGNITO_DOMAIN_URL, clientId: config.COGNITO_CLIENT_ID, baseUrl: config.PUBLIC_BASE_URL }));
};

export const handler = observed('console', async (event: APIGatewayProxyEventV2) => {
  if (event.routeKey.startsWith('GET /auth/')) return signInHandler()(event);
  return (await lambdaApp()).console(event);
});
