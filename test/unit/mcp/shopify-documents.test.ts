// Every document the Shopify adapter sends must be valid against the real Admin schema (2025-01,
// plus the @idempotent directive added in 2026-01) and against the sandbox store's schema.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema, DirectiveLocation, GraphQLDirective, GraphQLNonNull, GraphQLSchema, GraphQLString,
  parse, validate, type IntrospectionQuery,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSandboxSchema } from '#local/sandbox/store/schema.js';
import { SHOPIFY_DOCUMENTS } from '#mcp/adapters/shopify/index.js';

function realAdminSchema(): GraphQLSchema {
  const raw = gunzipSync(readFileSync('/work/shared/reference/shopify/admin_schema_2025-01.introspection.json.gz')).toString('utf8');
  const json = JSON.parse(raw) as { data: IntrospectionQuery };
  const schema = buildClientSchema(json.data);
  const idempotent = new GraphQLDirective({
    name: 'idempotent',
    locations: [DirectiveLocation.FIELD],
    args: { key: { type: new GraphQLNonNull(GraphQLString) } },
  });
  return new GraphQLSchema({ ...schema.toConfig(), directives: [...schema.getDirectives(), idempotent] });
}

const documents = Object.entries(SHOPIFY_DOCUMENTS);

describe('Shopify documents', () => {
  const admin = realAdminSchema();
  const sandbox = buildSandboxSchema();

  it.each(documents)('%s is valid against the real Admin schema', (_name, source) => {
    expect(validate(admin, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it.each(documents)('%s is valid against the sandbox store schema', (_name, source) => {
    expect(validate(sandbox, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it('the real schema check would catch a field Shopify does not have', () => {
    const errors = validate(admin, parse('{ orders(first: 1) { nodes { id totalRefundable } } }'));
    expect(errors.map((e) => e.message).join()).toMatch(/totalRefundable/);
  });

  it('refundCreate always carries the @idempotent directive (mandatory from 2026-04)', () => {
    expect(SHOPIFY_DOCUMENTS.REFUND_CREATE).toMatch(/refundCreate\(input: \$input\) @idempotent\(key: \$idempotencyKey\)/);
  });
});
