// Test tiers stand apart: a file under test/<tier>/ (unit, integration, suites, contract,
// conformance, e2e, browser) imports from its own tier and from test/support/ (helpers every tier
// shares), never from another tier's folder; test/support/ imports from no tier. Reads import
// specifiers (static, dynamic and re-exports) and resolves the relative ones.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TEST_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Folders of test/ that are not a tier: shared helpers, and data files any tier may read. */
const SHARED = new Set(['support', 'fixtures']);
/** The tiers: every other folder of test/. */
const TIERS = new Set(
  readdirSync(TEST_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SHARED.has(entry.name))
    .map((entry) => entry.name),
);

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(dir, path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder of test/ a test-relative path is in, or null when the path leaves test/. */
const folderOf = (path: string): string | null => (path.startsWith('../') || path === '..' ? null : path.split('/')[0]!);

/** The other tier a relative import of a file (test-relative path) reaches into, or null when it may. */
function tierReached(file: string, specifier: string): string | null {
  const from = folderOf(file);
  const to = folderOf(posix.normalize(posix.join(posix.dirname(file), specifier)));
  return to !== null && to !== from && TIERS.has(to) ? to : null;
}

/** Every relative import of a file under test/ that reaches into another tier. */
function crossTierImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(TEST_ROOT).filter((path) => path.includes('/'))) {
    for (const match of readFileSync(join(TEST_ROOT, file), 'utf8').matchAll(SPECIFIER)) {
      const tier = tierReached(file, match[2]!);
      if (tier) found.push(`test/${file} imports ${match[2]} (test/${tier}/)`);
    }
  }
  return found;
}

describe('test tiers', () => {
  it("imports no other tier's folder from any test file, and none from test/support/", () => {
    expect(crossTierImports()).toEqual([]);
  });

  it("tells another tier's folder from the file's own tier and test/support/", () => {
    expect(tierReached('integration/local/gateway.test.ts', '../../e2e/support.js')).toBe('e2e');
    expect(tierReached('support/world.ts', '../suites/support/dynamo.js')).toBe('suites');
    expect(tierReached('suites/crash-recovery.test.ts', './support/dynamo.js')).toBeNull();
    expect(tierReached('unit/functions/steps/gate.test.ts', '../../support/steps.js')).toBeNull();
    expect(tierReached('unit/infra/http-api.test.ts', '../../../infra/lib/http-api.js')).toBeNull();
  });
});
