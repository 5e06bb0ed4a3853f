// The tenant's public HTTP API (API Gateway HTTP API, HTTPS only): webhook intake, approval pages and
// the operators' runs API; the MCP server is not on it (its own IAM-only function URL, refund-agent.ts).
// Routes, and who may call each, come from ROUTES in
// functions/composition/routes.ts (the list the local gateway serves too): operator routes need IAM (SigV4), console
// routes a signed-in person, public ones authenticate each request themselves.
// The helpdesks' webhook route is deployed as one route per helpdesk (POST /webhooks/zendesk, …),
// each with its own throttle, as is the store's: API Gateway throttles per route key, so junk sent
// to one route (throttled before any signature is checked) cannot spend another's allowance, and a
// path naming no helpdesk is a 404 from API Gateway that never reaches a function. The stage has a
// default throttle and JSON access logs (no IPs, no bodies).
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpIamAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { WEBHOOK_SOURCES } from '#functions/intake/webhook-ingest/helpdesks.js';
import { routeKeyOf } from '#functions/composition/routes.js';
import { constructIdOf, ROUTES, STORE_WEBHOOK_ROUTE, WEBHOOK_ROUTE, type FunctionName, type Route } from './functions.js';

/** Requests per second any route may take when it has no throttle of its own (approval pages, runs API). */
export const STAGE_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export type HttpApiProps = {
  functions: Record<FunctionName, IFunction>;
  /** Each webhook route's own throttle (not shared between routes). */
  webhookThrottle: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
  /** Checks the console session on every `console` route (refund-agent.ts: the console-authorizer function). */
  consoleAuthorizer: IHttpRouteAuthorizer;
};

export { routeKeyOf };

/** The routes as deployed: ROUTES with the helpdesks' {helpdesk} route as one route per helpdesk. */
export const DEPLOYED_ROUTES: readonly Route[] = ROUTES.flatMap((route) =>
  route === WEBHOOK_ROUTE ? WEBHOOK_SOURCES.map((helpdesk) => ({ ...route, path: `/webhooks/${helpdesk}` })) : [route],
);

/** The routes each with a throttle of their own (the tenant file's webhook caps): every helpdesk's and the store's. */
export const WEBHOOK_ROUTE_KEYS: readonly string[] = DEPLOYED_ROUTES.filter((route) => route.fn === WEBHOOK_ROUTE.fn || route === STORE_WEBHOOK_ROUTE).map(
  routeKeyOf,
);

/** The fields of each access log line: enough to trace a request, nothing about who sent it. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTimeEpoch',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
};

export class RefundAgentApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      description: 'refund-agent: helpdesk webhooks, approval pages, runs API',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)) },
    });
    const webhookThrottle = { ThrottlingRateLimit: props.webhookThrottle.rateLimit, ThrottlingBurstLimit: props.webhookThrottle.burstLimit };
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(WEBHOOK_ROUTE_KEYS.map((key) => [key, webhookThrottle]));

    const iam = new HttpIamAuthorizer();
    const integrations = new Map<FunctionName, HttpLambdaIntegration>();
    for (const route of DEPLOYED_ROUTES) {
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${constructIdOf(route.fn)}Integration`, props.functions[route.fn]);
        integrations.set(route.fn, integration);
      }
      const created = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        ...(route.auth.kind === 'iam' ? { authorizer: iam } : route.auth.kind === 'console' ? { authorizer: props.consoleAuthorizer } : {}),
      });
      if (route.auth.kind === 'public') {
        for (const r of created) Validations.of(r).acknowledge({ id: 'AwsSolutions-APIG4', reason: `Public route: ${route.auth.why}` });
      }
    }
  }

  /** The stage's URL; always https (API Gateway serves no plain-HTTP endpoint). */
  get url(): string {
    return this.api.apiEndpoint;
  }
}
