// The Lambda container in AWS mode: tokens come from the connector secret named by SECRET_ARN
// (Secrets Manager's call shape via aws-sdk-client-mock; no emulator covers it), read once per
// container, never from the environment; the sandbox store behind it is real HTTP.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoFixture, startSandboxHelpdesk, startSandboxStore, type SandboxHelpdesk, type SandboxStore } from '#local/sandbox/index.js';
import { createMcpContainer } from '#mcp/index.js';
import { McpConfigError } from '#mcp/config.js';
import { clock } from '../sandbox/sandboxes.js';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:refund-agent/demo/connectors-AbCdEf';
const SECRET = {
  SHOPIFY_ADMIN_TOKEN: 'shpat_from_the_secret_0001',
  HELPDESK_EMAIL: 'agent@hearth.example',
  HELPDESK_TOKEN: 'zd_from_the_secret_0001',
  MCP_CALLER_TOKEN: 'caller-token-from-the-secret-0001',
  ZENDESK_WEBHOOK_SECRET: 'not-for-this-function',
};
const secrets = mockClient(SecretsManagerClient);
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
  SECRET_ARN,
  SHOPIFY_STORE_DOMAIN: store.url,
  HELPDESK_BASE_URL: helpdesk.url,
  // A stale token left in the environment must not be accepted once the secret is in charge.
  MCP_CALLER_TOKEN: 'stale-env-caller-token-0000000',
});

function event(token: string, body: unknown): APIGatewayProxyEventV2 {
  return {
    version: '2.0', routeKey: '$default', rawPath: '/mcp', rawQueryString: '',
    headers: { host: 'abc.lambda-url.eu-west-1.on.aws', authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    requestContext: {
      accountId: '123456789012', apiId: 'abc', domainName: 'abc.lambda-url.eu-west-1.on.aws', domainPrefix: 'abc',
      http: { method: 'POST', path: '/mcp', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'r', routeKey: '$default', stage: '$default', time: '30/Nov/2026:12:00:00 +0000', timeEpoch: 1_796_040_000_000,
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}
const callGetOrder = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { orderNumber: '1001' } } };

describe('MCP Lambda with the connector secret', () => {
  it('reads the secret once per container and accepts only its caller token', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ SecretString: JSON.stringify(SECRET) });
    const handler = createMcpContainer({ env: env(), secretsClient: () => new SecretsManagerClient({ region: 'eu-west-1' }) });

    const ok = await handler(event(SECRET.MCP_CALLER_TOKEN, callGetOrder));
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body ?? '')).toMatchObject({ result: { structuredContent: { order: { number: '1001' } } } });
    expect((await handler(event('stale-env-caller-token-0000000', callGetOrder))).statusCode).toBe(401);
    expect((await handler(event(SECRET.MCP_CALLER_TOKEN, callGetOrder))).statusCode).toBe(200);

    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(store.seenCredentials()).toEqual([SECRET.SHOPIFY_ADMIN_TOKEN]);
  });

  it('does not keep a failed load: the next event reads the secret again', async () => {
    secrets.on(GetSecretValueCommand)
      .rejectsOnce(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }))
      .resolves({ SecretString: JSON.stringify(SECRET) });
    const handler = createMcpContainer({ env: env(), secretsClient: () => new SecretsManagerClient({ region: 'eu-west-1' }) });
    await expect(handler(event(SECRET.MCP_CALLER_TOKEN, callGetOrder))).rejects.toThrow(/AccessDeniedException/);
    expect((await handler(event(SECRET.MCP_CALLER_TOKEN, callGetOrder))).statusCode).toBe(200);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('names what is wrong with a bad secret without echoing it', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'shpat_oops_not_json' });
    const handler = createMcpContainer({ env: env(), secretsClient: () => new SecretsManagerClient({ region: 'eu-west-1' }) });
    const error = await handler(event('x', callGetOrder)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConfigError);
    expect(String(error)).not.toContain('shpat_oops');

    secrets.reset();
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ ...SECRET, MCP_CALLER_TOKEN: undefined }) });
    const missing = await createMcpContainer({ env: env(), secretsClient: () => new SecretsManagerClient({ region: 'eu-west-1' }) })(event('x', callGetOrder))
      .catch((e: unknown) => e);
    // The env's stale token does not fill the gap: the secret must carry it.
    expect(String(missing)).toMatch(/MCP_CALLER_TOKEN/);
  });
});
