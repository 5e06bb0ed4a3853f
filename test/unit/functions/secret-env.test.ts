// The handlers' environment in AWS: the fields of the secret parameters named by <NAME>_PARAMETER
// merged over it (functions/shared/aws/secret-env.ts), a secret field left in the plain environment
// ignored. No SSM emulator exists here: SSM's call shapes come from aws-sdk-client-mock.
import { GetParametersCommand, ParameterAlreadyExists, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { environmentWithSecrets } from '#functions/shared/aws/secret-env.js';

const ssm = mockClient(SSMClient);
beforeEach(() => ssm.reset());
afterAll(() => ssm.restore());
const client = () => new SSMClient({ region: 'eu-west-1' });
const secure = (Name: string, fields: Record<string, string>) => ({ Name, Type: 'SecureString' as const, Value: JSON.stringify(fields) });

describe('handler secrets read at runtime', () => {
  it('merges the non-empty fields of every readable parameter over the environment, in one call', async () => {
    ssm.on(GetParametersCommand).resolves({
      Parameters: [
        secure('/refund-agent/demo/webhook', { ZENDESK_WEBHOOK_SECRET: 'zendesk-secret-value', GORGIAS_WEBHOOK_SECRET: '' }),
        secure('/refund-agent/demo/approval_link', { APPROVAL_LINK_SECRET: 'link-key-value-0123456', UNRELATED: 'x' }),
      ],
    });

    const env = await environmentWithSecrets(
      {
        TENANT: 'demo',
        WEBHOOK_PARAMETER: '/refund-agent/demo/webhook',
        APPROVAL_LINK_PARAMETER: '/refund-agent/demo/approval_link',
        APPROVAL_LINK_SECRET: 'stale-plain-env-key',
      },
      client,
    );

    expect(env).toMatchObject({ TENANT: 'demo', ZENDESK_WEBHOOK_SECRET: 'zendesk-secret-value', APPROVAL_LINK_SECRET: 'link-key-value-0123456' });
    // An empty field keeps that helpdesk closed; fields no handler reads are not taken.
    expect(env.GORGIAS_WEBHOOK_SECRET).toBeUndefined();
    expect(env.UNRELATED).toBeUndefined();
    expect(ssm.calls()).toHaveLength(1);
  });

  it('reads a webhook parameter not put yet as no secret at all: a stale plain value does not open the route', async () => {
    ssm.on(GetParametersCommand).resolves({ InvalidParameters: ['/refund-agent/demo/webhook'] });
    const env = await environmentWithSecrets({ WEBHOOK_PARAMETER: '/refund-agent/demo/webhook', ZENDESK_WEBHOOK_SECRET: 'stale' }, client);
    expect(env.ZENDESK_WEBHOOK_SECRET).toBeUndefined();
    expect(ssm.commandCalls(PutParameterCommand)).toHaveLength(0);
  });

  it("puts the console's CSRF key on first use, and two cold starts end up with one key", async () => {
    let stored: string | undefined;
    ssm
      .on(GetParametersCommand)
      .callsFake(() =>
        stored === undefined
          ? { InvalidParameters: ['/refund-agent/demo/console'] }
          : { Parameters: [{ Name: '/refund-agent/demo/console', Type: 'SecureString', Value: stored }] },
      );
    ssm.on(PutParameterCommand).callsFake((input: { Value: string }) => {
      if (stored !== undefined) throw new ParameterAlreadyExists({ message: 'exists', $metadata: {} });
      stored = input.Value;
      return { Version: 1 };
    });
    const env = { CONSOLE_PARAMETER: '/refund-agent/demo/console' };

    // Both containers miss it; the first put wins, the second reads the winner's key.
    const [first, second] = await Promise.all([environmentWithSecrets(env, client), environmentWithSecrets(env, client)]);

    expect(first.CONSOLE_CSRF_SECRET).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(second.CONSOLE_CSRF_SECRET).toBe(first.CONSOLE_CSRF_SECRET);
    expect(ssm.commandCalls(PutParameterCommand)).toHaveLength(2);
  });

  it('leaves a local environment (no secret parameters) as it is, without calling SSM', async () => {
    const env = await environmentWithSecrets({ ZENDESK_WEBHOOK_SECRET: 'local-secret' }, client);
    expect(env).toEqual({ ZENDESK_WEBHOOK_SECRET: 'local-secret' });
    expect(ssm.calls()).toHaveLength(0);
  });

  it('fails without echoing the secret when it is not JSON', async () => {
    ssm.on(GetParametersCommand).resolves({ Parameters: [{ Name: '/refund-agent/demo/webhook', Type: 'SecureString', Value: 'plain-secret-text' }] });
    const error = await environmentWithSecrets({ WEBHOOK_PARAMETER: '/refund-agent/demo/webhook' }, client).catch((e: unknown) => e);
    expect(String(error)).toMatch(/\/refund-agent\/demo\/webhook is not a JSON object/);
    expect(String(error)).not.toContain('plain-secret-text');
  });
});
