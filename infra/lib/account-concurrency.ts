// Will the tenants that share an AWS account fit its Lambda concurrency? Each tenant's
// `reservedConcurrency` reserves that many executions for every one of its functions, and AWS keeps
// 100 of an account's regional pool unreserved: a deploy whose reservations do not fit fails half-way
// in CloudFormation. Tenant files that name the same account and region (or none: the CLI's) share a
// pool; bin/app.ts checks every tenant file, not only the one being deployed, and refuses at synth.
// A tenant that says `dedicatedAccount` (its alarms read account-wide figures) must be alone in its pool.
import { InfraConfigError } from './errors.js';
import { FUNCTION_NAMES } from './functions.js';
import type { TenantConfig } from './tenant-config.js';

/** AWS's default concurrent executions per account and region, and what it keeps unreserved. */
export const DEFAULT_ACCOUNT_CONCURRENCY = 1000;
export const UNRESERVED_MINIMUM = 100;

/** What one tenant takes out of its account's pool: its reservation for each function. */
export const reservedBy = (config: Pick<TenantConfig, 'reservedConcurrency'>): number => (config.reservedConcurrency ?? 0) * FUNCTION_NAMES.length;

/** How many tenants with this reservation fit in one account of the given pool. */
export const tenantsThatFit = (reservedConcurrency: number, accountConcurrency = DEFAULT_ACCOUNT_CONCURRENCY): number =>
  Math.floor((accountConcurrency - UNRESERVED_MINIMUM) / (reservedConcurrency * FUNCTION_NAMES.length));

export class AccountConcurrencyError extends InfraConfigError {
  constructor(readonly problems: string[]) {
    super(`The tenants do not fit their AWS accounts:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AccountConcurrencyError';
  }
}

/**
 * One sentence per account and region whose tenants reserve more than its pool leaves reservable;
 * `deploying`: only the pools of these tenants (default: every pool).
 */
export function concurrencyProblems(configs: readonly TenantConfig[], deploying?: readonly string[]): string[] {
  const pools = new Map<string, TenantConfig[]>();
  for (const config of configs) {
    const pool = `${config.account ?? "the CLI's account"} ${config.region ?? "the CLI's region"}`;
    pools.set(pool, [...(pools.get(pool) ?? []), config]);
  }
  const problems: string[] = [];
  for (const [pool, tenants] of pools) {
    if (deploying && !tenants.some((t) => deploying.includes(t.tenant))) continue;
    // Account-wide alarms (dedicatedAccount) would ring for another tenant's functions.
    const dedicated = tenants.filter((t) => t.dedicatedAccount);
    if (dedicated.length > 0 && tenants.length > 1) {
      problems.push(
        `${pool}: ${dedicated.map((t) => t.tenant).join(', ')} ${dedicated.length === 1 ? 'says' : 'say'} dedicatedAccount, but ${tenants.map((t) => t.tenant).join(', ')} deploy there; give each its own account or turn dedicatedAccount off`,
      );
    }
    const reserving = tenants.filter((t) => reservedBy(t) > 0);
    const reserved = reserving.reduce((sum, t) => sum + reservedBy(t), 0);
    // The account's pool as its tenant files state it (a raised quota); the largest one named wins.
    const limit = Math.max(DEFAULT_ACCOUNT_CONCURRENCY, ...tenants.map((t) => t.accountConcurrency ?? 0));
    if (reserved <= limit - UNRESERVED_MINIMUM) continue;
    const who = reserving.map((t) => `${t.tenant} ${reservedBy(t)} (${t.reservedConcurrency} × ${FUNCTION_NAMES.length} functions)`).join(', ');
    problems.push(
      `${pool}: the tenants reserve ${reserved} concurrent executions (${who}), but only ${limit - UNRESERVED_MINIMUM} of its ${limit} can be reserved; lower reservedConcurrency, move a tenant to its own account, or name a raised quota in accountConcurrency`,
    );
  }
  return problems;
}
