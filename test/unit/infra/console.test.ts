// The operator console as deployed: a Cognito user pool of the tenant file's people only (no self
// sign-up, MFA required), a group per role with each person in theirs, a public app client for the
// hosted UI's code flow whose redirects are the console's own /auth routes, and the console-authorizer
// on every console page and action: no console route is public, and only the sign-in redirects are.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ROUTES } from '../../../infra/lib/functions.js';
import { routeKeyOf } from '../../../infra/lib/http-api.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { synthTenant, TEST_TENANT } from './synth.js';

const CONSOLE_ROUTES = ROUTES.filter((route) => route.auth.kind === 'console');

const PEOPLE = [
  { email: 'ana@acme.test', role: 'viewer' },
  { email: 'lead@acme.test', role: 'lead' },
  { email: 'ops@acme.test', role: 'operator' },
] as const;

let template: Template;
let resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
let logicalIdOf: ReturnType<typeof synthTenant>['logicalIdOf'];

beforeAll(() => {
  const synth = synthTenant(TenantConfig.parse({ ...TEST_TENANT, console: { users: PEOPLE } }));
  template = synth.template;
  logicalIdOf = synth.logicalIdOf;
  resources = template.toJSON().Resources;
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

describe('the deployed console', () => {
  it("keeps a user pool of the tenant file's people only: no self sign-up, MFA required, strong passwords", () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      MfaConfiguration: 'ON',
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 14, RequireSymbols: true, RequireUppercase: true, RequireNumbers: true }) },
    });
    expect(
      ofType('AWS::Cognito::UserPoolUser')
        .map(([, r]) => r.Properties.Username)
        .sort(),
    ).toEqual(PEOPLE.map((p) => p.email).sort());
  });

  it('has a group per role, and each person in the group of their role', () => {
    expect(
      ofType('AWS::Cognito::UserPoolGroup')
        .map(([, r]) => r.Properties.GroupName)
        .sort(),
    ).toEqual(['lead', 'operator', 'viewer']);
    const attachments = ofType('AWS::Cognito::UserPoolUserToGroupAttachment').map(([, r]) => [r.Properties.Username, r.Properties.GroupName]);
    expect(attachments.sort()).toEqual(PEOPLE.map((p) => [p.email, p.role]).sort());
  });

  it('signs people in through the hosted UI: code flow only, no client secret, redirects to the console’s /auth routes', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'refund-agent-acme' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email']),
      CallbackURLs: [Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['/auth/callback'])] })],
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  it('puts the sign-in authorizer on every console route, reading the session cookie; no console page or action is public', () => {
    const authorizers = ofType('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'REQUEST', IdentitySource: ['$request.header.Cookie'], EnableSimpleResponses: true });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(logicalIdOf('console-authorizer'));

    const routes = Object.fromEntries(ofType('AWS::ApiGatewayV2::Route').map(([, r]) => [r.Properties.RouteKey as string, r.Properties]));
    for (const route of CONSOLE_ROUTES) {
      expect(routes[routeKeyOf(route)], routeKeyOf(route)).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } });
    }
    // Public routes of the console function: the sign-in redirects alone.
    const publicConsole = ROUTES.filter((r) => r.fn === 'console' && r.auth.kind === 'public')
      .map(routeKeyOf)
      .sort();
    expect(publicConsole).toEqual(['GET /auth/callback', 'GET /auth/login', 'GET /auth/logout']);
    for (const key of publicConsole) expect(routes[key]!.AuthorizationType).toBe('NONE');
  });

  it('tells the console and its authorizer the pool, the client and the hosted UI', () => {
    for (const fn of ['console', 'console-authorizer'] as const) {
      const env = (resources[logicalIdOf(fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(env)).toEqual(expect.arrayContaining(['COGNITO_ISSUER', 'COGNITO_CLIENT_ID', 'COGNITO_DOMAIN_URL']));
    }
  });

  it('refuses a tenant file with an unknown role or a person listed twice', () => {
    expect(TenantConfig.safeParse({ ...TEST_TENANT, console: { users: [{ email: 'a@acme.test', role: 'admin' }] } }).success).toBe(false);
    expect(
      TenantConfig.safeParse({
        ...TEST_TENANT,
        console: {
          users: [
            { email: 'a@acme.test', role: 'lead' },
            { email: 'A@acme.test', role: 'viewer' },
          ],
        },
      }).success,
    ).toBe(false);
  });
});
