// Reading the tenant's JSON secrets at runtime, for both deployables: the MCP server
// (mcp-lambda/secrets.ts) and the handlers (functions/shared/aws/secret-env.ts). A function is given
// only the ARNs of the secrets it may read (<NAME>_SECRET_ARN, set by infra/lib/secrets.ts) and keeps
// only the fields it names. Tests drive it with aws-sdk-client-mock.
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';

/** A secret that could not be read or is not a JSON object. The message never carries its text. */
export class SecretReadError extends Error {
  override readonly name = 'SecretReadError';
}

export interface SecretSource<F extends string> {
  /** The secret's fields the caller uses, by name. */
  load(): Promise<Partial<Record<F, string>>>;
}

const SecretJson = z.record(z.string(), z.unknown());

/** Reads one JSON secret and keeps the named, non-empty string fields (an empty field stays unset). */
export function createSecretsManagerSource<F extends string>(client: SecretsManagerClient, secretArn: string, fields: readonly F[]): SecretSource<F> {
  return {
    async load() {
      let text: string | undefined;
      try {
        text = (await client.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString;
      } catch (cause) {
        const name = cause instanceof Error ? cause.name : 'unknown error';
        throw new SecretReadError(`the connector secret could not be read (${name})`, { cause });
      }
      if (text === undefined) throw new SecretReadError('the connector secret has no string value');
      let json: Record<string, unknown>;
      try {
        json = SecretJson.parse(JSON.parse(text));
      } catch {
        // Never the text itself: it is the secret.
        throw new SecretReadError('the connector secret is not a JSON object');
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
