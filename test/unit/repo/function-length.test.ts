// No function in harness/ is longer than 60 lines: every function declaration, method, accessor,
// constructor, function expression and arrow function of every .ts file under harness/ is measured
// from its first line to its last (nested functions count in their parent's span too, so a factory
// that grows past 60 lines fails as well). Parsed with the TypeScript compiler API, so strings,
// comments and templates never confuse the count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HARNESS = join(ROOT, 'harness');
const MAX_LINES = 60;

/**
 * Known debt, as `path:name`: empty now that the DynamoDB adapters' factories only bind module-level
 * functions. Kept so a long function can be listed while it is being split; not a licence: the test
 * also fails when an entry no longer names a long function, so the list only shrinks.
 */
const ALLOWLIST: ReadonlySet<string> = new Set<string>();

interface LongFunction {
  where: string;
  lines: number;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** A readable name for a function: its own name, the variable or property it is assigned to, or its line. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `<anonymous at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}>`;
}

/** Every function in one file's text longer than MAX_LINES, named `path:name`. */
function longFunctionsIn(path: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) found.push({ where: `${path}:${nameOf(fn, source)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length in harness/', () => {
  const all = tsFiles(HARNESS).flatMap((file) => longFunctionsIn(relative(ROOT, file).split(sep).join('/'), readFileSync(file, 'utf8')));

  it(`has no function, method or arrow function over ${MAX_LINES} lines`, () => {
    const offenders = all.filter((f) => !ALLOWLIST.has(f.where)).map((f) => `${f.where} (${f.lines} lines)`);
    expect(offenders).toEqual([]);
  });

  it('allowlists only functions that are still too long', () => {
    const stillLong = new Set(all.map((f) => f.where));
    expect([...ALLOWLIST].filter((where) => !stillLong.has(where))).toEqual([]);
  });

  it('measures every kind of function from its first line to its last, nested ones inside their parent', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    const v${i} = ${i};`).join('\n');
    const sample = [
      `export const arrow = () => {\n${body(MAX_LINES - 2)}\n};`,
      `export function declared() {\n${body(MAX_LINES - 1)}\n}`,
      `export class Holder {\n  method() {\n${body(MAX_LINES)}\n  }\n}`,
      `export function factory() {\n  const inner = function () {\n${body(MAX_LINES - 4)}\n  };\n  return inner;\n}`,
    ].join('\n');
    const found = longFunctionsIn('sample.ts', sample).map((f) => `${f.where} ${f.lines}`);
    // The inner function is short; the factory around it is not.
    expect(found).toEqual([`sample.ts:declared ${MAX_LINES + 1}`, `sample.ts:method ${MAX_LINES + 2}`, `sample.ts:factory ${MAX_LINES + 1}`]);
  });
});
