// What the step use cases get in Lambda (StepDeps) and what the entries beside them share: the
// table's stores, the harness over what the entry reaches (its models and tools), the tenant and its
// policy, the mailer (SES on first use). An entry that calls no model passes NO_MODELS (harness.ts).
import type { StepDeps } from '../../shared/step/deps.js';
import { createApproverLinks, type ApproverLinks } from '../../shared/approvals/approver-links.js';
import type { LambdaBase } from '../lambda-app.js';
import { mailerOf } from './aws.js';
import { harnessOf, type LambdaReach } from './harness.js';
import { storeDepsOf } from '../../shared/step/store-deps.js';
import { tableOf } from './table.js';
import { policyOf, tenantOf } from './tenant.js';

export function stepDepsOf(base: LambdaBase, reach: LambdaReach) {
  const { stores, metrics } = tableOf(base);
  const harness = harnessOf(base, reach);
  const { config } = base;
  return {
    ...storeDepsOf(stores, metrics),
    harness,
    policy: harness.policy,
    clock: base.clock,
    ids: base.ids,
    models: reach.models.choices,
    mailer: mailerOf(base),
    tenantName: config.TENANT,
    tenant: tenantOf(config, policyOf(base)),
    ...(config.AGENT_MODE ? { agentMode: config.AGENT_MODE } : {}),
    log: base.log,
  } satisfies StepDeps & Record<string, unknown>;
}

/** The approval links' signer, built on first use: only the functions that sign or check links hold the secret. */
export function approverLinksOf(tenant: Pick<StepDeps['tenant'], 'approvalLinkSecret' | 'approverEmails'>): () => ApproverLinks {
  let links: ApproverLinks | null = null;
  return () => (links ??= createApproverLinks({ secret: tenant.approvalLinkSecret, approverEmails: tenant.approverEmails }));
}
