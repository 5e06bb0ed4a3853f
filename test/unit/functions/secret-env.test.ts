import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { environmentWithSecrets } from '#functions/shared/aws/secret-env.js';

describe('handler secrets read at runtime', () => {
  it('merges the non-empty fields of every readable secret over the environment', async () => {
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand, { SecretId: 'arn:webhook' }).resolves({
      SecretString: JSON.stringify({ ZENDESK_WEBHOOK_SECRET: 'zendesk-secret-value', GORGIAS_WEBHOOK_SECRET: '' }),
    });
    sm.on(GetSecretValueCommand, { SecretId: 'arn:link' }).resolves({
      SecretString: JSON.stringify({ APPROVAL_LINK_SECRET: 'link-key-value-0123456', UNRELATED: 'x' }),
    });

    const env = await environmentWithSecrets(
      { TENANT: 'demo', WEBHOOK_SECRET_ARN: 'arn:webhook', APPROVAL_LINK_SECRET_ARN: 'arn:link', APPROVAL_LINK_SECRET: 'stale-plain-env-key' },
      () => new SecretsManagerClient({}),
    );

    expect(env).toMatchObject({ TENANT: 'demo', ZENDESK_WEBHOOK_SECRET: 'zendesk-secret-value', APPROVAL_LINK_SECRET: 'link-key-value-0123456' });
    // An empty field keeps that helpdesk closed; fields no handler reads are not taken.
    expect(env.GORGIAS_WEBHOOK_SECRET).toBeUndefined();
    expect(env.UNRELATED).toBeUndefined();
    sm.restore();
  });

  it('leaves a local environment (no secret ARNs) as it is, without calling Secrets Manager', async () => {
    const sm = mockClient(SecretsManagerClient);
    const env = await environmentWithSecrets({ ZENDESK_WEBHOOK_SECRET: 'local-secret' }, () => new SecretsManagerClient({}));
    expect(env).toEqual({ ZENDESK_WEBHOOK_SECRET: 'local-secret' });
    expect(sm.calls()).toHaveLength(0);
    sm.restore();
  });

  it('fails without echoing the secret when it is not JSON', async () => {
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'plain-secret-text' });
    await expect(environmentWithSecrets({ WEBHOOK_SECRET_ARN: 'arn:webhook' }, () => new SecretsManagerClient({}))).rejects.toThrow(/not a JSON object/);
    await expect(environmentWithSecrets({ WEBHOOK_SECRET_ARN: 'arn:webhook' }, () => new SecretsManagerClient({}))).rejects.not.toThrow(/plain-secret-text/);
    sm.restore();
  });
});
