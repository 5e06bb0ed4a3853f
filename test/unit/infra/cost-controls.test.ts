// What a tenant stack costs to run and to keep, as the tenant file sets it: run and journal rows
// expire after `retentionDays` (TTL), the table's indexes hold keys only, the dashboard is opt-in, and
// `reservedConcurrency` reserves (and caps) each function's share of the account's pool.
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { synthTenant, TEST_TENANT } from './synth.js';
import { readTemplate } from './template.js';

type Fn = { Environment: { Variables: Record<string, unknown> }; ReservedConcurrentExecutions?: number };

let defaults: ReturnType<typeof readTemplate>;
let defaultOutputs: Record<string, unknown>;

beforeAll(() => {
  const { dashboard: _dashboard, ...withoutDashboard } = TEST_TENANT;
  const synth = synthTenant({ ...withoutDashboard, dashboard: false });
  defaults = readTemplate(synth);
  defaultOutputs = synth.template.toJSON().Outputs as Record<string, unknown>;
});

const functionsOf = (t: ReturnType<typeof readTemplate>) => t.ofType('AWS::Lambda::Function').map(([id, fn]) => [id, fn.Properties as Fn] as const);

describe('retention', () => {
  it('expires rows on the expiresAt TTL attribute', () => {
    const [, table] = defaults.ofType('AWS::DynamoDB::Table')[0]!;
    expect(table.Properties!.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });

  it("tells every function that writes to the table the tenant's retention in days, 400 by default", () => {
    const handlers = FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].access.table === 'readWrite').length;
    const keep = (t: ReturnType<typeof readTemplate>) =>
      functionsOf(t)
        .map(([, fn]) => fn.Environment.Variables.RETENTION_DAYS)
        .filter(Boolean);

    expect(keep(defaults)).toEqual(Array(handlers).fill('400'));
    expect(keep(readTemplate(synthTenant({ ...TEST_TENANT, retentionDays: 90 })))).toEqual(Array(handlers).fill('90'));
  });
});

describe('the tenant file', () => {
  it('defaults to 400 days kept, no dashboard and no reserved concurrency, and refuses values that make no sense', () => {
    const { retentionDays: _r, dashboard: _d, reservedConcurrency: _c, ...bare } = TEST_TENANT;
    const parse = (extra: Record<string, unknown>) => TenantConfig.safeParse({ ...bare, ...extra });

    expect(parse({}).data).toMatchObject({ retentionDays: 400, dashboard: false });
    expect(parse({}).data?.reservedConcurrency).toBeUndefined();
    for (const wrong of [{ retentionDays: 7 }, { retentionDays: 400.5 }, { reservedConcurrency: 0 }, { dashboard: 'yes' }]) {
      expect(parse(wrong).success, JSON.stringify(wrong)).toBe(false);
    }
  });
});

describe('indexes', () => {
  it('projects keys only into both secondary indexes, so run updates are not copied to them', () => {
    const [, table] = defaults.ofType('AWS::DynamoDB::Table')[0]!;
    const indexes = table.Properties!.GlobalSecondaryIndexes as { IndexName: string; Projection: unknown }[];

    expect(indexes.map((index) => [index.IndexName, index.Projection])).toEqual([
      ['byOrder', { ProjectionType: 'KEYS_ONLY' }],
      ['byStatus', { ProjectionType: 'KEYS_ONLY' }],
    ]);
  });
});

describe('dashboard', () => {
  it('builds no dashboard unless the tenant file asks for one, and keeps every alarm either way', () => {
    const withDashboard = readTemplate(synthTenant(TEST_TENANT));
    const alarmIds = (t: ReturnType<typeof readTemplate>) =>
      t
        .ofType('AWS::CloudWatch::Alarm')
        .map(([id]) => id)
        .sort();

    expect(defaults.ofType('AWS::CloudWatch::Dashboard')).toEqual([]);
    expect(defaultOutputs).not.toHaveProperty('DashboardName');
    expect(withDashboard.ofType('AWS::CloudWatch::Dashboard')).toHaveLength(1);
    expect(alarmIds(defaults)).toEqual(alarmIds(withDashboard));
  });
});

describe('reserved concurrency', () => {
  it('leaves functions in the shared pool by default', () => {
    for (const [id, fn] of functionsOf(defaults)) expect(fn.ReservedConcurrentExecutions, id).toBeUndefined();
  });

  it("reserves the tenant file's reservedConcurrency for each function", () => {
    const reserved = readTemplate(synthTenant({ ...TEST_TENANT, reservedConcurrency: 3 }));
    const fns = functionsOf(reserved);

    expect(fns).toHaveLength(FUNCTION_NAMES.length);
    for (const [id, fn] of fns) expect(fn.ReservedConcurrentExecutions, id).toBe(3);
  });
});
