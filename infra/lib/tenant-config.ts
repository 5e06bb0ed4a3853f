// A tenant's deployment settings (infra/tenants/<name>.json), validated once with zod at the app edge.
// Called by bin/app.ts; the constructs below only see the typed TenantConfig.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { HelpdeskKind } from '#harness/domain/types.js';
import { TenantConfigInvalidError, TenantConfigNotFoundError } from './errors.js';

const TENANT_NAME = /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/;

export const TenantConfig = z
  .object({
    tenant: z.string().regex(TENANT_NAME, 'lowercase letters, digits and dashes, 2-32 chars'),
    storeDomain: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'a <shop>.myshopify.com domain'),
    helpdesk: z
      .object({
        kind: HelpdeskKind.exclude(['sandbox']),
        baseUrl: z.url({ protocol: /^https$/ }),
      })
      .strict(),
    approverEmails: z.array(z.email()).min(1),
    sesSender: z.email(),
    autoRefundLimitMinor: z.number().int().nonnegative().default(5000),
  })
  .strict();
export type TenantConfig = z.infer<typeof TenantConfig>;

export function isTenantName(name: string): boolean {
  return TENANT_NAME.test(name);
}

/** Reads and validates `<dir>/<tenant>.json`; the file's own `tenant` must match its name. */
export function loadTenantConfig(tenant: string, dir: string): TenantConfig {
  const path = join(dir, `${tenant}.json`);
  if (!isTenantName(tenant)) {
    throw new TenantConfigInvalidError(tenant, path, [`"${tenant}" is not a valid tenant name`]);
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new TenantConfigNotFoundError(tenant, path, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new TenantConfigInvalidError(tenant, path, ['not valid JSON'], { cause });
  }
  const parsed = TenantConfig.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new TenantConfigInvalidError(tenant, path, problems, { cause: parsed.error });
  }
  if (parsed.data.tenant !== tenant) {
    throw new TenantConfigInvalidError(tenant, path, [`tenant: "${parsed.data.tenant}" does not match the file name`]);
  }
  return parsed.data;
}

/**
 * Settings the tenant file accepts but the deployed functions cannot honour yet: functions/shared/
 * lambda-app.ts builds a Zendesk client. Refused at synth rather than deployed and silently ignored.
 */
export function undeployableSettings(config: TenantConfig): string[] {
  const problems: string[] = [];
  if (config.helpdesk.kind !== 'zendesk') {
    problems.push(`helpdesk.kind: "${config.helpdesk.kind}" has no connector in the functions yet (only "zendesk")`);
  }
  return problems;
}
