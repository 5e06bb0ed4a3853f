// Links that let a lead check the case where it lives: the order in Shopify admin, the ticket in the
// helpdesk, the run in the console. A link is built only from data that makes it whole; anything
// missing (no store domain, an order id that is not a Shopify GID, another helpdesk, no console)
// leaves that link out rather than send a broken one. Locally, the sandbox's own pages stand in for the
// admin and the helpdesk.
import { numericOrderId } from '../domain/order-ids.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { StepDeps } from '../step/deps.js';

export interface CaseLink {
  label: string;
  url: string;
}

type LinkTenant = Pick<StepDeps['tenant'], 'store' | 'helpdesk' | 'consoleBaseUrl' | 'sandboxPagesBaseUrl'>;

const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** The ticket page of each helpdesk the agent can be deployed with; others get no link. */
const TICKET_PATHS: Partial<Record<string, { name: string; path: (id: string) => string }>> = {
  zendesk: { name: 'Zendesk', path: (id) => `/agent/tickets/${id}` },
  gorgias: { name: 'Gorgias', path: (id) => `/app/ticket/${id}` },
};

/** An http(s) base URL without its trailing slash, or null when it is not one. */
function baseUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return value.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** The order's page in Shopify admin; any run-like value with the order's id will do (a candidate order too). */
export function orderAdminUrl(run: { order: { orderId: string } | null }, tenant: LinkTenant): string | null {
  const domain = tenant.store?.domain
    ?.trim()
    .replace(/^https:\/\//, '')
    .replace(/\/+$/, '');
  const id = run.order ? numericOrderId(run.order.orderId) : null;
  if (!domain || !HOSTNAME.test(domain) || !id) return null;
  return `https://${domain}/admin/orders/${id}`;
}

export function ticketUrl(run: Run, tenant: LinkTenant): { helpdesk: string; url: string } | null {
  const kind = tenant.helpdesk?.kind;
  const helpdesk = kind ? TICKET_PATHS[kind] : undefined;
  const base = baseUrl(tenant.helpdesk?.baseUrl);
  // Only the tenant's own helpdesk: a ticket id means nothing in another one.
  if (!helpdesk || !base || run.ticket.helpdesk !== kind || !/^[A-Za-z0-9_-]+$/.test(run.ticket.ticketId)) return null;
  return { helpdesk: helpdesk.name, url: `${base}${helpdesk.path(encodeURIComponent(run.ticket.ticketId))}` };
}

export function consoleRunUrl(run: Run, tenant: LinkTenant): string | null {
  const base = baseUrl(tenant.consoleBaseUrl);
  return base ? `${base}/runs/${encodeURIComponent(run.runId)}` : null;
}

/** Every link the case has, in the order a lead checks them. */
export function caseLinks(run: Run, tenant: LinkTenant): CaseLink[] {
  const links: CaseLink[] = [];
  const sandbox = baseUrl(tenant.sandboxPagesBaseUrl);
  const order = orderAdminUrl(run, tenant);
  if (order) links.push({ label: `Order #${run.order?.orderNumber ?? ''} in Shopify admin`, url: order });
  else if (sandbox && run.order && /^\d+$/.test(run.order.orderNumber)) {
    links.push({ label: `Order #${run.order.orderNumber} in the sandbox store`, url: `${sandbox}/sandbox/orders/${run.order.orderNumber}` });
  }
  const ticket = ticketUrl(run, tenant);
  if (ticket) links.push({ label: `Ticket ${run.ticket.ticketId} in ${ticket.helpdesk}`, url: ticket.url });
  else if (sandbox && /^[A-Za-z0-9_-]+$/.test(run.ticket.ticketId)) {
    links.push({
      label: `Ticket ${run.ticket.ticketId} in the sandbox helpdesk`,
      url: `${sandbox}/sandbox/tickets/${encodeURIComponent(run.ticket.ticketId)}`,
    });
  }
  const console = consoleRunUrl(run, tenant);
  if (console) links.push({ label: 'This run in the refund-agent console', url: console });
  return links;
}
