// Every GraphQL document the sandbox returns tests send is one Shopify would take: valid against the
// real Admin schema (2026-04, the vendored introspection shopify-documents.test.ts reads) and against
// the sandbox store's own schema, so what the tests prove of the sandbox holds of the real API's shape.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, parse, validate, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSandboxSchema } from '#local/sandbox/store/schema.js';
import { RETURN_DOCUMENTS } from '../../support/returns-store.js';

const ADMIN_SCHEMA_FILE = new URL('./fixtures/shopify-admin-schema-2026-04.introspection.json.gz', import.meta.url);
const admin = buildClientSchema((JSON.parse(gunzipSync(readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as { data: IntrospectionQuery }).data);
const sandbox = buildSandboxSchema();
const documents = Object.entries(RETURN_DOCUMENTS);

describe('the sandbox returns tests’ documents', () => {
  it.each(documents)('%s is valid against Shopify’s real 2026-04 Admin schema', (_name, source) => {
    expect(validate(admin, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it.each(documents)('%s is valid against the sandbox store’s schema', (_name, source) => {
    expect(validate(sandbox, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it('the check would catch a field the real Return does not have', () => {
    const errors = validate(admin, parse('query ($id: ID!) { return(id: $id) { id receivedQuantity } }'));
    expect(errors.map((e) => e.message).join()).toMatch(/receivedQuantity/);
  });
});
