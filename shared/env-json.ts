// A configuration value carried as JSON text in an environment variable (a tenant's agent mode, its
// remedies, the model choices, the MCP callers' roles), parsed and checked in one zod pipe: text that
// is not JSON is an issue of that variable like any other, never a thrown SyntaxError. The one
// helper the Lambda, the MCP server, the model settings and the local runtime parse such values with.
import * as z from 'zod';

/** A JSON environment value parsed and checked by `schema`. */
export const jsonOf = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
