// The tenant as the handlers see it, from the parsed configuration: the refund policy (the same one
// in every function that composes it, since approvals and journal rows carry its version hash) and
// what approval emails, pages and links need. Settings only some functions hold are read on first
// use, so a missing one fails loudly there and nowhere else.
import { createPolicy, type Policy } from '#harness/policy/document.js';
import type { StepDeps } from '../../shared/step/deps.js';
import { required, type LambdaConfig } from '../lambda-config.js';
import { part } from '../lambda-app.js';

export const policyOf = part(({ config }): Policy =>
  createPolicy({
    ...(config.AUTO_REFUND_LIMIT_MINOR === undefined ? {} : { autoRefundLimitMinor: config.AUTO_REFUND_LIMIT_MINOR }),
    ...(config.STORE_TIME_ZONE === undefined ? {} : { timeZone: config.STORE_TIME_ZONE }),
    ...config.POLICY_REMEDIES,
  }),
);

export function tenantOf(config: LambdaConfig, policy: Policy): StepDeps['tenant'] {
  return {
    approverEmails: config.APPROVER_EMAILS,
    get senderEmail() {
      return required(config, 'SENDER_EMAIL');
    },
    get publicBaseUrl() {
      return required(config, 'PUBLIC_BASE_URL');
    },
    approvalTtlHours: policy.document.approvalTtlHours,
    get approvalLinkSecret() {
      return required(config, 'APPROVAL_LINK_SECRET');
    },
    // What the approval email and page show; each is optional and a missing one only drops a link or falls back.
    store: { name: config.STORE_NAME, domain: config.SHOPIFY_STORE_DOMAIN, locale: config.STORE_LOCALE, timeZone: config.STORE_TIME_ZONE },
    ...(config.HELPDESK_BASE_URL ? { helpdesk: { kind: config.HELPDESK_KIND, baseUrl: config.HELPDESK_BASE_URL } } : {}),
    ...(config.CONSOLE_BASE_URL ? { consoleBaseUrl: config.CONSOLE_BASE_URL } : {}),
    ...(config.RETURN_ADDRESS ? { returnAddress: config.RETURN_ADDRESS } : {}),
    ...(config.BANK_TIMES ? { bankTimes: config.BANK_TIMES } : {}),
  };
}
