// The CDK app entry as the CLI runs it (context through CDK_CONTEXT_JSON, as `cdk synth -c` passes it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { REPO_ROOT } from './synth.js';

function runApp(context: Record<string, unknown>) {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
  const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/bin/app.ts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
    timeout: 120_000,
  });
  return { ...result, outdir };
}

const missingEntries = FUNCTION_NAMES.filter((fn) => !existsSync(join(REPO_ROOT, FUNCTIONS[fn].entry)));

describe('infra/bin/app.ts', () => {
  it('explains how to pass a tenant when none is given', () => {
    const run = runApp({});

    expect(run.status).toBe(1);
    expect(run.stderr).toContain('-c tenant=demo');
  });

  it('explains that a tenant file is missing', () => {
    const run = runApp({ tenant: 'nobody' });

    expect(run.status).toBe(1);
    expect(run.stderr).toContain('infra/tenants/nobody.json');
  });

  it('finds an entry file for every function', () => {
    expect(missingEntries).toEqual([]);
  });

  it.skipIf(missingEntries.length > 0)('synthesizes one stack for the demo tenant', () => {
    const run = runApp({ tenant: 'demo', 'aws:cdk:bundling-stacks': [] });

    expect(run.status, run.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(run.outdir, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string }> };
    const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack');
    expect(stacks.map(([id]) => id)).toEqual(['RefundAgent-demo']);
  });
});
