// The secrets' fields, both sides: what infra files in each secret parameter (infra/lib/secrets.ts)
// and what the runtime takes out of a parameter (functions/shared/aws/secret-env.ts for the handlers,
// mcp-lambda/config.ts for the MCP server). A field only one side knows is either never filled or
// never read, and the function that needs it fails on its first event in AWS.
import { describe, expect, it } from 'vitest';
import { HANDLER_SECRET_FIELDS } from '#functions/shared/aws/secret-env.js';
import { MCP_SECRET_FIELDS } from '#mcp/config.js';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { GENERATED_KEY_LENGTH, GENERATED_SECRETS, secretParametersIn } from '#shared/secrets.js';
import { nameVariableOf, SECRET_FIELDS, SECRET_NAMES, SECRETS, secretsOf } from '../../../infra/lib/secrets.js';

const RUNTIME_FIELDS: Record<'handler' | 'mcp', readonly string[]> = { handler: HANDLER_SECRET_FIELDS, mcp: MCP_SECRET_FIELDS };

describe('secret fields, infra and runtime', () => {
  it('files every field the runtime takes from a secret in one of the tenant secrets, and no other', () => {
    const runtime = new Set<string>([...HANDLER_SECRET_FIELDS, ...MCP_SECRET_FIELDS]);

    expect(new Set<string>(SECRET_FIELDS)).toEqual(runtime);
    expect(new Set(SECRET_FIELDS).size, 'a field in two secrets').toBe(SECRET_FIELDS.length);
  });

  it("lets every function take each field of the secrets it may read (its parser's list: handler or mcp)", () => {
    for (const fn of FUNCTION_NAMES) {
      const spec = FUNCTIONS[fn];
      for (const secret of secretsOf(spec)) {
        for (const field of SECRETS[secret].fields) expect(RUNTIME_FIELDS[spec.config], `${fn} reads ${secret}.${field}`).toContain(field);
      }
    }
  });

  it('generates at runtime exactly the parameters infra files as generated, each its one field, 48 characters as before', () => {
    const generated = SECRET_NAMES.filter((name) => SECRETS[name].source === 'generated');
    expect(Object.fromEntries(generated.map((name) => [name, SECRETS[name].fields]))).toEqual(
      Object.fromEntries(Object.entries(GENERATED_SECRETS).map(([name, field]) => [name, [field]])),
    );
    expect(GENERATED_KEY_LENGTH).toBe(48);
  });

  it('reads each variable infra names a parameter with as that boundary', () => {
    const env = Object.fromEntries(SECRET_NAMES.map((name) => [nameVariableOf(name), `/refund-agent/acme/${name.toLowerCase()}`]));
    expect(secretParametersIn(env).map((p) => p.boundary)).toEqual([...SECRET_NAMES].sort());
  });
});
