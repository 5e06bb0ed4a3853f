// The repository stands alone: no tracked file (code, tests, scripts, configs, fixtures) points at a
// file outside the checkout. A fresh clone beside nothing else must build and test exactly as here.
// Markdown docs may explain where vendored material came from; everything else is scanned.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A line carrying this marker (with a reason) is exempt, for the rare string that only looks like a path. */
const ALLOW_MARK = 'stands-alone: allow';

/** Directories never scanned by the fallback walk (git already leaves them out as ignored). */
const WALK_SKIP = new Set(['node_modules', '.git', 'cdk.out', 'dist', 'coverage', '.local']);

const BINARY_EXTENSIONS = /\.(gz|tgz|zip|png|jpe?g|gif|ico|webp|pdf|woff2?|ttf|eot|wasm|jar|bin)$/i;

/** Machine-specific absolute locations: these top-level directories (also as file URLs) and a user's home. */
const OUTSIDE_TOP_DIRS = ['work', 'home', 'Users', 'root', 'tmp'];
const ABSOLUTE = new RegExp(
  [
    String.raw`(?<![\w.~-])(?:file:\/\/)?\/(?:${OUTSIDE_TOP_DIRS.join('|')})\/[^\s'"\x60),;]*`,
    String.raw`(?<![\w.~\/-])~\/[^\s'"\x60),;]*`,
    String.raw`\$\{?HOME\}?\/[^\s'"\x60),;]*`,
  ].join('|'),
  'g',
);

/** A run of path characters; the ones with a `..` segment are resolved against the file's directory. */
const PATH_TOKEN = /[\w.@*+~%/-]+/g;
/** `resolve(dir, '..', '..', '..')`-style climbs, written as separate arguments. */
const DOTDOT_ARGS = /(['"\x60])\.\.\1(?:\s*,\s*(['"\x60])\.\.\2)*/g;

interface Finding {
  file: string;
  line: number;
  text: string;
  reason: string;
}

/** Where `relative`, taken from the repo-relative directory `dir`, lands; null if above the root. */
function landing(dir: string, relative: string): string | null {
  const target = posix.normalize(posix.join(dir, relative));
  return target === '..' || target.startsWith('../') ? null : target;
}

function checkRelative(dir: string, token: string, exists: (repoPath: string) => boolean): string | null {
  const segments = token.split('/');
  if (!segments.includes('..') || token.startsWith('/')) return null;
  if (landing(dir, token) === null) return `climbs above the repository root from ${dir}/`;
  // A climb into `shared` is fine where it names an in-repo directory (functions/shared), not a sibling checkout.
  for (let i = 1; i < segments.length; i += 1) {
    if (segments[i] !== 'shared' || segments[i - 1] !== '..') continue;
    const shared = landing(dir, segments.slice(0, i + 1).join('/'));
    if (shared === null || !exists(shared)) return `names a shared directory that is not in the repository (${shared ?? 'above the root'})`;
  }
  return null;
}

/** The findings in one file's text; `file` is repo-relative with forward slashes. */
function scanText(file: string, text: string, exists: (repoPath: string) => boolean = () => true): Finding[] {
  const dir = posix.dirname(file);
  const findings: Finding[] = [];
  text.split(/\r?\n/).forEach((content, index) => {
    if (content.includes(ALLOW_MARK)) return;
    const seen = new Set<string>();
    const report = (offending: string, reason: string) => {
      if (seen.has(offending)) return;
      seen.add(offending);
      findings.push({ file, line: index + 1, text: offending, reason });
    };
    for (const match of content.matchAll(ABSOLUTE)) report(match[0], 'absolute path outside the repository');
    for (const match of content.matchAll(PATH_TOKEN)) {
      const reason = checkRelative(dir, match[0], exists);
      if (reason) report(match[0], reason);
    }
    for (const match of content.matchAll(DOTDOT_ARGS)) {
      const steps = (match[0].match(/\.\./g) ?? []).length;
      if (steps > 1 && landing(dir, Array(steps).fill('..').join('/')) === null) report(match[0], `climbs above the repository root from ${dir}/`);
    }
  });
  return findings;
}

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) return WALK_SKIP.has(entry.name) ? [] : walk(join(dir, entry.name), `${relative}/`);
    return entry.isFile() ? [relative] : [];
  });
}

/** Tracked files plus new, not-ignored ones, so a file is checked before its first commit; without git, a walk. */
function repositoryFiles(): string[] {
  let listed: string[];
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    listed = walk(ROOT);
  }
  return [...new Set(listed)].filter((file) => existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile()).sort();
}

function isScanned(file: string): boolean {
  const name = posix.basename(file);
  return name !== 'package-lock.json' && !/\.(md|markdown)$/i.test(name) && !BINARY_EXTENSIONS.test(name);
}

