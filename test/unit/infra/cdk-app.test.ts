// The CDK app entry as the CLI runs it (context through CDK_CONTEXT_JSON, as `cdk synth -c` passes it),
// bundling skipped (bundles.test.ts builds the bundles) but with CDK's CloudFormation validation on.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { REPO_ROOT } from './synth.js';

/** One synth of the app: about 20 s alone, several times that on two cores shared with another test run. */
const SYNTH_TIMEOUT_MS = 300_000;
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

/** The shell's environment without the CLI's default account and region: tests name them when they mean them. */
function withoutDefaultEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { CDK_DEFAULT_ACCOUNT: _account, CDK_DEFAULT_REGION: _region, ...rest } = env;
  return rest;
}

function runApp(context: Record<string, unknown>, env: Record<string, string> = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
  outdirs.push(outdir);
  const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/bin/app.ts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...withoutDefaultEnvironment(process.env), ...env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
    timeout: SYNTH_TIMEOUT_MS,
  });
  return { ...result, outdir };
}

function stacksOf(outdir: string): string[] {
  return Object.keys(environmentsOf(outdir)).sort();
}

/** Each stack of the cloud assembly → the environment `cdk deploy` sends it to (aws://ACCOUNT/REGION). */
function environmentsOf(outdir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; environment: string }>;
  };
  return Object.fromEntries(
    Object.entries(manifest.artifacts)
      .filter(([, a]) => a.type === 'aws:cloudformation:stack')
      .map(([id, a]) => [id, a.environment]),
  );
}

describe('infra/bin/app.ts', { timeout: SYNTH_TIMEOUT_MS + 30_000 }, () => {
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
  // CDK's CloudFormation validation (on by default, bin/app.ts does not turn it off) is listed only
  // with a finding too: since the runtime moved to nodejs22.x, its W2531 warning is gone and so is the entry.
  it('synthesizes one stack for the demo tenant with no validation finding', () => {
    const run = runApp({ tenant: 'demo', 'aws:cdk:bundling-stacks': [] });

    expect(run.status, run.stderr).toBe(0);
    expect(stacksOf(run.outdir)).toEqual(['RefundAgent-demo']);
    const report = JSON.parse(readFileSync(join(run.outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string; description: string }[] }[];
    };
    expect(report.pluginReports.flatMap((p) => p.violations.map((v) => `${v.ruleName}: ${v.description}`))).toEqual([]);
  });

  it('synthesizes a stack per tenant file when no tenant is given, so `cdk deploy --all` deploys every tenant', () => {
    const run = runApp({ 'aws:cdk:bundling-stacks': [] });
    const files = readdirSync(join(REPO_ROOT, 'infra', 'tenants')).filter((f) => f.endsWith('.json'));

    expect(run.status, run.stderr).toBe(0);
    expect(stacksOf(run.outdir)).toEqual(files.map((f) => `RefundAgent-${f.replace(/\.json$/, '')}`).sort());
  });

  // Offline: the deploy account's credentials are only named (CDK_DEFAULT_*, as the CLI sets them), never used.
  it("sends each tenant to the account and region its file names, and a tenant naming none to the CLI's", () => {
    const run = runApp({ 'aws:cdk:bundling-stacks': [] }, { CDK_DEFAULT_ACCOUNT: '999988887777', CDK_DEFAULT_REGION: 'us-east-1' });
    const acme = JSON.parse(readFileSync(join(REPO_ROOT, 'infra', 'tenants', 'acme-eu.json'), 'utf8')) as { account: string; region: string };

    expect(run.status, run.stderr).toBe(0);
    const environments = environmentsOf(run.outdir);
    expect(environments).toMatchObject({
      'RefundAgent-demo': 'aws://999988887777/us-east-1',
      'RefundAgent-acme-eu': `aws://${acme.account}/${acme.region}`,
    });
    expect(new Set(Object.values(environments)).size, 'two tenants, two accounts').toBeGreaterThanOrEqual(2);
  });
});
