// Lambda entry of the console's sign-in authorizer (functions/console/app/authorizer.ts): the user pool's
// issuer and the console app client from the environment (set by infra), parsed on the first event;
// the key set fetched once per container.
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { createConsoleAuthorizer } from '../../console/app/authorizer.js';
import { createJwksSource } from '../../console/app/jwt.js';

const Config = z.object({ COGNITO_ISSUER: z.url(), COGNITO_CLIENT_ID: z.string().min(1) });
let authorize: ReturnType<typeof createConsoleAuthorizer> | null = null;

function build() {
  const config = Config.parse(process.env);
  return createConsoleAuthorizer({
    issuer: config.COGNITO_ISSUER,
    clientId: config.COGNITO_CLIENT_ID,
    keys: createJwksSource({ url: `${config.COGNITO_ISSUER}/.well-known/jwks.json` }),
    now: () => new Date(),
  });
}

export const handler = (event: APIGatewayRequestAuthorizerEventV2) => (authorize ??= build())(event);
