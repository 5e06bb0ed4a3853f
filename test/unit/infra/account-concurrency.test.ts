// Tenants that share an AWS account share its Lambda concurrency: synth refuses tenant files whose
// reservations cannot fit the account's pool beside each other (AWS keeps 100 unreserved), and says
// which tenants reserve what; a tenant in its own account, or a raised quota, fits.
import { describe, expect, it } from 'vitest';
import { concurrencyProblems, reservedBy, tenantsThatFit } from '../../../infra/lib/account-concurrency.js';
import { FUNCTION_NAMES } from '../../../infra/lib/functions.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { TEST_TENANT } from './synth.js';

const tenant = (name: string, extra: Record<string, unknown> = {}) => TenantConfig.parse({ ...TEST_TENANT, tenant: name, ...extra });
const FNS = FUNCTION_NAMES.length;

describe('Lambda concurrency of an account', () => {
  it('says how many tenants fit an account by default: the reservable 900 over each tenant’s reservation', () => {
    expect(tenantsThatFit(5)).toBe(Math.floor(900 / (5 * FNS)));
    expect(tenantsThatFit(1)).toBe(Math.floor(900 / FNS));
    expect(reservedBy(tenant('shop-a', { reservedConcurrency: 5 }))).toBe(5 * FNS);
    expect(reservedBy(tenant('shop-b'))).toBe(0);
  });

  it('refuses tenants in one account whose reservations exceed what it can reserve, naming each', () => {
    const shared = { account: '111111111111', region: 'eu-west-1', reservedConcurrency: 5 };
    const count = tenantsThatFit(5) + 1;
    const tenants = Array.from({ length: count }, (_, i) => tenant(`shop-${i}`, shared));
    const [problem, ...more] = concurrencyProblems(tenants);
    expect(more).toEqual([]);
    expect(problem).toContain(`111111111111 eu-west-1: the tenants reserve ${count * 5 * FNS} concurrent executions`);
    expect(problem).toContain(`shop-0 ${5 * FNS} (5 × ${FNS} functions)`);
    expect(problem).toContain('only 900 of its 1000 can be reserved');
    expect(concurrencyProblems(tenants.slice(0, count - 1))).toEqual([]);
  });

  it('lets the same tenants fit in their own accounts, or with a raised quota named', () => {
    const many = Array.from({ length: tenantsThatFit(5) + 1 }, (_, i) => tenant(`shop-${i}`, { account: String(100000000000 + i), reservedConcurrency: 5 }));
    expect(concurrencyProblems(many)).toEqual([]);
    const raised = Array.from({ length: tenantsThatFit(5) + 1 }, (_, i) => tenant(`shop-${i}`, { reservedConcurrency: 5, accountConcurrency: 3000 }));
    expect(concurrencyProblems(raised)).toEqual([]);
  });

  it('reports only the pools of the tenants being deployed', () => {
    const crowded = Array.from({ length: tenantsThatFit(5) + 1 }, (_, i) => tenant(`crowd-${i}`, { account: '111111111111', reservedConcurrency: 5 }));
    const alone = tenant('alone', { account: '222222222222', reservedConcurrency: 5 });
    expect(concurrencyProblems([...crowded, alone], ['alone'])).toEqual([]);
    expect(concurrencyProblems([...crowded, alone], ['crowd-0'])).toHaveLength(1);
  });

  it('refuses a tenant that says dedicatedAccount beside another tenant in the same account and region, and accepts it alone', () => {
    const shop = tenant('shop-a', { account: '222222222222', region: 'eu-west-1', dedicatedAccount: true });
    const neighbour = tenant('shop-b', { account: '222222222222', region: 'eu-west-1' });
    const [problem, ...more] = concurrencyProblems([shop, neighbour]);
    expect(more).toEqual([]);
    expect(problem).toContain('222222222222 eu-west-1: shop-a says dedicatedAccount, but shop-a, shop-b deploy there');
    expect(concurrencyProblems([shop, tenant('shop-b', { account: '333333333333', region: 'eu-west-1' })])).toEqual([]);
    expect(concurrencyProblems([shop, tenant('shop-b', { account: '222222222222', region: 'us-east-1' })])).toEqual([]);
  });
});
