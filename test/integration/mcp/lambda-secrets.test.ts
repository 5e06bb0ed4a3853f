// The Lambda container in AWS mode: tokens come from the tenant's secret parameters named by
// STORE_PARAMETER and HELPDESK_PARAMETER (SSM's call shape via aws-sdk-client-mock; no SSM emulator
// exists here), read in one GetParameters call per container, never from the environment; callers are
// known by their IAM roles (MCP_CALLER_ROLES); the sandbox store behind it is real HTTP.
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoFixture, startSandboxHelpdesk, startSandboxStore, type SandboxHelpdesk, type SandboxStore } from '#local/sandbox/index.js';
import { createMcpContainer } from '#mcp/index.js';
import { McpConfigError } from '#mcp/config.js';
import { MCP_CALLERS } from '#mcp/server/index.js';
import { clock } from '../../support/sandboxes.js';
import { functionUrlEvent, roleSession } from './function-url.js';

const STORE_PARAMETER = '/refund-agent/demo/store';
const HELPDESK_PARAMETER = '/refund-agent/demo/helpdesk';
const SECRET = {
  SHOPIFY_ADMIN_TOKEN: 'shpat_from_the_secret_0001',
  HELPDESK_EMAIL: 'agent@hearth.example',
  HELPDESK_TOKEN: 'zd_from_the_secret_0001',
};
/** What GetParameters answers for the two parameters: the store's, with a field this server never takes, and the helpdesk's. */
const PARAMETERS = (
  store: Record<string, string | undefined> = { SHOPIFY_ADMIN_TOKEN: SECRET.SHOPIFY_ADMIN_TOKEN, ZENDESK_WEBHOOK_SECRET: 'not-for-this-function' },
) => ({
  Parameters: [
    { Name: STORE_PARAMETER, Type: 'SecureString' as const, Value: JSON.stringify(store) },
    {
      Name: HELPDESK_PARAMETER,
      Type: 'SecureString' as const,
      Value: JSON.stringify({ HELPDESK_EMAIL: SECRET.HELPDESK_EMAIL, HELPDESK_TOKEN: SECRET.HELPDESK_TOKEN }),
    },
  ],
});
const ORDER_TASK = roleSession('acme-propose-refund-role', 'acme-propose-refund', 1);
const STRANGER = roleSession('acme-runs-api-role', 'acme-runs-api', 2);
const secrets = mockClient(SSMClient);
let store: SandboxStore;
let helpdesk: SandboxHelpdesk;

beforeAll(async () => {
  const fixture = demoFixture();
  store = await startSandboxStore({ fixture, clock, accessToken: SECRET.SHOPIFY_ADMIN_TOKEN });
  helpdesk = await startSandboxHelpdesk({ fixture, clock, email: SECRET.HELPDESK_EMAIL, token: SECRET.HELPDESK_TOKEN });
});
afterAll(async () => {
  secrets.restore();
  await Promise.all([store.close(), helpdesk.close()]);
});
beforeEach(() => secrets.reset());

const env = () => ({
  STORE_PARAMETER,
  HELPDESK_PARAMETER,
  SHOPIFY_STORE_DOMAIN: store.url,
  HELPDESK_BASE_URL: helpdesk.url,
  // A stale token left in the environment must not be used once the secret is in charge.
  SHOPIFY_ADMIN_TOKEN: 'shpat_stale_env_token_0000',
  MCP_CALLER_ROLES: JSON.stringify(Object.fromEntries(MCP_CALLERS.map((caller) => [caller, `arn:aws:iam::123456789012:role/acme-${caller}-role`]))),
});

const event = (signer: typeof ORDER_TASK, body: unknown) =>
  functionUrlEvent({
    method: 'POST',
    signer,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
const callGetOrder = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { orderNumber: '1001' } } };

describe('MCP Lambda with the secret parameters', () => {
  it('reads the parameters once per container, uses only its store token, and serves only the callers of its role table', async () => {
    secrets.on(GetParametersCommand, { Names: [HELPDESK_PARAMETER, STORE_PARAMETER], WithDecryption: true }).resolves(PARAMETERS());
    const handler = createMcpContainer({ env: env(), secretsClient: () => new SSMClient({ region: 'eu-west-1' }) });

    const ok = await handler(event(ORDER_TASK, callGetOrder));
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body ?? '')).toMatchObject({ result: { structuredContent: { order: { number: '1001' } } } });
    expect((await handler(event(STRANGER, callGetOrder))).statusCode).toBe(403);
    expect((await handler(event(ORDER_TASK, callGetOrder))).statusCode).toBe(200);

    expect(secrets.calls()).toHaveLength(1);
    expect(store.seenCredentials()).toEqual([SECRET.SHOPIFY_ADMIN_TOKEN]);
  });

  it('does not keep a failed load: the next event reads the parameters again', async () => {
    secrets
      .on(GetParametersCommand)
      .rejectsOnce(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }))
      .resolves(PARAMETERS());
    const handler = createMcpContainer({ env: env(), secretsClient: () => new SSMClient({ region: 'eu-west-1' }) });
    await expect(handler(event(ORDER_TASK, callGetOrder))).rejects.toThrow(/AccessDeniedException/);
    expect((await handler(event(ORDER_TASK, callGetOrder))).statusCode).toBe(200);
    expect(secrets.commandCalls(GetParametersCommand)).toHaveLength(2);
  });

  it('names what is wrong with a bad parameter without echoing it', async () => {
    secrets.on(GetParametersCommand).resolves({ Parameters: [{ Name: STORE_PARAMETER, Type: 'SecureString', Value: 'shpat_oops_not_json' }] });
    const handler = createMcpContainer({ env: env(), secretsClient: () => new SSMClient({ region: 'eu-west-1' }) });
    const error = await handler(event(ORDER_TASK, callGetOrder)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConfigError);
    expect(String(error)).not.toContain('shpat_oops');

    secrets.reset();
    secrets.on(GetParametersCommand).resolves(PARAMETERS({ SHOPIFY_ADMIN_TOKEN: undefined }));
    const missing = await createMcpContainer({ env: env(), secretsClient: () => new SSMClient({ region: 'eu-west-1' }) })(
      event(ORDER_TASK, callGetOrder),
    ).catch((e: unknown) => e);
    // The env's stale token does not fill the gap: the parameter must carry it.
    expect(String(missing)).toMatch(/SHOPIFY_ADMIN_TOKEN/);
  });

  it('names the store parameter the operator has not put yet when the token is missing', async () => {
    secrets.on(GetParametersCommand).resolves({ Parameters: PARAMETERS().Parameters.slice(1), InvalidParameters: [STORE_PARAMETER] });
    const error = await createMcpContainer({ env: env(), secretsClient: () => new SSMClient({ region: 'eu-west-1' }) })(event(ORDER_TASK, callGetOrder)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpConfigError);
    expect(String(error)).toMatch(/SHOPIFY_ADMIN_TOKEN .*secret parameters not put yet: \/refund-agent\/demo\/store/);
  });
});
