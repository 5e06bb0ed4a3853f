// Every document the Shopify adapter sends must be valid against the real Admin schema (2025-01,
// plus the @idempotent directive added in 2026-01) and against the sandbox store's schema.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  DirectiveLocation,
  getNamedType,
  getNullableType,
  GraphQLDirective,
  GraphQLList,
  GraphQLNonNull,
  GraphQLSchema,
  GraphQLString,
  isCompositeType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type IntrospectionQuery,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSandboxSchema } from '#local/sandbox/store/schema.js';
import { SHOPIFY_DOCUMENTS } from '#mcp/adapters/shopify/index.js';

function realAdminSchema(): GraphQLSchema {
  const raw = gunzipSync(readFileSync(new URL('./fixtures/shopify-admin-schema-2025-01.introspection.json.gz', import.meta.url))).toString('utf8');
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

/**
 * Shopify's requested (worst-case) query cost, as its rate-limit page describes it: objects 1,
 * scalars 0, a connection 2 plus `first` times its node's cost, a list with `first` that many times.
 */
function requestedCost(schema: GraphQLSchema, document: DocumentNode): number {
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const firstOf = (args: readonly { name: { value: string }; value: { kind: string; value?: string } }[] | undefined, variables: Record<string, number>) => {
    const arg = args?.find((a) => a.name.value === 'first');
    if (!arg) return 1;
    if (arg.value.kind === Kind.INT) return Number(arg.value.value);
    return variables[(arg.value as unknown as { name: { value: string } }).name.value] ?? 250;
  };
  function selectionCost(type: GraphQLCompositeType, set: SelectionSetNode, variables: Record<string, number>): number {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(sel.name.value);
        if (fragment) total += selectionCost(type, fragment.selectionSet, variables);
        continue;
      }
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        total += selectionCost(type, sel.selectionSet, variables);
        continue;
      }
      if (!isObjectType(type) || !sel.selectionSet) continue;
      const field = type.getFields()[sel.name.value];
      if (!field) continue;
      const named = getNamedType(field.type);
      if (!isCompositeType(named)) continue;
      const first = firstOf(sel.arguments as never, variables);
      const inner = selectionCost(named, sel.selectionSet, variables);
      if (named.name.endsWith('Connection')) total += 2 + first * Math.max(1, inner - 1);
      else if (getNullableType(field.type) instanceof GraphQLList) total += first * (1 + inner);
      else total += 1 + inner;
    }
    return total;
  }
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operation?.kind !== Kind.OPERATION_DEFINITION) return 0;
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const defaults = Object.fromEntries(
    (operation.variableDefinitions ?? []).flatMap((v) => (v.defaultValue?.kind === Kind.INT ? [[v.variable.name.value, Number(v.defaultValue.value)]] : [])),
  );
  return root ? selectionCost(root, operation.selectionSet, defaults) + (operation.operation === 'mutation' ? 10 : 0) : 0;
}

describe('Shopify documents', () => {
  const admin = realAdminSchema();
  const sandbox = buildSandboxSchema();

  it.each(documents)('%s is valid against the real Admin schema', (_name, source) => {
    expect(validate(admin, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it.each(documents)('%s is valid against the sandbox store schema', (_name, source) => {
    expect(validate(sandbox, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it.each(documents)('%s stays under the 1000-point single-query cost limit', (_name, source) => {
    expect(requestedCost(admin, parse(source))).toBeLessThanOrEqual(1000);
  });

  it('the cost estimate would catch a document that asks for too much', () => {
    const greedy = parse('{ orders(first: 50) { nodes { refunds(first: 50) { refundLineItems(first: 100) { nodes { id } } } } } }');
    expect(requestedCost(admin, greedy)).toBeGreaterThan(1000);
  });

  it('the real schema check would catch a field Shopify does not have', () => {
    const errors = validate(admin, parse('{ orders(first: 1) { nodes { id totalRefundable } } }'));
    expect(errors.map((e) => e.message).join()).toMatch(/totalRefundable/);
  });

  it('refundCreate always carries the @idempotent directive (mandatory from 2026-04)', () => {
    expect(SHOPIFY_DOCUMENTS.REFUND_CREATE).toMatch(/refundCreate\(input: \$input\) @idempotent\(key: \$idempotencyKey\)/);
  });
});
