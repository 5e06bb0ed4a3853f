// CDK app entry: the only place reading CDK context and the environment. `-c tenant=NAME` picks
// infra/tenants/NAME.json; one stack per tenant. Run by `npx cdk synth -c tenant=demo` (cdk.json).
import { resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { InfraConfigError, MissingTenantContextError } from '../lib/errors.js';
import { repoLayout } from '../lib/source-layout.js';
import { loadTenantConfig } from '../lib/tenant-config.js';
import { stackIdOf, TenantStack } from '../lib/tenant-stack.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');

function main(): void {
  const app = new App();
  const tenant: unknown = app.node.tryGetContext('tenant');
  if (typeof tenant !== 'string' || tenant === '') throw new MissingTenantContextError();
  const config = loadTenantConfig(tenant, resolve(repoRoot, 'infra', 'tenants'));

  new TenantStack(app, stackIdOf(config.tenant), {
    config,
    source: repoLayout(repoRoot),
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  app.synth();
}

try {
  main();
} catch (error) {
  if (!(error instanceof InfraConfigError)) throw error;
  console.error(`refund-agent infra: ${error.message}`);
  process.exitCode = 1;
}
