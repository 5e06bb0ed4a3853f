// The import graph between the top-level folders points only downward:
//   local, eval, bench → infra → functions → harness → shared, and mcp-lambda → shared
// so the two deployables (functions/ with the harness, mcp-lambda/) share only shared/ and never
// import each other. Every .ts file's imports (static, type-only, re-exports and dynamic import(),
// through a package.json `#alias/` or a relative path) are resolved to the folder they land in; an
// arrow not in ALLOWED fails, named by file and specifier. Parsed with ts.preProcessFile, so
// comments and strings never count. A new top-level folder fails until it has a row.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ROOT_FILES = '(root)';

/** Which folders each folder may import from (its own files always). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  harness: ['shared'],
  'mcp-lambda': ['shared'],
  functions: ['harness', 'shared'],
  // infra deploys both: it names mcp-lambda's entry by path, and imports only its configuration (below).
  infra: ['functions', 'harness', 'shared'],
  local: ['infra', 'functions', 'harness', 'mcp-lambda', 'shared', 'state-machine', 'eval', 'bench'],
  eval: ['local', 'infra', 'functions', 'harness', 'mcp-lambda', 'shared', 'state-machine', 'bench'],
  bench: ['local', 'infra', 'functions', 'harness', 'mcp-lambda', 'shared', 'state-machine', 'eval'],
  test: ['local', 'infra', 'functions', 'harness', 'mcp-lambda', 'shared', 'state-machine', 'eval', 'bench'],
  [ROOT_FILES]: ['local', 'infra', 'functions', 'harness', 'mcp-lambda', 'shared', 'state-machine', 'eval', 'bench'],
};

/**
 * Single files a folder may import beyond its row: the MCP server's configuration edge, whose
 * secret fields infra files in the tenant's secrets (infra/lib/secrets.ts).
 */
const ALLOWED_FILES: Readonly<Record<string, readonly string[]>> = {
  infra: ['mcp-lambda/config.ts'],
};

const SKIP_DIRS = new Set(['node_modules', 'cdk.out', 'dist', 'coverage']);

/** package.json "imports" as prefix → folder: `#shared/` → `shared/`. */
function aliases(): Array<[string, string]> {
  const imports = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports;
  return Object.entries(imports).map(([from, to]) => [from.replace(/\*$/, ''), posix.normalize(to.replace(/\*$/, ''))]);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.isFile() && /\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

/** The repo-relative path a specifier lands on, or null for a package import. */
function resolveSpecifier(file: string, specifier: string, prefixes: Array<[string, string]>): string | null {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), specifier));
  const alias = prefixes.find(([prefix]) => specifier.startsWith(prefix));
  return alias ? alias[1] + specifier.slice(alias[0].length) : null;
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : ROOT_FILES);

interface Arrow {
  file: string;
  specifier: string;
  from: string;
  to: string;
  target: string;
}

/** Every import of one file's text that leaves its folder. `file` is repo-relative with forward slashes. */
function arrowsOf(file: string, text: string, prefixes: Array<[string, string]>): Arrow[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName: specifier }) => {
    const target = resolveSpecifier(file, specifier, prefixes);
    if (target === null) return [];
    const from = folderOf(file);
    const to = folderOf(target);
    return from === to ? [] : [{ file, specifier, from, to, target: target.replace(/\.js$/, '.ts') }];
  });
}

const allowed = (arrow: Arrow) => (ALLOWED[arrow.from] ?? []).includes(arrow.to) || (ALLOWED_FILES[arrow.from] ?? []).includes(arrow.target);

describe('the import graph between top-level folders', () => {
  const prefixes = aliases();
  const files = tsFiles(ROOT).map((path) => relative(ROOT, path).split(sep).join('/'));
  const arrows = files.flatMap((file) => arrowsOf(file, readFileSync(join(ROOT, file), 'utf8'), prefixes));

  it('has a row for every folder that holds TypeScript', () => {
    expect([...new Set(files.map(folderOf))].filter((folder) => !(folder in ALLOWED))).toEqual([]);
  });

  it('points only downward: no arrow a folder is not allowed', () => {
    const wrong = arrows.filter((arrow) => !allowed(arrow)).map((a) => `${a.file} imports '${a.specifier}' (${a.from} → ${a.to})`);
    expect(wrong).toEqual([]);
  });

  it('lists only single-file exceptions still in use', () => {
    const unused = Object.entries(ALLOWED_FILES).flatMap(([from, targets]) =>
      targets.filter((target) => !arrows.some((a) => a.from === from && a.target === target)).map((target) => `${from} → ${target}`),
    );
    expect(unused).toEqual([]);
  });

  it('keeps functions and mcp-lambda apart, and mcp-lambda out of the harness', () => {
    const crossing = arrows.filter(
      (a) =>
        (a.from === 'functions' && a.to === 'mcp-lambda') ||
        (a.from === 'mcp-lambda' && a.to === 'functions') ||
        (a.from === 'mcp-lambda' && a.to === 'harness'),
    );
    expect(crossing.map((a) => `${a.file} imports '${a.specifier}'`)).toEqual([]);
    // The arrows the rule is about exist where they should: the scan reads the real tree.
    expect(arrows.some((a) => a.from === 'mcp-lambda' && a.to === 'shared')).toBe(true);
    expect(arrows.some((a) => a.from === 'functions' && a.to === 'harness')).toBe(true);
  });

  it('reads static, type-only, re-exported and dynamic imports, through an alias or a relative path', () => {
    const sample = [
      "import { a } from '#functions/a.js';",
      "import type { B } from '../../mcp-lambda/b.js';",
      "export { c } from '#local/c.js';",
      "import { h } from './h.js';",
      "const d = await import('#local/d.js');",
      "import { z } from 'zod';",
      "// import { e } from '#local/e.js';",
      'const f = "import(\'#local/f.js\')";',
    ].join('\n');
    const found = arrowsOf('harness/x/sample.ts', sample, prefixes).map((a) => `${a.to} ${a.specifier}`);
    expect(found).toEqual(['functions #functions/a.js', 'mcp-lambda ../../mcp-lambda/b.js', 'local #local/c.js', 'local #local/d.js']);
  });
});
