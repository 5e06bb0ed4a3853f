// docs/policy.md is the policy the code's comments cite, and it says what the code does: its table of
// numbers is the default policy document field by field, every section a comment cites by name
// exists, and nothing cites a policy file the repository does not hold.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_DOCUMENT } from '#harness/policy/document.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'policy.md'), 'utf8');
const tracked = (): string[] => execFileSync('git', ['ls-files', '*.ts', '*.md'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** `| \`field\` | value | meaning |` rows of the numbers table, by field. */
function numbersTable(doc: string): Map<string, string> {
  const section = doc.slice(doc.indexOf('## The numbers'), doc.indexOf('\n## ', doc.indexOf('## The numbers') + 1));
  const rows = new Map<string, string>();
  for (const match of section.matchAll(/^\|\s*`([\w.]+)`\s*\|([^|]+)\|/gm)) rows.set(match[1]!, match[2]!.trim());
  return rows;
}

/** How the page writes a default: lists comma-separated, null as none. */
const written = (value: unknown): string => (value === null ? 'none' : Array.isArray(value) ? value.join(', ') : String(value));

describe('docs/policy.md', () => {
  it('lists every number and switch of the default policy with its value, and nothing else', () => {
    const rows = numbersTable(DOC);
    // A group of settings (returns) is listed setting by setting: `returns.feeMinor`.
    const defaults = Object.entries(DEFAULT_POLICY_DOCUMENT).flatMap(([field, value]): [string, unknown][] =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value).map(([key, inner]) => [`${field}.${key}`, inner])
        : [[field, value]],
    );
    const fields = defaults.map(([field]) => field).filter((field) => field !== 'version');

    expect([...rows.keys()].sort()).toEqual(fields.sort());
    for (const [field, value] of defaults) if (field !== 'version') expect(rows.get(field), field).toBe(written(value));
  });

  it('would notice a default changed in the code', () => {
    const changed = DOC.replace(/(\|\s*`autoRefundLimitMinor`\s*\|\s*)5000/, '$17500');
    expect(numbersTable(changed).get('autoRefundLimitMinor')).not.toBe(written(DEFAULT_POLICY_DOCUMENT.autoRefundLimitMinor));
  });

  it('has every section the code and docs cite by name', () => {
    const headings = [...DOC.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    const cited = new Set<string>();
    for (const file of tracked()) {
      // A citation may wrap onto the next comment line.
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ');
      for (const match of text.matchAll(/docs\/policy\.md(?:'s)? "([^"]+)"/g)) cited.add(match[1]!);
    }

    expect(cited.size).toBeGreaterThan(0);
    for (const name of cited)
      expect(
        headings.some((heading) => heading.startsWith(name)),
        name,
      ).toBe(true);
  });

  it('is the only policy file cited: no file points at the upper-case policy file the repository does not hold', () => {
    const citing = tracked().filter((file) => readFileSync(join(ROOT, file), 'utf8').includes('POLICY' + '.md'));
    expect(citing).toEqual([]);
  });
});
