// Lambda entry of the operator console: the sign-in routes (/auth/*, sign-in.ts) and every console
// page and action (functions/composition/console.ts over the table, the harness with no model, Step Functions and the queues;
// the person comes from the sign-in authorizer's context, identity.ts).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { required } from '../lambda-config.js';
import { workflowOf } from '../lambda/aws.js';
import { NO_MODELS } from '../lambda/harness.js';
import { NO_DEAD_LETTERS, queuesOf } from '../lambda/queues.js';
import { toolsOf } from '../lambda/tools.js';
import { approverLinksOf, stepDepsOf } from '../lambda/steps.js';
import { createConsole } from '../console.js';
import { attachmentReaderOf } from '../lambda/attachments.js';
import { operatorFromAuthorizer } from '../../console/app/identity.js';
import { createSignIn } from '../../console/app/sign-in.js';

const SignInConfig = z.object({ COGNITO_DOMAIN_URL: z.url(), COGNITO_CLIENT_ID: z.string().min(1), PUBLIC_BASE_URL: z.url() });
let signIn: ReturnType<typeof createSignIn> | null = null;
const signInHandler = () => {
  const config = SignInConfig.parse(process.env);
  return (signIn ??= createSignIn({ domainUrl: config.COGNITO_DOMAIN_URL, clientId: config.COGNITO_CLIENT_ID, baseUrl: config.PUBLIC_BASE_URL }));
};

const consoleHandler = composedHandler((base) => {
  const deps = stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) });
  const { queue, deadLetters } = queuesOf(base);
  const { config } = base;
  const attachmentReader = attachmentReaderOf(base);
  return createConsole(
    {
      ...deps,
      workflow: workflowOf(base),
      deadLetters: { deadLetters: deadLetters ?? NO_DEAD_LETTERS, queue },
      ...(attachmentReader ? { attachmentReader } : {}),
      // The person from the sign-in authorizer's context; the CSRF key read on first use (only this function holds it).
      console: {
        identify: operatorFromAuthorizer,
        get csrfSecret() {
          return required(config, 'CONSOLE_CSRF_SECRET');
        },
        environment: config.AWS_REGION ?? 'aws',
        stateMachineArn: config.STATE_MACHINE_ARN,
      },
    },
    approverLinksOf(deps.tenant),
  );
});

export const handler = observed('console', async (event: APIGatewayProxyEventV2) => {
  if (event.routeKey.startsWith('GET /auth/')) return signInHandler()(event);
  return consoleHandler(event);
});
