// The tenant's HTTP API as deployed: who may call each route, each webhook route's own throttle (one
// route per helpdesk, so junk sent to one cannot spend another's) and the stage's default one, access
// logs that say nothing about the caller, and HTTPS links only.
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SOURCES } from '#functions/intake/webhook-ingest/helpdesks.js';
import { ROUTES, STORE_WEBHOOK_ROUTE } from '../../../infra/lib/functions.js';
import { DEPLOYED_ROUTES, routeKeyOf, STAGE_THROTTLE } from '../../../infra/lib/http-api.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { createTemplateEvaluator } from './deployed-env.js';
import { synthTenant, TEST_TENANT } from './synth.js';
import { readTemplate } from './template.js';

let synth: ReturnType<typeof synthTenant>;
let t: ReturnType<typeof readTemplate>;

beforeAll(() => {
  synth = synthTenant(TenantConfig.parse({ ...TEST_TENANT, caps: { webhookRatePerSecond: 7, webhookBurst: 14 } }));
  t = readTemplate(synth);
});

const stage = () => t.resources[t.idOf('AWS::ApiGatewayV2::Stage')]!.Properties!;

describe('HTTP API', () => {
  it("requires IAM (SigV4) on the operators' routes and leaves public only the routes that authenticate each request", () => {
    const auth = Object.fromEntries(t.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => [r.Properties!.RouteKey, r.Properties!.AuthorizationType]));

    expect(auth).toEqual({
      'POST /webhooks/zendesk': 'NONE',
      'POST /webhooks/helpscout': 'NONE',
      'POST /webhooks/intercom': 'NONE',
      'POST /webhooks/gorgias': 'NONE',
      'POST /webhooks/freshdesk': 'NONE',
      'POST /webhooks/shopify': 'NONE',
      'GET /approvals/{approvalId}': 'NONE',
      'POST /approvals/{approvalId}': 'NONE',
      'GET /approvals/{approvalId}/attachments/{n}': 'NONE',
      'GET /api/runs': 'AWS_IAM',
      'GET /api/runs/{runId}': 'AWS_IAM',
      'POST /api/runs/{runId}/cancel': 'AWS_IAM',
      'GET /api/dead-letters': 'AWS_IAM',
      'GET /api/shadow': 'AWS_IAM',
      'POST /api/shadow/{classKey}/promote': 'AWS_IAM',
      'POST /api/dead-letters/{messageId}/retry': 'AWS_IAM',
      // The operator console: signed-in people only (the console-authorizer checks the session).
      ...Object.fromEntries(ROUTES.filter((route) => route.auth.kind === 'console').map((route) => [routeKeyOf(route), 'CUSTOM'])),
      // Its sign-in: to and from the hosted UI, no data.
      'GET /auth/login': 'NONE',
      'GET /auth/callback': 'NONE',
      'GET /auth/logout': 'NONE',
    });
    for (const route of ROUTES) if (route.auth.kind === 'public') expect(route.auth.why.length, routeKeyOf(route)).toBeGreaterThan(40);
  });

  it("deploys exactly the routes of functions/composition/routes.ts (the helpdesks' one route per helpdesk), each to its function with its authorization", () => {
    const deployed = t.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties as { RouteKey: string; AuthorizationType: string; Target: unknown });
    const integrations = Object.fromEntries(t.ofType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, JSON.stringify(r.Properties!.IntegrationUri)]));
    const authType = { iam: 'AWS_IAM', console: 'CUSTOM', public: 'NONE' } as const;

    expect(deployed.map((r) => r.RouteKey).sort()).toEqual(DEPLOYED_ROUTES.map(routeKeyOf).sort());
    expect(DEPLOYED_ROUTES.map(routeKeyOf)).toEqual(expect.arrayContaining(ROUTES.filter((route) => !route.path.includes('{helpdesk}')).map(routeKeyOf)));
    for (const route of DEPLOYED_ROUTES) {
      const found = deployed.find((r) => r.RouteKey === routeKeyOf(route))!;
      const integrationId = ((found.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1] as { Ref: string }).Ref;
      expect(found.AuthorizationType, routeKeyOf(route)).toBe(authType[route.auth.kind]);
      expect(integrations[integrationId], routeKeyOf(route)).toContain(synth.logicalIdOf(route.fn));
    }
  });

  it("gives every webhook route (each helpdesk's, the store's) its own throttle at the tenant file's rate and burst, every other route the stage default", () => {
    const webhookKeys = [...WEBHOOK_SOURCES.map((helpdesk) => `POST /webhooks/${helpdesk}`), routeKeyOf(STORE_WEBHOOK_ROUTE)];

    expect(stage()).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit },
    });
    expect(stage().RouteSettings).toEqual(Object.fromEntries(webhookKeys.map((key) => [key, { ThrottlingRateLimit: 7, ThrottlingBurstLimit: 14 }])));
    expect(routeKeyOf(STORE_WEBHOOK_ROUTE)).toBe('POST /webhooks/shopify');
  });

  it('routes each helpdesk to the intake on a path of its own, with no catch-all webhook route for junk to share', () => {
    const routes = t.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties as { RouteKey: string; Target: unknown });
    const integrations = Object.fromEntries(t.ofType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, JSON.stringify(r.Properties!.IntegrationUri)]));
    const targetOf = (key: string) => {
      const target = routes.find((r) => r.RouteKey === key)!.Target as { 'Fn::Join': [string, unknown[]] };
      const integrationId = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
      return integrations[integrationId]!;
    };

    expect(routes.map((r) => r.RouteKey).filter((key) => key.includes('{helpdesk}'))).toEqual([]);
    for (const helpdesk of WEBHOOK_SOURCES) expect(targetOf(`POST /webhooks/${helpdesk}`)).toContain(synth.logicalIdOf('webhook-ingest'));
    expect(targetOf('POST /webhooks/shopify')).toContain(synth.logicalIdOf('store-webhook'));
  });

  it('writes JSON access logs with the request id and outcome, never the caller address or the body', () => {
    const settings = stage().AccessLogSettings as { Format: string; DestinationArn: unknown };
    const format = JSON.parse(settings.Format) as Record<string, string>;

    expect(format).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' });
    expect(settings.Format).not.toMatch(/sourceIp|userAgent|\$input|\$request\.body|authorization/i);
  });

  it('hands out only https links: approval pages on the API Gateway endpoint, the MCP server on its function URL, both HTTPS only', () => {
    const env = createTemplateEvaluator(synth.template.toJSON().Resources);
    const approvalBase = env.deployedEnvOf(synth.logicalIdOf('request-approval')).PUBLIC_BASE_URL!;
    const mcpUrl = env.deployedEnvOf(synth.logicalIdOf('propose-refund')).MCP_URL!;

    expect(approvalBase).toMatch(/^https:\/\/[a-z0-9]+\.execute-api\.[a-z0-9-]+\.amazonaws\.com$/);
    expect(mcpUrl).toMatch(/^https:\/\/[a-z0-9]+\.lambda-url\.[a-z0-9-]+\.on\.aws\/mcp$/);
    // No custom domain (which would be the only way to add another endpoint) and the protocol is HTTP API's.
    expect(t.ofType('AWS::ApiGatewayV2::DomainName')).toEqual([]);
    expect(t.resources[t.idOf('AWS::ApiGatewayV2::Api')]!.Properties).toMatchObject({ ProtocolType: 'HTTP' });
  });
});
