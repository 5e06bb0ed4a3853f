// The tenant's HTTP API as deployed: who may call each route, the webhook route's own throttle and
// the stage's default one, access logs that say nothing about the caller, and HTTPS links only.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, STORE_WEBHOOK_ROUTE, WEBHOOK_ROUTE } from '../../../infra/lib/functions.js';
import { routeKeyOf, STAGE_THROTTLE } from '../../../infra/lib/http-api.js';
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
      'POST /webhooks/{helpdesk}': 'NONE',
      'POST /webhooks/shopify': 'NONE',
      'GET /approvals/{approvalId}': 'NONE',
      'POST /approvals/{approvalId}': 'NONE',
      'POST /mcp': 'NONE',
      'GET /api/runs': 'AWS_IAM',
      'GET /api/runs/{runId}': 'AWS_IAM',
      'POST /api/runs/{runId}/cancel': 'AWS_IAM',
      'GET /api/dead-letters': 'AWS_IAM',
    });
    for (const route of ROUTES) if (route.auth.kind === 'public') expect(route.auth.why.length, routeKeyOf(route)).toBeGreaterThan(40);
  });

  it("throttles the webhook routes (helpdesks, store) at the tenant file's rate and burst, every other route at the stage default", () => {
    expect(stage()).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit },
      RouteSettings: {
        [routeKeyOf(WEBHOOK_ROUTE)]: { ThrottlingRateLimit: 7, ThrottlingBurstLimit: 14 },
        [routeKeyOf(STORE_WEBHOOK_ROUTE)]: { ThrottlingRateLimit: 7, ThrottlingBurstLimit: 14 },
      },
    });
    expect(routeKeyOf(WEBHOOK_ROUTE)).toBe('POST /webhooks/{helpdesk}');
    expect(routeKeyOf(STORE_WEBHOOK_ROUTE)).toBe('POST /webhooks/shopify');
  });

  it('writes JSON access logs with the request id and outcome, never the caller address or the body', () => {
    const settings = stage().AccessLogSettings as { Format: string; DestinationArn: unknown };
    const format = JSON.parse(settings.Format) as Record<string, string>;

    expect(format).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' });
    expect(settings.Format).not.toMatch(/sourceIp|userAgent|\$input|\$request\.body|authorization/i);
  });

  it('hands out only https links: approval pages and the MCP URL are the API Gateway endpoint, which serves HTTPS only', () => {
    const env = createTemplateEvaluator(synth.template.toJSON().Resources);
    const approvalBase = env.deployedEnvOf(synth.logicalIdOf('request-approval')).PUBLIC_BASE_URL!;
    const mcpUrl = env.deployedEnvOf(synth.logicalIdOf('check-order')).MCP_URL!;

    expect(approvalBase).toMatch(/^https:\/\/[a-z0-9]+\.execute-api\.[a-z0-9-]+\.amazonaws\.com$/);
    expect(mcpUrl).toBe(`${approvalBase}/mcp`);
    // No custom domain (which would be the only way to add another endpoint) and the protocol is HTTP API's.
    expect(t.ofType('AWS::ApiGatewayV2::DomainName')).toEqual([]);
    expect(t.resources[t.idOf('AWS::ApiGatewayV2::Api')]!.Properties).toMatchObject({ ProtocolType: 'HTTP' });
  });
});
