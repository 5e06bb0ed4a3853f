// CDK app entry: the only place reading CDK context and the environment. `-c tenant=NAME` picks
// infra/tenants/NAME.json; without it, every tenant file gets its stack (so `cdk deploy --all`
// deploys every tenant), each into the account and region its file names. The AwsSolutions rule
// pack (cdk-nag) checks every stack at synth. Run by `npx cdk synth -c tenant=demo` (cdk.json).
import { resolve } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AccountConcurrencyError, concurrencyProblems } from '../lib/account-concurrency.js';
import { InfraConfigError, MissingTenantContextError } from '../lib/errors.js';
import { repoLayout } from '../lib/source-layout.js';
import { loadTenantConfig, tenantsIn } from '../lib/tenant-config.js';
import { stackIdOf, TenantStack } from '../lib/tenant-stack.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const tenantsDir = resolve(repoRoot, 'infra', 'tenants');

function main(): void {
  const app = new App();
  const tenant: unknown = app.node.tryGetContext('tenant');
  if (tenant !== undefined && (typeof tenant !== 'string' || tenant === '')) {
    throw new MissingTenantContextError();
  }
  const tenants = typeof tenant === 'string' ? [tenant] : tenantsIn(tenantsDir);
  // Every file is loaded before any stack is built: one bad tenant file fails the whole synth.
  const configs = tenants.map((name) => loadTenantConfig(name, tenantsDir));
  // The tenant being deployed must fit its account beside every other tenant file that names it.
  const everyone = tenantsIn(tenantsDir).map((name) => configs.find((c) => c.tenant === name) ?? loadTenantConfig(name, tenantsDir));
  const problems = concurrencyProblems(everyone, tenants);
  if (problems.length > 0) throw new AccountConcurrencyError(problems);

  for (const config of configs) {
    new TenantStack(app, stackIdOf(config.tenant), {
      config,
      source: repoLayout(repoRoot),
      // The tenant file's account and region when it names them (an account per tenant); otherwise
      // wherever the CLI's credentials point. Each field falls back on its own.
      env: { account: config.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: config.region ?? process.env.CDK_DEFAULT_REGION },
    });
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
}

try {
  main();
} catch (error) {
  if (!(error instanceof InfraConfigError)) throw error;
  console.error(`refund-agent infra: ${error.message}`);
  process.exitCode = 1;
}
