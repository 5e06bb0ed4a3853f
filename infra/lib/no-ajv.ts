// What the Lambda bundles get instead of ajv and ajv-formats (bundling.ts aliases both here). The MCP
// SDK's Client and Server import ajv for JSON Schema validation whether or not it is used: about
// 130 kB in every bundle that speaks MCP. Neither is used here: the harness gives its MCP client a
// validator of its own (harness/adapters/mcp/session.ts: every tool's output is checked against its
// zod contract in harness/gateway/tool-calls.ts), and our server validates arguments with zod and asks
// its clients nothing. Constructing the stand-in works, as the SDK's default does; compiling a schema
// with it fails loudly, so a new use of ajv in a bundle cannot pass silently.

export class AjvNotBundledError extends Error {
  override readonly name = 'AjvNotBundledError';
  constructor() {
    super('ajv is not in the Lambda bundles (infra/lib/no-ajv.ts): give the MCP SDK a jsonSchemaValidator of your own');
  }
}

/** Stands in for ajv's default export (the Ajv class). */
export default class Ajv {
  compile(): never {
    throw new AjvNotBundledError();
  }
  getSchema(): never {
    throw new AjvNotBundledError();
  }
  addFormat(): this {
    return this;
  }
  addKeyword(): this {
    return this;
  }
}

/** Stands in for ajv-formats' default export: nothing to add to a stand-in. */
export function addFormats<T>(ajv: T): T {
  return ajv;
}
