// Issue 25: the deployed console's user pool client named no auth flows, so Cognito's defaults applied
// (ALLOW_USER_SRP_AUTH, ALLOW_CUSTOM_AUTH, ALLOW_REFRESH_TOKEN_AUTH) and anyone holding the public
// client id could sign in with SRP straight against the pool's API, around the hosted UI. Synthesized
// tenant stack: the client allows exactly the flow Cognito insists on, refresh, and nothing else.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_AUTH_FLOWS } from '../../../infra/lib/console-auth.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { synthTenant, TEST_TENANT } from './synth.js';

type Resource = { Type: string; Properties: Record<string, unknown> };
let clients: Resource[];

beforeAll(() => {
  const { template } = synthTenant(TenantConfig.parse({ ...TEST_TENANT, console: { users: [{ email: 'lead@acme.test', role: 'lead' }] } }));
  clients = Object.values(template.toJSON().Resources as Record<string, Resource>).filter((r) => r.Type === 'AWS::Cognito::UserPoolClient');
});

describe("the console's user pool client", () => {
  it('names its auth flows: exactly ALLOW_REFRESH_TOKEN_AUTH (left unset, Cognito would enable SRP and custom sign-in)', () => {
    expect(clients).toHaveLength(1);
    expect(clients[0]!.Properties.ExplicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
    expect(CONSOLE_AUTH_FLOWS).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
  });

  it('allows no direct sign-in: no SRP, password, admin password, custom or choice-based flow', () => {
    const flows = clients[0]!.Properties.ExplicitAuthFlows as string[];
    for (const direct of ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_USER_AUTH']) {
      expect(flows).not.toContain(direct);
    }
  });

  it('still signs in through the hosted UI: the code flow with the openid and email scopes', () => {
    expect(clients[0]!.Properties).toMatchObject({ AllowedOAuthFlows: ['code'], AllowedOAuthFlowsUserPoolClient: true, GenerateSecret: false });
    expect(clients[0]!.Properties.AllowedOAuthScopes).toEqual(expect.arrayContaining(['openid', 'email']));
  });
});
