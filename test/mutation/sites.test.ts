// The mutation run's own checks, in `npm test`: every safety rule the kernel raises is found as a
// mutant, each mutant still parses, each text mutant still names its text exactly once, and the
// tests picked for a mutant are those that can reach its file. `npm run mutate` runs the mutants.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SCAN_UNSUPPORTED_ANSWERED, TEXT_MUTANTS } from './boundaries.js';
import { allMutants } from './run.js';
import { importGraph, testsReaching } from './selection.js';
import { applyMutant, SAFETY_DIRS, scanFile } from './sites.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const safetyFiles = () =>
  SAFETY_DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`),
  );

const syntaxErrors = (file: string, text: string) =>
  (ts.transpileModule(text, { fileName: file, reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } }).diagnostics ?? []).length;

describe('the safety mutants', () => {
  const mutants = allMutants(ROOT);

  it('cover every rule the gate, the dispatch check, the approval and the money path raise', () => {
    const rules = new Set(mutants.map((m) => m.rule));
    for (const rule of [
      'amountOverAutoLimit',
      'tooManyRecentRefunds',
      'notFulfilled',
      'orderNotRequesters',
      'gateAmountMismatch',
      'approvalArgsMismatch',
      'approvalExpired',
      'idempotencyKeyReused',
      'maxRefundsPerRun',
      'toolNotAllowed',
      'quoteNotInCustomerText',
      'orderNotInCustomerText',
      'policyInvalid',
    ]) {
      expect(rules, rule).toContain(rule);
    }
    expect(mutants.length).toBeGreaterThan(100);
  });

  it('each still parses once applied (a syntax error would be a false kill)', () => {
    const broken = mutants.filter((m) => syntaxErrors(m.file, applyMutant(readFileSync(join(ROOT, m.file), 'utf8'), m)) > 0).map((m) => m.id);
    expect(broken).toEqual([]);
  });

  it('leaves no rule site without a mutant: the ones the scan cannot disable are answered by a text mutant', () => {
    const unsupported = safetyFiles().flatMap((file) => scanFile(ROOT, file).unsupported.map((where) => where.replace(/:\d+ /, ' ')));
    expect(unsupported.sort()).toEqual([...SCAN_UNSUPPORTED_ANSWERED].sort());
    for (const answered of SCAN_UNSUPPORTED_ANSWERED) {
      const [file, rule] = answered.split(' ');
      expect(
        TEXT_MUTANTS.some((m) => m.file === file && m.rule === rule),
        answered,
      ).toBe(true);
    }
  });

  it('moves each limit by one unit at one layer only', () => {
    const ids = TEXT_MUTANTS.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gate: automatic limit one cent higher', 'dispatch: automatic limit one cent higher']));
    expect(new Set(TEXT_MUTANTS.map((m) => m.file)).size).toBeGreaterThan(1);
  });
});

describe('finding rule sites in the syntax tree', () => {
  const sample = [
    "import { RULES } from './rules.js';",
    'export function check(a: number, found: { rule: string }[]) {',
    "  if (a > 1) refuse(RULES.amountOverAutoLimit, 'too much');",
    "  found.push({ rule: RULES.riskFlags, reason: 'flagged' });",
    '  if (a === 2) {',
    "    const error = new ArgumentPolicyError(RULES.approvalAlreadyUsed, 'spent');",
    '    throw error;',
    '  }',
    "  if (a < 0) return [{ rule: RULES.giftCardLine, reason: 'x' }];",
    '  return found.some((f) => f.rule === RULES.notFulfilled);',
    '}',
  ].join('\n');

  it('finds refusals, pushed and returned findings and errors built first, and skips comparisons', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mutation-sites-'));
    mkdirSync(join(dir, 'harness'), { recursive: true });
    writeFileSync(join(dir, 'harness/sample.ts'), sample);
    const { mutants, unsupported } = scanFile(dir, 'harness/sample.ts');
    expect(mutants.map((m) => [m.rule, m.replacement])).toEqual([
      ['amountOverAutoLimit', ';'],
      ['riskFlags', ';'],
      ['approvalAlreadyUsed', ';'],
      ['giftCardLine', 'return [];'],
    ]);
    expect(unsupported).toEqual([]);
    const first = applyMutant(sample, mutants[0]!);
    expect(first).toContain('if (a > 1) ;');
    expect(applyMutant(sample, mutants[2]!)).not.toContain('approvalAlreadyUsed');
  });
});

describe('the tests run for a mutant', () => {
  it('are those of the chosen tiers that reach the mutated file', () => {
    const graph = importGraph(ROOT);
    const tests = testsReaching(graph, 'harness/policy/refund-args.ts', ['unit']);
    expect(tests).toContain('test/unit/harness/limit-boundaries.test.ts');
    expect(tests).toContain('test/unit/harness/policy.test.ts');
    expect(tests.every((t) => t.startsWith('test/unit/'))).toBe(true);
    expect(testsReaching(graph, 'harness/policy/refund-args.ts', ['mutation'])).toEqual([]);
  });
});
