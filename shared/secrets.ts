// Reading the tenant's secrets at runtime, for both deployables: the MCP server (mcp-lambda/secrets.ts)
// and the handlers (functions/shared/aws/secret-env.ts). Each trust boundary is one SSM Parameter Store
// SecureString (standard tier, the AWS-managed aws/ssm key) holding a JSON object of fields. A function
// is given only the names of the parameters it may read (<NAME>_PARAMETER, set by infra/lib/secrets.ts),
// reads them all in one GetParameters call per container and keeps only the fields it names.
// CloudFormation cannot create a SecureString, so an operator puts the credentials (docs/deploy.md) and
// the shared keys are generated here on first use: the first container to miss one puts a fresh random
// key (Overwrite false), and a container that loses that race reads the winner's. Tests drive it with
// aws-sdk-client-mock (test/unit/shared/secret-parameters.test.ts).
import { randomInt } from 'node:crypto';
import type { SSMClient } from '@aws-sdk/client-ssm';

/** The SSM commands, imported when a container first reads its parameters (not at every cold start's import). */
const ssmCommands = () => import('@aws-sdk/client-ssm');
import * as z from 'zod';

/** A secret parameter that could not be read or is not a JSON object. The message names the parameter, never its text. */
export class SecretReadError extends Error {
  override readonly name = 'SecretReadError';
}

/**
 * Each trust boundary's parameter and the fields it holds: the one list of secret fields. infra files
 * them (infra/lib/secrets.ts: who puts each, who reads it) and each deployable's configuration takes
 * exactly these out of a parameter (the handlers' HANDLER_SECRET_FIELDS, the MCP server's MCP_SECRET_FIELDS).
 */
export const SECRET_BOUNDARY_FIELDS = {
  STORE: ['SHOPIFY_ADMIN_TOKEN'],
  HELPDESK: ['HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
  WEBHOOK: [
    'ZENDESK_WEBHOOK_SECRET',
    'HELPSCOUT_WEBHOOK_SECRET',
    'INTERCOM_WEBHOOK_SECRET',
    'GORGIAS_WEBHOOK_SECRET',
    'FRESHDESK_WEBHOOK_SECRET',
    'SHOPIFY_WEBHOOK_SECRET',
  ],
  MODEL: ['ANTHROPIC_API_KEY'],
  APPROVAL_LINK: ['APPROVAL_LINK_SECRET'],
  CONSOLE: ['CONSOLE_CSRF_SECRET'],
} as const;

/**
 * The boundaries whose one field is a shared key the functions generate on first use, by boundary
 * (infra/lib/secrets.ts files them as `generated`; test/unit/infra/secret-fields.test.ts holds the two together).
 */
export const GENERATED_SECRETS = { APPROVAL_LINK: SECRET_BOUNDARY_FIELDS.APPROVAL_LINK[0], CONSOLE: SECRET_BOUNDARY_FIELDS.CONSOLE[0] } as const;
/** Length of a generated key, in alphanumerics (about 285 bits). */
export const GENERATED_KEY_LENGTH = 48;
/** GetParameters takes at most this many names per call; a tenant has six boundaries. */
const NAMES_PER_CALL = 10;

/** The variable that names a boundary's parameter, e.g. STORE → STORE_PARAMETER. */
export const parameterVariableOf = <N extends string>(boundary: N) => `${boundary}_PARAMETER` as const;

/** One parameter a function may read: its boundary (STORE, …), its name, and the field it generates, if any. */
export type SecretParameter = { boundary: string; name: string; generatedField?: string };

export type LoadedSecrets<F extends string> = {
  /** The named, non-empty string fields of the parameters read. */
  fields: Partial<Record<F, string>>;
  /** Operator parameters not put yet: read as empty, as an unfilled credential is (a webhook route stays closed). */
  missing: string[];
};

export interface SecretSource<F extends string> {
  load(): Promise<LoadedSecrets<F>>;
}

/** The secret parameters named in an environment (every non-empty <NAME>_PARAMETER), by boundary. */
export function secretParametersIn(env: Record<string, string | undefined>): SecretParameter[] {
  return Object.entries(env)
    .map(([variable, name]) => ({ boundary: /^([A-Z0-9_]+)_PARAMETER$/.exec(variable)?.[1], name }))
    .filter((p): p is { boundary: string; name: string } => p.boundary !== undefined && p.name !== undefined && p.name !== '')
    .sort((a, b) => a.boundary.localeCompare(b.boundary))
    .map(({ boundary, name }) => {
      const generatedField = (GENERATED_SECRETS as Record<string, string>)[boundary];
      return generatedField ? { boundary, name, generatedField } : { boundary, name };
    });
}

/** A fresh shared key: GENERATED_KEY_LENGTH alphanumerics from node:crypto (unbiased: randomInt rejects). */
export function generateKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: GENERATED_KEY_LENGTH }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export type ParameterStoreOptions = { generate?: () => string };

