// The secrets' fields, both sides: what infra files in each Secrets Manager secret (infra/lib/secrets.ts)
// and what the runtime takes out of a secret (functions/shared/aws/secret-env.ts for the handlers,
// mcp-lambda/config.ts for the MCP server). A field only one side knows is either never filled or
// never read, and the function that needs it fails on its first event in AWS.
import { describe, expect, it } from 'vitest';
import { HANDLER_SECRET_FIELDS } from '#functions/shared/aws/secret-env.js';
import { MCP_SECRET_FIELDS } from '#mcp/config.js';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { SECRET_FIELDS, SECRETS, secretsOf } from '../../../infra/lib/secrets.js';

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
});
