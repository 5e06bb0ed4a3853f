// The tenant's public HTTP API (API Gateway HTTP API): webhook intake, approval pages, runs API.
// Routes come from the ROUTES table in functions.ts. Called by refund-agent.ts.
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { constructIdOf, ROUTES, type FunctionName } from './functions.js';

export function createHttpApi(scope: Construct, id: string, functions: Record<FunctionName, IFunction>): HttpApi {
  const api = new HttpApi(scope, id, { description: 'refund-agent: helpdesk webhooks, approval pages, runs API' });
  const integrations = new Map<FunctionName, HttpLambdaIntegration>();
  for (const route of ROUTES) {
    let integration = integrations.get(route.fn);
    if (!integration) {
      integration = new HttpLambdaIntegration(`${constructIdOf(route.fn)}Integration`, functions[route.fn]);
      integrations.set(route.fn, integration);
    }
    api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
  }
  return api;
}
