// Many stores: each tenant file may name the AWS account and region of its stack, tenants in one
// account share nothing that a second tenant would collide with, and the state machine's logs go to a
// vended log group (no entry in the account's log resource policy). bin/app.ts itself is run by cdk-app.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VENDED_LOGS_PREFIX } from '../../../infra/lib/refund-agent.js';
import { loadTenantConfig, TenantConfig, undeployableSettings } from '../../../infra/lib/tenant-config.js';
import { REPO_ROOT, synthTenants, TEST_TENANT } from './synth.js';
import { readTemplate } from './template.js';

const TENANTS_DIR = join(REPO_ROOT, 'infra', 'tenants');

describe('an account per tenant', () => {
  it('ships a second tenant that names its own account and region and can be deployed as it is', () => {
    const acme = loadTenantConfig('acme-eu', TENANTS_DIR);
    const demo = loadTenantConfig('demo', TENANTS_DIR);

    expect(acme).toMatchObject({ account: expect.stringMatching(/^\d{12}$/), region: 'eu-west-1' });
    expect(demo.account).toBeUndefined();
    expect(undeployableSettings(acme)).toEqual([]);
  });

  it('accepts only a 12-digit account id and a region name', () => {
    const parse = (extra: Record<string, unknown>) => TenantConfig.safeParse({ ...TEST_TENANT, ...extra });

    expect(parse({ account: '111122223333', region: 'ap-southeast-2' }).success).toBe(true);
    expect(parse({ account: '1111-2222-3333' }).success).toBe(false);
    expect(parse({ account: 111122223333 }).success).toBe(false);
    expect(parse({ region: 'Ireland' }).success).toBe(false);
    expect(parse({ region: 'eu-west' }).success).toBe(false);
  });

  it('synthesizes two tenants in two accounts and regions in one app, offline', () => {
    const { app, tenants } = synthTenants([
      { ...TEST_TENANT, tenant: 'shop-one', account: '111111111111', region: 'us-east-1' },
      { ...TEST_TENANT, tenant: 'shop-two', account: '222222222222', region: 'eu-central-1' },
    ]);

    expect(tenants.map(({ stack }) => [stack.account, stack.region])).toEqual([
      ['111111111111', 'us-east-1'],
      ['222222222222', 'eu-central-1'],
    ]);
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => `${s.stackName} ${s.environment.account}/${s.environment.region}`).sort()).toEqual([
      'RefundAgent-shop-one 111111111111/us-east-1',
      'RefundAgent-shop-two 222222222222/eu-central-1',
    ]);
    // Code assets go to the bootstrap bucket of the tenant's own account and region (cdk bootstrap there).
    const assetBuckets = (i: number) => [...JSON.stringify(tenants[i]!.template.toJSON()).matchAll(/cdk-hnb659fds-assets-[\w-]+/g)].map((m) => m[0]);
    expect(new Set(assetBuckets(0))).toEqual(new Set(['cdk-hnb659fds-assets-111111111111-us-east-1']));
    expect(new Set(assetBuckets(1))).toEqual(new Set(['cdk-hnb659fds-assets-222222222222-eu-central-1']));
  });

  it("logs each tenant's state machine to its own vended log group, named after the stack", () => {
    const { tenants } = synthTenants([
      { ...TEST_TENANT, tenant: 'shop-one' },
      { ...TEST_TENANT, tenant: 'shop-two' },
    ]);
    type Logging = { LoggingConfiguration: { Destinations: { CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': string[] } } }[] } };
    const names = tenants.map((synth) => {
      const t = readTemplate(synth);
      const [, machine] = t.machineOf('RefundRun');
      const groupId = (machine.Properties as Logging).LoggingConfiguration.Destinations[0]!.CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0]!;
      return t.resources[groupId]!.Properties!.LogGroupName;
    });

    expect(names).toEqual([`${VENDED_LOGS_PREFIX}states/RefundAgent-shop-one-RefundRun`, `${VENDED_LOGS_PREFIX}states/RefundAgent-shop-two-RefundRun`]);
  });
});
