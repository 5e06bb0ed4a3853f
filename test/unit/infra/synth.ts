// Synthesizes a tenant stack for template tests in well under a second: bundling skipped (every entry
// pointed at one stub file) and CDK's built-in CloudFormation validation off. The real app, with
// validation, is synthesized by cdk-app.test.ts; the real bundles are built by bundles.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { FunctionName } from '../../../infra/lib/functions.js';
import { repoLayout } from '../../../infra/lib/source-layout.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { TenantStack } from '../../../infra/lib/tenant-stack.js';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

export const TEST_TENANT: TenantConfig = TenantConfig.parse({
  tenant: 'acme',
  storeDomain: 'acme.myshopify.com',
  helpdesk: { kind: 'zendesk', baseUrl: 'https://acme.zendesk.com' },
  approverEmails: ['lead@acme.test'],
  sesSender: 'refunds@acme.test',
  alarmEmails: ['oncall@acme.test'],
  policy: { autoRefundLimitMinor: 5000 },
  modelProvider: 'anthropic',
  // The dashboard is opt-in; the tests read its widgets.
  dashboard: true,
});

/** An app that skips bundling and CDK's CloudFormation validation. */
const testApp = () => new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });

function addTenant(app: App, config: TenantConfig): TenantStack {
  const stubDir = mkdtempSync(join(tmpdir(), 'refund-agent-stub-'));
  const stub = join(stubDir, 'index.ts');
  writeFileSync(stub, 'export const handler = async () => ({});\n');
  const lockFile = join(stubDir, 'package-lock.json');
  writeFileSync(lockFile, '{"lockfileVersion":3,"packages":{}}\n');
  return new TenantStack(app, `RefundAgent-${config.tenant}`, {
    config,
    // As bin/app.ts does; without account and region in the file the stack is environment-agnostic.
    ...(config.account || config.region ? { env: { account: config.account, region: config.region } } : {}),
    // NodejsFunction wants entry and lock file under the project root; bundling is skipped, so a stub dir serves.
    source: { ...repoLayout(REPO_ROOT), projectRoot: stubDir, lockFile, entryFor: () => stub },
  });
}

function synthesized(stack: TenantStack) {
  const template = Template.fromStack(stack);
  const logicalIdOf = (fn: FunctionName): string => stack.getLogicalId(stack.agent.functions[fn].node.defaultChild as CfnFunction);
  return { stack, template, logicalIdOf };
}

export function synthTenant(config: TenantConfig = TEST_TENANT) {
  return synthesized(addTenant(testApp(), config));
}

/** Several tenants' stacks in one app (as bin/app.ts builds them), each synthesized. */
export function synthTenants(configs: TenantConfig[]) {
  const app = testApp();
  const stacks = configs.map((config) => addTenant(app, config));
  return { app, tenants: stacks.map(synthesized) };
}
