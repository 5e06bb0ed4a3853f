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

/** Reads one JSON secret and keeps the named, non-empty string fields (an empty field stays unset). */
export function createSecretsManagerSource<F extends string = McpSecretField>(
  client: SecretsManagerClient,
  secretArn: string,
  fields: readonly F[] = MCP_SECRET_FIELDS as unknown as readonly F[],
): { load(): Promise<Partial<Record<F, string>>> } {
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
      const found: Partial<Record<F, string>> = {};
      for (const name of fields) {
        const value = json[name];
        if (typeof value === 'string' && value !== '') found[name] = value;
      }
      return found;
    },
  };
}

/** The secret ARNs named in an environment: SECRET_ARN and every <NAME>_SECRET_ARN (infra/lib/secrets.ts). */
export function secretArnsIn(env: Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /^(?:[A-Z0-9_]+_)?SECRET_ARN$/.test(name) && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, value]) => value as string);
}

/**
 * The whole configuration: the environment, with the secrets' fields over it when any secret ARN
 * is set (a token left in the environment is ignored then, so only the secrets count in AWS).
 */
export async function resolveMcpConfig(
  env: Record<string, string | undefined>,
  secretSource: (secretArn: string) => SecretSource,
): Promise<McpConfig> {
  const arns = secretArnsIn(env);
  if (arns.length === 0) return loadMcpConfig(env);
  const withoutTokens = Object.fromEntries(Object.entries(env).filter(([name]) => !(MCP_SECRET_FIELDS as readonly string[]).includes(name)));
  const loaded = await Promise.all(arns.map((arn) => secretSource(arn).load()));
  return loadMcpConfig(Object.assign(withoutTokens, ...loaded));
}
