// Every document the Shopify adapter sends must be valid against the real Admin schema (2026-04, the
// introspection Shopify ships in @shopify/dev-mcp 1.16.0, see fixtures/README.md) and against the
// sandbox store's schema. The schema's own facts that issue #23 builds on are asserted here too.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  assertValidSchema,
  buildClientSchema,
  DirectiveLocation,
  getNamedType,
  getNullableType,
  GraphQLList,
  GraphQLSchema,
  isCompositeType,
  isInputObjectType,
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

/** The pinned 2026-04 Admin introspection, gzip-compressed, as `{ "data": { "__schema": … } }`. */
const ADMIN_SCHEMA_FILE = new URL('./fixtures/shopify-admin-schema-2026-04.introspection.json.gz', import.meta.url);

function realAdminSchema(): GraphQLSchema {
  const raw = gunzipSync(readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8');
  const json = JSON.parse(raw) as { data: IntrospectionQuery };
  return buildClientSchema(json.data);
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

  it('the real schema is a valid schema as Shopify ships it, with no hand-made additions', () => {
    expect(() => assertValidSchema(admin)).not.toThrow();
    expect(
      admin
        .getDirectives()
        .map((d) => d.name)
        .sort(),
    ).toEqual(['deprecated', 'idempotent', 'include', 'oneOf', 'skip', 'specifiedBy']);
  });
});

describe('Shopify Admin 2026-04: what issue #23 builds on', () => {
  const admin = realAdminSchema();
  const mutation = (name: string) => admin.getMutationType()?.getFields()[name];
  const errorsOf = (source: string) => validate(admin, parse(source)).map((e) => e.message);

  it('the vendored file is the one its provenance names (package file sha256 in fixtures/README.md)', () => {
    const readme = readFileSync(new URL('./fixtures/README.md', import.meta.url), 'utf8');
    const recorded = /file sha256[^`]*`([0-9a-f]{64})`/.exec(readme)?.[1];
    expect(recorded).toBeDefined();
    expect(createHash('sha256').update(readFileSync(ADMIN_SCHEMA_FILE)).digest('hex')).toBe(recorded);
    expect(readme).toMatch(/@shopify\/dev-mcp`, version `1\.16\.0`/);
  });

  it('Shopify defines @idempotent(key: String!) on fields itself', () => {
    const idempotent = admin.getDirective('idempotent');
    expect(idempotent?.locations).toEqual([DirectiveLocation.FIELD]);
    expect(idempotent?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['key: String!']);
    expect(errorsOf('mutation { refundCreate(input: { orderId: "gid://shopify/Order/1" }) @idempotent(key: 42) { refund { id } } }').join()).toMatch(/String/);
  });

  it('refundCreate documents that the @idempotent key is required from 2026-04', () => {
    expect(mutation('refundCreate')?.description).toMatch(
      /As of 2026-04, the idempotency key is required and must be provided using the `@idempotent` directive/,
    );
  });

  it('refundCreate takes refundMethods with a store credit amount, a currency and several transactions', () => {
    const source = `mutation ($orderId: ID!, $key: String!) {
      refundCreate(input: {
        orderId: $orderId, currency: EUR, notify: false,
        refundMethods: [{ storeCreditRefund: { amount: { amount: "12.50", currencyCode: EUR } } }]
        transactions: [
          { orderId: $orderId, parentId: "gid://shopify/OrderTransaction/1", gateway: "gift_card", kind: REFUND, amount: "5.00" }
          { orderId: $orderId, parentId: "gid://shopify/OrderTransaction/2", gateway: "shopify_payments", kind: REFUND, amount: "7.50" }
        ]
      }) @idempotent(key: $key) { refund { id totalRefundedSet { shopMoney { amount } presentmentMoney { amount currencyCode } } } userErrors { field message } }
    }`;
    expect(errorsOf(source)).toEqual([]);
  });

  it('orderCancel takes a one-of OrderCancelRefundMethodInput and answers with a job to poll', () => {
    const refundMethod = admin.getType('OrderCancelRefundMethodInput');
    expect(isInputObjectType(refundMethod) && refundMethod.isOneOf).toBe(true);
    expect(isInputObjectType(refundMethod) ? Object.keys(refundMethod.getFields()).sort() : []).toEqual(['originalPaymentMethodsRefund', 'storeCreditRefund']);
    const source = `mutation ($orderId: ID!) {
      orderCancel(orderId: $orderId, reason: CUSTOMER, restock: true, notifyCustomer: true, refundMethod: { originalPaymentMethodsRefund: true }) {
        job { id done } orderCancelUserErrors { field message code } userErrors { field message }
      }
    }`;
    expect(errorsOf(source)).toEqual([]);
    expect(errorsOf('query ($id: ID!) { job(id: $id) { id done } order(id: $id) { cancelledAt } }')).toEqual([]);
    expect(
      errorsOf(
        'mutation { orderCancel(orderId: "1", reason: CUSTOMER, restock: false, refundMethod: { originalPaymentMethodsRefund: true, storeCreditRefund: {} }) { job { id } } }',
      ).join(),
    ).toMatch(/exactly one key/);
  });

  it('orderCancel documents no idempotency key (so a retry reads the order first)', () => {
    expect(mutation('orderCancel')?.description).toBeDefined();
    expect(mutation('orderCancel')?.description).not.toMatch(/idempoten/i);
  });

  it('suggestedRefund gives one transaction per gateway and parent, in both money sets', () => {
    const source = `query ($id: ID!, $lines: [RefundLineItemInput!]) {
      order(id: $id) {
        presentmentCurrencyCode
        suggestedRefund(refundLineItems: $lines, refundShipping: false) {
          amountSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
          suggestedTransactions { gateway kind parentTransaction { id } amountSet { presentmentMoney { amount currencyCode } } maximumRefundableSet { shopMoney { amount } } }
        }
      }
    }`;
    expect(errorsOf(source)).toEqual([]);
  });

  it('returnProcess exists, taking a ReturnProcessInput', () => {
    expect(mutation('returnProcess')?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['input: ReturnProcessInput!']);
  });

  it('the return mutations document no idempotency key (so the returns tools are sent once and settled from get_returns)', () => {
    for (const name of ['returnCreate', 'returnProcess', 'returnClose', 'returnCancel']) {
      expect(mutation(name)?.description, name).toBeDefined();
      expect(mutation(name)?.description, name).not.toMatch(/idempoten/i);
    }
  });

  it('the returns documents are among those validated, returnCancel telling the customer nothing', () => {
    for (const name of [
      'ORDER_RETURNS_PAGE',
      'RETURN_BY_ID',
      'RETURN_BASIS',
      'EXCHANGE_VARIANT',
      'RETURN_CREATE',
      'RETURN_PROCESS',
      'RETURN_CLOSE',
      'RETURN_CANCEL',
    ]) {
      expect(Object.keys(SHOPIFY_DOCUMENTS), name).toContain(name);
    }
    expect(SHOPIFY_DOCUMENTS.RETURN_PROCESS).toMatch(/returnProcess\(input: \$input\)/);
    expect(SHOPIFY_DOCUMENTS.RETURN_CANCEL).toMatch(/returnCancel\(id: \$id, notifyCustomer: false\)/);
  });
});
