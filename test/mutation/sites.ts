// The safety rules as mutants: every place in the kernel's policy and gateway code that raises a
// rule (a refusal thrown, a finding pushed or returned, a refusal journalled) becomes one mutant
// that removes exactly that place, found by reading the syntax tree, never by a hand-kept list, so
// a rule added tomorrow is mutated tomorrow. `npm run mutate` (run.ts) applies each in turn to a
// copy of the repository and runs the tests; sites.test.ts keeps the discovery honest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface Mutant {
  /** `<file>:<line> <rule>`: stable while the line does not move. */
  id: string;
  file: string;
  rule: string;
  line: number;
  /** Character offsets of the text replaced, in the file as read. */
  start: number;
  end: number;
  replacement: string;
  /** How the rule is disabled, in words. */
  how: string;
}

/**
 * Rule ids that record an allowed outcome or a fact, not a refusal or an approval requirement:
 * removing them disables no safety rule.
 */
export const NOT_SAFETY_RULES: ReadonlySet<string> = new Set([
  'autoWithinPolicy',
  'dispatchAllowed',
  'claimGrounded',
  'refundReconciled',
  'reviewRefundFound',
  'reviewRefundNotFound',
]);

/** The folders whose rule sites are mutated: the kernel's pure policy and its one path to the store. */
export const SAFETY_DIRS = ['harness/policy', 'harness/gateway'] as const;

const isRulesAccess = (node: ts.Node): node is ts.PropertyAccessExpression =>
  ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RULES';

/** A rule named where it is raised: an argument of a call or `new`, or the value of a `rule:` property. */
function raisesRule(access: ts.PropertyAccessExpression): boolean {
  const parent = access.parent;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.includes(access)) return true;
  return ts.isPropertyAssignment(parent) && parent.initializer === access && parent.name.getText() === 'rule';
}

/**
 * The statement that raises the rule. An error built into a variable first is raised by the `if`
 * that holds both (`if (!spent) { const error = …; await journalRefusal(error) }`).
 */
function enclosingStatement(node: ts.Node): ts.Statement | null {
  let current: ts.Node | undefined = node.parent;
  while (current && !ts.isSourceFile(current)) {
    if (ts.isExpressionStatement(current) || ts.isThrowStatement(current) || ts.isReturnStatement(current)) return current;
    if (ts.isVariableStatement(current)) {
      const block = current.parent;
      return ts.isBlock(block) && ts.isIfStatement(block.parent) && !block.parent.elseStatement ? block.parent : null;
    }
    if (ts.isFunctionLike(current) && !ts.isArrowFunction(current)) return null;
    current = current.parent;
  }
  return null;
}

/** A refusal outcome (`{ kind: 'refuse', … }`) disabled: the outcome the function gives when nothing is wrong. */
const ACCEPTING_OUTCOME: Readonly<Record<string, string>> = {
  // The order binding: no order bound at all, or the order the reading chose.
  severalOrdersUnbound: "return { kind: 'unnamed' };",
  orderNotInCustomerText: "return { kind: 'named', orderNumber: chosen, binding: 'named', otherNumbers: [] };",
  orderQuoteNotGrounded: "return { kind: 'named', orderNumber: chosen, binding: 'named', otherNumbers: [] };",
};
const LIST_METHODS = new Set(['map', 'filter', 'flatMap']);

/** What the statement becomes: nothing, or a return of "no findings" of the same shape. */
function disabledForm(statement: ts.Statement, rule: string): { replacement: string; how: string } | null {
  if (ts.isIfStatement(statement)) return { replacement: ';', how: 'the branch that raises it is removed' };
  if (!ts.isReturnStatement(statement)) return { replacement: ';', how: 'the statement that raises it is removed' };
  const value = statement.expression;
  if (!value) return null;
  if (ts.isArrayLiteralExpression(value)) return { replacement: 'return [];', how: 'returns no findings' };
  if (ts.isNewExpression(value) && value.expression.getText() === 'Map') return { replacement: 'return new Map();', how: 'returns no findings' };
  if (ts.isObjectLiteralExpression(value)) {
    const outcome = value.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'kind');
    if (!outcome) return { replacement: 'return null;', how: 'returns no finding' };
    return ACCEPTING_OUTCOME[rule] ? { replacement: ACCEPTING_OUTCOME[rule], how: 'returns the accepting outcome' } : null;
  }
  if (ts.isCallExpression(value) && ts.isPropertyAccessExpression(value.expression) && LIST_METHODS.has(value.expression.name.text)) {
    return { replacement: 'return [];', how: 'returns no findings' };
  }
  if (ts.isCallExpression(value) || ts.isAwaitExpression(value)) return { replacement: ';', how: 'the refusal it returns is skipped' };
  return null;
}

export interface SiteScan {
  mutants: Mutant[];
  /** Rule sites whose shape has no disabled form (named so a test can list them). */
  unsupported: string[];
}

/** Every rule-raising site of one file. `file` is repo-relative. */
export function scanFile(root: string, file: string): SiteScan {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const mutants: Mutant[] = [];
  const unsupported: string[] = [];
  const seen = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (isRulesAccess(node) && !NOT_SAFETY_RULES.has(node.name.text) && raisesRule(node)) {
      const statement = enclosingStatement(node);
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const form = statement ? disabledForm(statement, node.name.text) : null;
      const where = `${file}:${line} ${node.name.text}`;
      if (!statement || !form) unsupported.push(where);
      else if (!seen.has(statement.getStart(source))) {
        seen.add(statement.getStart(source));
        mutants.push({ id: where, file, rule: node.name.text, line, start: statement.getStart(source), end: statement.getEnd(), ...form });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { mutants, unsupported };
}

export const applyMutant = (text: string, mutant: Pick<Mutant, 'start' | 'end' | 'replacement'>): string =>
  text.slice(0, mutant.start) + mutant.replacement + text.slice(mutant.end);