function textOf(file: string): string | null {
  const bytes = readFileSync(join(ROOT, file));
  return bytes.subarray(0, 8192).includes(0) ? null : bytes.toString('utf8');
}

describe('the repository stands alone', () => {
  const files = repositoryFiles();
  const scanned = files.filter(isScanned);

  it('scans the code, tests, fixtures, CI script, npm scripts and CDK config', () => {
    expect(scanned).toEqual(
      expect.arrayContaining(['.ci/run', 'package.json', 'cdk.json', 'tsconfig.json', 'vitest.config.ts', 'test/unit/repo/stands-alone.test.ts']),
    );
    expect(scanned).not.toContain('package-lock.json');
    expect(scanned.length).toBeGreaterThan(50);
  });

  it('no file outside the Markdown docs refers to a location outside the repository', () => {
    const exists = (repoPath: string) => existsSync(join(ROOT, repoPath));
    const findings = scanned.flatMap((file) => {
      const text = textOf(file);
      return text === null ? [] : scanText(file, text, exists);
    });
    const report = findings.map((f) => `${f.file}:${f.line}: ${f.text}  (${f.reason})`).join('\n');
    expect(report, `files that read outside the repository:\n${report}`).toBe('');
  });
});

describe('the stands-alone scan', () => {
  // Outside locations are assembled from segments here, so this file does not contain them as text.
  const path = (...segments: string[]) => segments.join(String.fromCharCode(47));
  const shared = path('', 'work', 'shared', 'reference', 'shopify', 'schema.json.gz');
  const up = '..';
  const lines = (file: string, text: string) =>
    scanText(file, text, (path) => ['functions/shared', 'local/sandbox'].some((d) => path === d || path.startsWith(`${d}/`)));

  it('catches absolute paths into machine directories, home directories and file URLs', () => {
    expect(lines('test/unit/mcp/a.test.ts', `readFileSync('${shared}')`)).toEqual([
      { file: 'test/unit/mcp/a.test.ts', line: 1, text: shared, reason: 'absolute path outside the repository' },
    ]);
    for (const top of OUTSIDE_TOP_DIRS)
      expect(lines('a.ts', `x\nconst p = "/${top}/me/data.json";`)).toMatchObject([{ line: 2, text: `/${top}/me/data.json` }]);
    expect(lines('a.ts', `new URL('file://${shared}')`)).toHaveLength(1);
    expect(lines('.ci/run', 'cp ~' + '/.aws/credentials .')).toHaveLength(1);
    expect(lines('.ci/run', 'cat $' + '{HOME}/notes')).toHaveLength(1);
  });

  it('catches relative paths that climb above the root, in code, npm scripts and shell', () => {
    const up4 = '../'.repeat(4);
    expect(lines('test/unit/mcp/a.test.ts', `new URL('${up4}outside/x.json', import.meta.url)`)).toMatchObject([{ text: `${up4}outside/x.json` }]);
    expect(lines('package.json', `"bench": "tsx ${up}/shared/bench.ts"`)).toHaveLength(1);
    expect(lines('cdk.json', `"app": "npx tsx ${up}/infra/app.ts"`)).toHaveLength(1);
    expect(lines('.ci/run', `cd ${up}/${up}`)).toHaveLength(1);
    const args = (n: number) => `resolve(import.meta.dirname, ${Array(n).fill("'..'").join(', ')})`;
    expect(lines('test/unit/infra/synth.ts', args(4))).toHaveLength(1);
    expect(lines('test/unit/infra/synth.ts', args(3))).toEqual([]);
  });

  it('catches a sibling shared checkout even where the climb stays inside the tree', () => {
    const sibling = path(up, 'shared', 'reference', 'x.json');
    expect(lines('test/unit/mcp/a.test.ts', `readFileSync('${sibling}')`)).toMatchObject([{ text: sibling }]);
    expect(lines('test/unit/mcp/a.test.ts', `readFileSync('${up}/${up}/${up}/${up}/shared/x.json')`)).toHaveLength(1);
  });

  it('leaves in-repo relative paths, URLs, spreads and marked lines alone', () => {
    expect(lines('functions/composition/lambdas/refund.ts', `import { createStepDeps } from '${up}/${up}/shared/step/deps.js';`)).toEqual([]);
    expect(lines('test/unit/mcp/fixture.test.ts', "new URL('../../../local/sandbox/store-fixture.schema.json', import.meta.url)")).toEqual([]);
    expect(lines('.ci/run', 'cd "$(dirname "$0")/.."')).toEqual([]);
    expect(lines('a.ts', `fetch('${path('https:', '', 'example.com', 'home', 'x')}'); const all = [...rest, ...more];`)).toEqual([]);
    expect(lines('a.ts', `const p = '${shared}'; // ${ALLOW_MARK}: a string that is never read`)).toEqual([]);
  });
});