/** Reads the parameters (one GetParameters call when all exist) and keeps the named fields; generates a missing shared key. */
export function createParameterStoreSource<F extends string>(
  client: SSMClient,
  parameters: readonly SecretParameter[],
  fields: readonly F[],
  options: ParameterStoreOptions = {},
): SecretSource<F> {
  const generate = options.generate ?? generateKey;
  return {
    async load() {
      const values = await getValues(
        client,
        parameters.map((p) => p.name),
      );
      const toGenerate = parameters.filter((p) => p.generatedField !== undefined && !values.has(p.name));
      const lost: string[] = [];
      await Promise.all(
        toGenerate.map(async ({ name, generatedField }) => {
          const value = JSON.stringify({ [generatedField!]: generate() });
          if (await putIfAbsent(client, name, value)) values.set(name, value);
          else lost.push(name);
        }),
      );
      // A concurrent cold start put it first: its key is the one every function must use.
      if (lost.length > 0) {
        const winners = await getValues(client, lost);
        for (const name of lost) {
          const value = winners.get(name);
          if (value === undefined) throw new SecretReadError(`the secret parameter ${name} was put by another container but cannot be read back`);
          values.set(name, value);
        }
      }
      const found: Partial<Record<F, string>> = {};
      const missing: string[] = [];
      for (const { name } of parameters) {
        const value = values.get(name);
        if (value === undefined) missing.push(name);
        else Object.assign(found, pick(jsonOf(name, value), fields));
      }
      return { fields: found, missing };
    },
  };
}

/** The decrypted values of the parameters that exist, by name; a SecureString is required. */
async function getValues(client: SSMClient, names: readonly string[]): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (let i = 0; i < names.length; i += NAMES_PER_CALL) {
    const chunk = names.slice(i, i + NAMES_PER_CALL);
    const { GetParametersCommand } = await ssmCommands();
    let parameters;
    try {
      ({ Parameters: parameters } = await client.send(new GetParametersCommand({ Names: chunk, WithDecryption: true })));
    } catch (cause) {
      throw new SecretReadError(`the secret parameters ${chunk.join(', ')} could not be read (${errorName(cause)})`, { cause });
    }
    for (const { Name, Type, Value } of parameters ?? []) {
      if (Name === undefined || Value === undefined) continue;
      // A credential put as a plain String is readable by anyone who may describe parameters: refuse it.
      if (Type !== 'SecureString')
        throw new SecretReadError(`the secret parameter ${Name} is a ${Type ?? 'parameter of no type'}: put it again with --type SecureString`);
      values.set(Name, Value);
    }
  }
  return values;
}

/** Puts a generated key unless the parameter exists; false when another container put it first. */
async function putIfAbsent(client: SSMClient, name: string, value: string): Promise<boolean> {
  const { PutParameterCommand } = await ssmCommands();
  try {
    await client.send(
      new PutParameterCommand({
        Name: name,
        Value: value,
        Type: 'SecureString',
        Overwrite: false,
        Tier: 'Standard',
        Description: 'refund-agent: shared key generated by the functions on first use',
      }),
    );
    return true;
  } catch (cause) {
    if (errorName(cause) === 'ParameterAlreadyExists') return false;
    throw new SecretReadError(`the secret parameter ${name} is missing and could not be generated (${errorName(cause)})`, { cause });
  }
}

const SecretJson = z.record(z.string(), z.unknown());

function jsonOf(name: string, text: string): Record<string, unknown> {
  try {
    return SecretJson.parse(JSON.parse(text));
  } catch {
    // Never the text itself: it is the secret.
    throw new SecretReadError(`the secret parameter ${name} is not a JSON object of fields`);
  }
}

/** The named, non-empty string fields (an empty field stays unset, as an unfilled one). */
function pick<F extends string>(json: Record<string, unknown>, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = json[field];
    if (typeof value === 'string' && value !== '') found[field] = value;
  }
  return found;
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'unknown error');
