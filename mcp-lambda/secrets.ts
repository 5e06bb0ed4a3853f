// Where the MCP server's tokens come from in AWS: one JSON secret (the tenant's connector secret,
// named by SECRET_ARN) read through a small port, once per Lambda container. Its fields are
// merged over the environment before loadMcpConfig parses it. Called by index.ts; tests drive it
// with aws-sdk-client-mock.
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { loadMcpConfig, MCP_SECRET_FIELDS, McpConfigError, type McpConfig, type McpSecretField } from './config.js';

export interface SecretSource {
  /** The secret's fields this server uses, by name. */
  load(): Promise<Partial<Record<McpSecretField, string>>>;
}

const SecretJson = z.record(z.string(), z.unknown());

export function createSecretsManagerSource(client: SecretsManagerClient, secretArn: string): SecretSource {
  return {
    async load() {
      let text: string | undefined;
      try {
        text = (await client.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString;
      } catch (cause) {
        const name = cause instanceof Error ? cause.name : 'unknown error';
        throw new McpConfigError(`the connector secret could not be read (${name})`, { cause });
      }
      if (text === undefined) throw new McpConfigError('the connector secret has no string value');
      let json: Record<string, unknown>;
      try {
        json = SecretJson.parse(JSON.parse(text));
      } catch {
        // Never the text itself: it is the secret.
        throw new McpConfigError('the connector secret is not a JSON object');
      }
      const fields: Partial<Record<McpSecretField, string>> = {};
      for (const name of MCP_SECRET_FIELDS) {
        const value = json[name];
        if (typeof value === 'string' && value !== '') fields[name] = value;
      }
      return fields;
    },
  };
}

/**
 * The whole configuration: the environment, with the secret's fields over it when SECRET_ARN is
 * set (a token left in the environment is ignored then, so only the secret counts in AWS).
 */
export async function resolveMcpConfig(
  env: Record<string, string | undefined>,
  secretSource: (secretArn: string) => SecretSource,
): Promise<McpConfig> {
  const secretArn = env.SECRET_ARN;
  if (secretArn === undefined || secretArn === '') return loadMcpConfig(env);
  const withoutTokens = Object.fromEntries(Object.entries(env).filter(([name]) => !(MCP_SECRET_FIELDS as readonly string[]).includes(name)));
  return loadMcpConfig({ ...withoutTokens, ...(await secretSource(secretArn).load()) });
}
