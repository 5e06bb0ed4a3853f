// Links out from the console to where a case lives: the ticket in the helpdesk, the order in
// Shopify admin, the execution in the Step Functions console. Deployed, they are built from the
// tenant's helpdesk, store domain and state machine (shared/approvals/case-links.ts); locally the
// sandbox serves its own read-only pages for them (local/sandbox/pages.ts) and the runtime gives
// their bases. A link that cannot be made whole is left out.
import { orderNumberOf } from '#functions/shared/domain/run-summary.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { StepDeps, StoreProfile } from '../../shared/step/deps.js';
import { orderAdminUrl, ticketUrl } from '../../shared/approvals/case-links.js';

export interface RunLinks {
  ticket: { label: string; url: string } | null;
  order: { label: string; url: string } | null;
  execution: { label: string; url: string } | null;
}

/** Where the local runtime serves a ticket, an order and an execution: the id is appended, encoded. */
export interface LocalLinkBases {
  ticket: string;
  order: string;
  execution: string;
}

export interface LinkSources {
  helpdesk?: StepDeps['tenant']['helpdesk'];
  store?: StoreProfile;
  stateMachineArn?: string;
  local?: LocalLinkBases;
}

/** A Step Functions console link for the run's execution (named after the run id), from the state machine's ARN. */
export function executionUrl(stateMachineArn: string | undefined, runId: string): string | null {
  const m = /^arn:(aws[a-z-]*):states:([a-z0-9-]+):(\d{12}):stateMachine:([A-Za-z0-9_-]+)$/.exec(stateMachineArn ?? '');
  if (!m) return null;
  const [, partition, region, account, name] = m;
  const execution = `arn:${partition}:states:${region}:${account}:execution:${name}:${runId}`;
  return `https://${region}.console.aws.amazon.com/states/home?region=${region}#/v2/executions/details/${encodeURIComponent(execution)}`;
}

export function runLinks(run: Run, sources: LinkSources | undefined): RunLinks {
  const tenant = { helpdesk: sources?.helpdesk, store: sources?.store };
  const local = sources?.local;
  const ticketId = run.ticket.ticketId;
  const ticket = ticketUrl(run, tenant);
  const execution = executionUrl(sources?.stateMachineArn, run.runId);
  const number = orderNumberOf(run);
  return {
    ticket: ticket
      ? { label: `Ticket ${ticketId} in ${ticket.helpdesk}`, url: ticket.url }
      : local
        ? { label: `Ticket ${ticketId} in the sandbox helpdesk`, url: `${local.ticket}${encodeURIComponent(ticketId)}` }
        : null,
    order: orderLink({ orderId: run.order?.orderId ?? null, number }, sources),
    execution: execution
      ? { label: 'Step Functions execution', url: execution }
      : local
        ? { label: 'Execution in the local state machine', url: `${local.execution}${encodeURIComponent(run.runId)}` }
        : null,
  };
}

/** An order's page: in Shopify admin from its id, or locally the sandbox's by its number; null when neither can be made whole. */
export function orderLink(order: { orderId: string | null; number: string | null }, sources: LinkSources | undefined): RunLinks['order'] {
  const admin = order.orderId ? orderAdminUrl({ order: { orderId: order.orderId } }, { helpdesk: sources?.helpdesk, store: sources?.store }) : null;
  if (admin) return { label: `Order #${order.number ?? ''} in Shopify admin`, url: admin };
  const local = sources?.local;
  return local && order.number ? { label: `Order #${order.number} in the sandbox store`, url: `${local.order}${encodeURIComponent(order.number)}` } : null;
}
