// A JSON value in an environment variable: parsed and checked in one pipe, bad text an issue of the
// variable (never a SyntaxError), and one helper for every configuration that carries one (issue 26).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { jsonOf } from '#shared/env-json.js';

const Env = z.object({ MODE: jsonOf(z.object({ shadow: z.boolean() })).optional() });

describe('jsonOf', () => {
  it('parses the text and checks it against the schema', () => {
    expect(Env.parse({ MODE: '{"shadow":true}' })).toEqual({ MODE: { shadow: true } });
    expect(Env.parse({})).toEqual({});
    expect(Env.safeParse({ MODE: '{"shadow":"yes"}' }).success).toBe(false);
  });

  it('makes text that is not JSON an issue of that variable, not a thrown SyntaxError', () => {
    const result = Env.safeParse({ MODE: '{shadow: true' });

    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ['MODE'], message: 'not valid JSON' })]);
  });

  it('is the only such helper in the code', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const sources = execFileSync('git', ['ls-files', 'functions', 'harness', 'shared', 'mcp-lambda', 'infra', 'local'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts'));
    const defining = sources.filter((file) => /message: 'not valid JSON'/.test(readFileSync(root + file, 'utf8')));

    expect(defining).toEqual(['shared/env-json.ts']);
  });
});
