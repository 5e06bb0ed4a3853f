// The sandbox store's schema is a subset of Shopify's real Admin schema (2026-04, vendored in
// test/unit/mcp/fixtures/): every type it declares exists there, every field with the same type and
// arguments of the same types, every enum value and union member too. So a document that runs against
// the sandbox asks nothing Shopify would refuse, and its money fields mean what Shopify's do.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type IntrospectionQuery,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSandboxSchema } from '#local/sandbox/store/schema.js';

const ADMIN_SCHEMA_FILE = new URL('../../unit/mcp/fixtures/shopify-admin-schema-2026-04.introspection.json.gz', import.meta.url);
const admin = buildClientSchema((JSON.parse(gunzipSync(readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as { data: IntrospectionQuery }).data);

/** What a type declares, as comparable strings: `Type.field(arg: T): T`, `Enum.VALUE`, `Union = Member`. */
function declared(type: GraphQLNamedType): string[] {
  if (isObjectType(type) || isInterfaceType(type)) {
    return Object.values(type.getFields()).flatMap((f) => [
      `${type.name}.${f.name}: ${String(f.type)}`,
      ...f.args.map((a) => `${type.name}.${f.name}(${a.name}: ${String(a.type)})`),
    ]);
  }
  if (isInputObjectType(type)) return Object.values(type.getFields()).map((f) => `${type.name}.${f.name}: ${String(f.type)}`);
  if (isEnumType(type)) return type.getValues().map((v) => `${type.name}.${v.name}`);
  if (isUnionType(type)) return type.getTypes().map((t) => `${type.name} = ${t.name}`);
  return [type.name];
}

describe('sandbox store schema', () => {
  it('declares only what Shopify’s 2026-04 Admin schema has, with the same types', () => {
    const types = Object.values(buildSandboxSchema().getTypeMap()).filter((t) => !t.name.startsWith('__'));
    const missing = types.flatMap((t) => {
      const real = admin.getType(t.name);
      if (!real) return [`type ${t.name}`];
      const known = new Set(declared(real));
      return declared(t).filter((d) => !known.has(d));
    });
    expect(missing).toEqual([]);
  });

  it('serves the money fields the refund agent reads', () => {
    const fields = (name: string) => {
      const type = buildSandboxSchema().getType(name);
      return isObjectType(type) ? Object.keys(type.getFields()) : [];
    };
    expect(fields('Order')).toEqual(
      expect.arrayContaining(['taxesIncluded', 'totalTipReceivedSet', 'shippingLines', 'currentTotalDutiesSet', 'totalDiscountsSet', 'totalTaxSet']),
    );
    expect(fields('LineItem')).toEqual(
      expect.arrayContaining(['taxable', 'discountAllocations', 'taxLines', 'duties', 'discountedUnitPriceAfterAllDiscountsSet']),
    );
    expect(fields('SuggestedRefund')).toEqual(expect.arrayContaining(['shipping', 'totalDutiesSet', 'refundDuties']));
    expect(fields('Refund')).toEqual(expect.arrayContaining(['refundShippingLines', 'duties']));
  });
});
