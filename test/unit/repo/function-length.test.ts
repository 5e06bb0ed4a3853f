// No function longer than 60 lines anywhere in the project's code: ESLint's max-lines-per-function,
// configured in eslint.config.js and run by `npm run lint`. These cases hold that the rule bites
// where it should (the kernel, the app, the tools, test helpers) and that a test file's spec, read
// top to bottom as one describe block, is left out.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** A function of `lines` lines in all, its body one statement a line. */
const functionOf = (lines: number) =>
  ['export function long(): number {', '  let n = 0;', ...Array.from({ length: lines - 4 }, () => '  n += 1;'), '  return n;', '}'].join('\n');

async function tooLong(path: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).some((m) => m.ruleId === 'max-lines-per-function');
}

describe('functions of at most 60 lines', () => {
  it('refuses a 61-line function in every folder of the project’s code, and takes one of 60', async () => {
    for (const path of [
      'harness/policy/new.ts',
      'functions/steps/triage/new.ts',
      'mcp-lambda/new.ts',
      'infra/lib/new.ts',
      'local/new.ts',
      'eval/new.ts',
      'bench/new.ts',
    ]) {
      expect(await tooLong(path, functionOf(61)), path).toBe(true);
      expect(await tooLong(path, functionOf(60)), path).toBe(false);
    }
  });

  it('counts a factory’s closures in its own span', async () => {
    const factory = [
      'export function createThing() {',
      '  return {',
      `    run: ${functionOf(40).replace('export function long', 'function')},`,
      `    stop: ${functionOf(30).replace('export function long', 'function')},`,
      '  };',
      '}',
    ].join('\n');
    expect(await tooLong('functions/shared/new.ts', factory)).toBe(true);
  });

  it('leaves a test file’s describe block alone', async () => {
    const spec = [
      "import { describe, it } from 'vitest';",
      "describe('a spec', () => {",
      ...Array.from({ length: 70 }, (_, i) => `  it('case ${i}', () => {});`),
      '});',
    ].join('\n');
    expect(await tooLong('test/unit/functions/new.test.ts', spec)).toBe(false);
  });
});
