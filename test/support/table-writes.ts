// Every write the local runtime's handlers make to the table, with the function that made it: a
// middleware on the runtime's DynamoDB client reads the request (as DynamoDB would for its IAM
// condition keys) and local/invoking-function.ts says whose handler is running. Used by the
// row-access test to check each write against that function's synthesized grant.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { invokingFunction } from '#local/invoking-function.js';
import { STATE_FUNCTIONS, type FunctionName } from '../../infra/lib/functions.js';

export type TableWrite = {
  fn: FunctionName | 'unattributed';
  /** The IAM action, e.g. dynamodb:PutItem. */
  action: string;
  /** dynamodb:LeadingKeys: the partition key of the item written. */
  leadingKey: string;
  /** dynamodb:Attributes: the top-level attribute names the request names (key, item, update and condition expressions). */
  attributes: string[];
  /** dynamodb:ReturnValues (NONE when the request leaves it out). */
  returnValues: string;
};

const WRITES: Record<string, string> = {
  PutItemCommand: 'dynamodb:PutItem',
  UpdateItemCommand: 'dynamodb:UpdateItem',
  DeleteItemCommand: 'dynamodb:DeleteItem',
};
/** Words of DynamoDB's expression grammar that are not attribute names. */
const GRAMMAR = new Set(
  ['SET', 'REMOVE', 'ADD', 'DELETE', 'AND', 'OR', 'NOT', 'IN', 'BETWEEN']
    .concat(['attribute_exists', 'attribute_not_exists', 'attribute_type', 'begins_with', 'contains', 'size', 'if_not_exists', 'list_append'])
    .map((word) => word.toLowerCase()),
);

/** The top-level attribute names an expression reads or writes: each path's first element, #aliases resolved. */
export function expressionAttributes(expression: string | undefined, names: Record<string, string> = {}): string[] {
  if (!expression) return [];
  const paths = expression.replace(/:[A-Za-z0-9_]+/g, ' ').match(/[#A-Za-z_][#A-Za-z0-9_]*(\.[#A-Za-z0-9_]+|\[\d+\])*/g) ?? [];
  return paths
    .map((path) => path.split(/[.[]/)[0]!)
    .filter((head) => !GRAMMAR.has(head.toLowerCase()))
    .map((head) => (head.startsWith('#') ? (names[head] ?? head) : head));
}

/** A marshalled (or plain) key value as a string. */
const stringOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'S' in value ? String((value as { S: unknown }).S) : String(value);

type WriteInput = {
  Key?: Record<string, unknown>;
  Item?: Record<string, unknown>;
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ReturnValues?: string;
};

/** The IAM condition keys of one write request, as DynamoDB derives them from its parameters. */
export function conditionKeysOf(input: WriteInput): Pick<TableWrite, 'leadingKey' | 'attributes' | 'returnValues'> {
  const item = input.Item ?? input.Key ?? {};
  const names = input.ExpressionAttributeNames ?? {};
  const attributes = new Set([
    ...Object.keys(item),
    ...expressionAttributes(input.UpdateExpression, names),
    ...expressionAttributes(input.ConditionExpression, names),
  ]);
  return { leadingKey: stringOf(item.pk), attributes: [...attributes].sort(), returnValues: input.ReturnValues ?? 'NONE' };
}

const functionOf = (label: string | undefined): TableWrite['fn'] => {
  if (!label) return 'unattributed';
  return (STATE_FUNCTIONS as Record<string, FunctionName>)[label] ?? (label as FunctionName);
};

/** Records into `writes` the writes sent through `client` (and the document client built on it) from now on. */
export function recordTableWrites(client: DynamoDBClient, writes: TableWrite[] = []): TableWrite[] {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const action = WRITES[context.commandName ?? ''];
      if (action) writes.push({ fn: functionOf(invokingFunction()), action, ...conditionKeysOf(args.input as WriteInput) });
      return next(args);
    },
    { step: 'build', name: 'recordTableWrites' },
  );
  return writes;
}
