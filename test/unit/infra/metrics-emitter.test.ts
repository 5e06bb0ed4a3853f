// One metrics emitter (shared/metrics.ts): every metric the functions publish (the product's; no
// per-function cold-start series) is one CloudWatch EMF line written when it happens, with its dimensions explicit.
// Nothing else in the repository writes metrics: no Powertools Metrics, no other EMF block.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createProductMetrics } from '#harness/metrics.js';
import { createMetricsEmitter, METRIC_NAMESPACE, type MetricsEmitter } from '#shared/metrics.js';
import { createObservability, observed } from '#shared/observability.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const AT = new Date('2026-11-30T12:00:00Z');

type Emf = {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
} & Record<string, unknown>;

function recording(): { emitter: MetricsEmitter; lines: () => Emf[] } {
  const written: string[] = [];
  const emitter = createMetricsEmitter({ sink: (line) => void written.push(line), clock: { now: () => AT } });
  return { emitter, lines: () => written.map((line) => JSON.parse(line) as Emf) };
}

function lambdaContext(functionName: string): Context {
  return { functionName, awsRequestId: 'req-1', getRemainingTimeInMillis: () => 30_000 } as Context;
}

describe('the one metrics emitter', () => {
  it('writes a product metric as one valid EMF line: namespace, its one dimension set, the unit and the value', () => {
    const { emitter, lines } = recording();

    createProductMetrics(emitter).count('acme', 'ShadowResolved', 2, { ShadowClass: 'damaged|small|en' });
    createProductMetrics(emitter).value('acme', 'RunCostMicros', 240_000);

    expect(lines()).toEqual([
      {
        _aws: {
          Timestamp: AT.getTime(),
          CloudWatchMetrics: [{ Namespace: METRIC_NAMESPACE, Dimensions: [['Tenant', 'ShadowClass']], Metrics: [{ Name: 'ShadowResolved', Unit: 'Count' }] }],
        },
        Tenant: 'acme',
        ShadowClass: 'damaged|small|en',
        ShadowResolved: 2,
      },
      {
        _aws: {
          Timestamp: AT.getTime(),
          CloudWatchMetrics: [{ Namespace: 'RefundAgent', Dimensions: [['Tenant']], Metrics: [{ Name: 'RunCostMicros', Unit: 'None' }] }],
        },
        Tenant: 'acme',
        RunCostMicros: 240_000,
      },
    ]);
  });

  it('never fails the work it measures when the line cannot be written', () => {
    const emitter = createMetricsEmitter({
      sink: () => {
        throw new Error('stdout closed');
      },
      clock: { now: () => AT },
    });

    expect(() => createProductMetrics(emitter).count('acme', 'ToolCalls')).not.toThrow();
  });

  it('writes no metric for an invocation, cold or warm: a series per function would be billed every month', async () => {
    const { emitter, lines } = recording();
    const handler = observed('refund-agent-gate', async () => 'ok', createObservability('refund-agent-gate'));

    await handler({}, lambdaContext('RefundAgent-acme-Gate'));
    createProductMetrics(emitter).count('acme', 'ToolCalls');

    expect(lines().map((line) => Object.keys(line).filter((k) => k !== '_aws' && k !== 'Tenant'))).toEqual([['ToolCalls']]);
  });
});

describe('nothing else writes metrics', () => {
  const SKIP = new Set(['node_modules', 'cdk.out', 'dist', 'coverage', '.git']);
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : files(path);
      return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
    });
  const all = files('.').map((path) => ({ path: path.replace(/^\.\//, ''), text: readFileSync(join(ROOT, path), 'utf8') }));

  it('imports Powertools Metrics nowhere, and does not depend on it', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const powertoolsMetrics = ['@aws-lambda-powertools', 'metrics'].join('/'); // split so this file does not match itself

    expect(all.filter((f) => f.text.includes(powertoolsMetrics)).map((f) => f.path)).toEqual([]);
    expect(Object.keys(pkg.dependencies)).not.toContain(powertoolsMetrics);
  });

  it('builds an EMF metric block in shared/metrics.ts only', () => {
    const block = new RegExp(['CloudWatch', 'Metrics:\\s*\\['].join(''));
    const writers = all.filter((f) => !f.path.startsWith('test/') && block.test(f.text)).map((f) => f.path);

    expect(writers).toEqual(['shared/metrics.ts']);
  });
});
