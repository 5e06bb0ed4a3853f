// The CDK app entry as the CLI runs it (context through CDK_CONTEXT_JSON, as `cdk synth -c` passes it),
// bundling skipped (bundles.test.ts builds the bundles) but with CDK's CloudFormation validation on.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { REPO_ROOT } from './synth.js';

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

function runApp(context: Record<string, unknown>) {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
  outdirs.push(outdir);
  const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/bin/app.ts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
    timeout: 120_000,
  });
  return { ...result, outdir };
}

function stacksOf(outdir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string }> };
  return Object.entries(manifest.artifacts)
    .filter(([, a]) => a.type === 'aws:cloudformation:stack')
    .map(([id]) => id)
    .sort();
}

describe('infra/bin/app.ts', () => {
  it('explains how to pass a tenant when -c tenant is given empty', () => {
    const run = runApp({ tenant: '' });

    expect(run.status).toBe(1);
    expect(run.stderr).toContain('-c tenant=demo');
  });

  it('explains that a tenant file is missing', () => {
    const run = runApp({ tenant: 'nobody' });

    expect(run.status).toBe(1);
    expect(run.stderr).toContain('infra/tenants/nobody.json');
  });

  it('finds an entry file for every function', () => {
    expect(FUNCTION_NAMES.filter((fn) => !existsSync(join(REPO_ROOT, FUNCTIONS[fn].entry)))).toEqual([]);
  });

  // The app also registers the AwsSolutions pack (bin/app.ts); CDK lists a plugin here only when it
  // reports something, so nag.test.ts runs the pack itself to prove it finds nothing unacknowledged.
  it('synthesizes one stack for the demo tenant with no validation finding', () => {
    const run = runApp({ tenant: 'demo', 'aws:cdk:bundling-stacks': [] });

    expect(run.status, run.stderr).toBe(0);
    expect(stacksOf(run.outdir)).toEqual(['RefundAgent-demo']);
    const report = JSON.parse(readFileSync(join(run.outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string; description: string }[] }[];
    };
    expect(report.pluginReports.map((p) => p.pluginName)).toContain('CloudFormation Validate');
    expect(report.pluginReports.flatMap((p) => p.violations.map((v) => `${v.ruleName}: ${v.description}`))).toEqual([]);
  });

  it('synthesizes a stack per tenant file when no tenant is given, so `cdk deploy --all` deploys every tenant', () => {
    const run = runApp({ 'aws:cdk:bundling-stacks': [] });
    const files = readdirSync(join(REPO_ROOT, 'infra', 'tenants')).filter((f) => f.endsWith('.json'));

    expect(run.status, run.stderr).toBe(0);
    expect(stacksOf(run.outdir)).toEqual(files.map((f) => `RefundAgent-${f.replace(/\.json$/, '')}`).sort());
  });
});
