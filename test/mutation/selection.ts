// Which test files can kill a mutant: those of the chosen tiers whose imports reach the mutated file,
// directly or through other files (static, type-only excluded by the compiler's own reading, dynamic
// and re-exports included). Resolves the package's `#alias/*` imports and relative paths, `.js` to `.ts`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

const SKIP = new Set(['node_modules', 'cdk.out', 'dist', 'coverage']);

function tsFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return tsFiles(root, path);
    return /\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

function aliases(root: string): Array<[string, string]> {
  const imports = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports;
  return Object.entries(imports).map(([from, to]) => [from.replace(/\*$/, ''), posix.normalize(to.replace(/\*$/, ''))]);
}

function resolve(root: string, file: string, specifier: string, prefixes: Array<[string, string]>): string | null {
  const alias = prefixes.find(([prefix]) => specifier.startsWith(prefix));
  let target: string;
  if (specifier.startsWith('.')) target = posix.normalize(posix.join(posix.dirname(file), specifier));
  else if (alias) target = alias[1] + specifier.slice(alias[0].length);
  else return null;
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, `${target}/index.ts`];
  return candidates.find((c) => existsSync(join(root, c))) ?? null;
}

/** Import graph of the repository: file → the repo files it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const prefixes = aliases(root);
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(root, '')) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.map(({ fileName }) => resolve(root, file, fileName, prefixes)).filter((t): t is string => t !== null),
    );
  }
  return graph;
}

/** The test files of `tiers` (folders of test/) that import `target`, however indirectly, sorted. */
export function testsReaching(graph: Map<string, string[]>, target: string, tiers: readonly string[]): string[] {
  const importers = new Map<string, string[]>();
  for (const [file, targets] of graph) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), file]);
  const reached = new Set([target]);
  const queue = [target];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop()!) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  return [...reached].filter((file) => file.endsWith('.test.ts') && tiers.some((tier) => file.startsWith(`test/${tier}/`))).sort();
}
