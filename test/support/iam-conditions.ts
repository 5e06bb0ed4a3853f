// A small evaluator of the IAM statements a role holds on the table, for the condition operators the
// row grants use (infra/lib/row-access.ts): ForAllValues:StringLike / StringEquals over multivalued
// keys, and Null. An operator it does not know fails the evaluation loudly rather than passing.
export type StatementJson = { Effect?: string; Action: string | string[]; Resource?: unknown; Condition?: Record<string, Record<string, string | string[]>> };
/** A request's condition keys: multivalued keys as arrays, absent keys left out. */
export type RequestContext = Record<string, string[]>;

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** IAM's StringLike: `*` any run of characters, `?` one character, everything else literal. */
export function stringLike(value: string, pattern: string): boolean {
  const regex = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${regex}$`, 's').test(value);
}

const MATCHERS: Record<string, (value: string, pattern: string) => boolean> = {
  StringLike: stringLike,
  StringEquals: (value, pattern) => value === pattern,
};

/** One operator block of a Condition: every key in it must hold. */
function holds(operator: string, block: Record<string, string | string[]>, context: RequestContext): boolean {
  return Object.entries(block).every(([key, expected]) => {
    const patterns = asList(expected);
    const values = context[key];
    if (operator === 'Null') return patterns.every((p) => (p === 'true' ? values === undefined : values !== undefined));
    const [qualifier, base] = operator.includes(':') ? operator.split(':') : [null, operator];
    const match = MATCHERS[base!];
    if (!match) throw new Error(`the evaluator does not know the operator ${operator}`);
    // ForAllValues: every value of the request matches some pattern (true when the request has none).
    if (qualifier === 'ForAllValues') return (values ?? []).every((v) => patterns.some((p) => match(v, p)));
    if (qualifier === 'ForAnyValue') return (values ?? []).some((v) => patterns.some((p) => match(v, p)));
    if (qualifier === null) return values !== undefined && values.length === 1 && patterns.some((p) => match(values[0]!, p));
    throw new Error(`the evaluator does not know the qualifier ${qualifier}`);
  });
}

/** Whether one statement allows `action` for a request with this context (its Resource is the caller's to check). */
export function allows(statement: StatementJson, action: string, context: RequestContext): boolean {
  if ((statement.Effect ?? 'Allow') !== 'Allow' || !asList(statement.Action).includes(action)) return false;
  return Object.entries(statement.Condition ?? {}).every(([operator, block]) => holds(operator, block, context));
}
