// A refund that needs a lead, as the approval email tests and the screenshot script see it: a
// French store (EUR, fr-FR, Europe/Paris) on Zendesk, an order with several lines (one of them
// partly refunded already), a customer with refunds in the last 90 days and one older, and the
// gate's decision computed by the real policy over those facts.
import type { OrderFacts, Proposal, Triage } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createPolicy } from '#harness/policy/document.js';
import { decideGate } from '#harness/policy/gate.js';
import type { ApprovalDisplay } from '#functions/shared/approvals/approval-view.js';
import { NOW, daysAgo, makeRun } from '../../../support/steps.js';

export const PARIS = createPolicy({ timeZone: 'Europe/Paris' });

export const TENANT: ApprovalDisplay = {
  store: { name: 'Atelier Lumière', domain: 'atelier-lumiere.myshopify.com', locale: 'fr-FR', timeZone: 'Europe/Paris' },
  helpdesk: { kind: 'zendesk', baseUrl: 'https://atelier-lumiere.zendesk.com' },
  consoleBaseUrl: 'https://console.atelier-lumiere.example',
};

export const TICKET_BODY =
  'Hello, my order 1002 came yesterday. The wool throw blanket arrived damaged with a big hole, and 2 of the linen tea towels are torn. Please refund them. Thanks, Camille';

const BLANKET = 'gid://shopify/LineItem/90011';
const TOWEL = 'gid://shopify/LineItem/90012';
const BOWL = 'gid://shopify/LineItem/90013';

export const ORDER: OrderFacts = {
  orderId: 'gid://shopify/Order/5512345678',
  orderNumber: '1002',
  currency: 'EUR',
  customerId: 'gid://shopify/Customer/7',
  customerEmail: 'camille@example.fr',
  lineItems: [
    {
      id: BLANKET,
      title: 'Wool throw blanket',
      quantity: 1,
      refundableQuantity: 1,
      unitPriceMinor: 6200,
      fulfilledAt: daysAgo(5),
      fulfilledQuantity: 1,
      deliveredAt: daysAgo(1),
    },
    {
      id: TOWEL,
      title: 'Linen tea towel',
      quantity: 4,
      refundableQuantity: 3,
      unitPriceMinor: 950,
      fulfilledAt: daysAgo(5),
      fulfilledQuantity: 4,
      deliveredAt: daysAgo(1),
    },
    {
      id: BOWL,
      title: 'Stoneware bowl',
      quantity: 2,
      refundableQuantity: 2,
      unitPriceMinor: 2400,
      fulfilledAt: daysAgo(5),
      fulfilledQuantity: 2,
      deliveredAt: null,
    },
  ],
  maximumRefundableMinor: 6200 + 3 * 950 + 2 * 2400,
  parentTransaction: { id: 'gid://shopify/OrderTransaction/1', gateway: 'shopify_payments' },
  refunds: [{ refundId: 'gid://shopify/Refund/41', createdAt: '2026-09-01T09:30:00.000Z', amountMinor: 950, lineItems: [{ lineItemId: TOWEL, quantity: 1 }] }],
  refundsLast90Days: 2,
  recentRefunds: [
    { refundId: 'gid://shopify/Refund/41', orderNumber: '1002', createdAt: '2026-09-01T09:30:00.000Z', amountMinor: 950, currency: 'EUR' },
    { refundId: 'gid://shopify/Refund/33', orderNumber: '987', createdAt: '2026-07-15T16:00:00.000Z', amountMinor: 1550, currency: 'EUR' },
    // Outside the 90 days before the ticket (23 Sept 2026): read, but not shown or counted.
    { refundId: 'gid://shopify/Refund/12', orderNumber: '950', createdAt: '2026-05-02T10:00:00.000Z', amountMinor: 4000, currency: 'EUR' },
  ],
  binding: 'named',
};

export const TRIAGE: Triage = {
  intent: 'refund_request',
  confidence: 0.95,
  orderNumber: '1002',
  orderNumbersMentioned: ['1002'],
  orderQuote: null,
  language: 'en',
  reason: 'damaged',
  itemHints: ['wool throw blanket', 'linen tea towels'],
  riskFlags: [],
};

export const PROPOSAL: Proposal = {
  remedy: 'refund',
  lineItems: [
    { lineItemId: BLANKET, quantity: 1, quote: 'The wool throw blanket arrived damaged with a big hole' },
    { lineItemId: TOWEL, quantity: 2, quote: '2 of the linen tea towels are torn' },
  ],
  amountMinor: 6200 + 2 * 950,
  currency: 'EUR',
  reason: 'damaged',
  unclear: null,
  evidence: ['blanket damaged', 'two towels torn'],
};

/** The run as RequestApproval reads it: gate decided by the real policy, waiting for a lead. */
export function approvalRun(overrides: Partial<Run> = {}): Run {
  const base = makeRun({
    runId: 'run-8f3a2c',
    tenant: 'atelier',
    status: 'awaiting_approval',
    state: 'RequestApproval',
    ticket: {
      tenant: 'atelier',
      helpdesk: 'zendesk',
      eventId: 'evt-5001',
      eventType: 'ticket.created',
      ticketId: '5001',
      requesterId: '9001',
      requesterEmail: 'camille@example.fr',
      subject: 'Damaged blanket and torn tea towels',
      body: TICKET_BODY,
      receivedAt: NOW.toISOString(),
    },
    triage: TRIAGE,
    order: ORDER,
    proposal: PROPOSAL,
  });
  const run = { ...base, ...overrides };
  const gate = decideGate({
    ticketEmail: run.ticket.requesterEmail,
    customerText: [run.ticket.subject, run.ticket.body],
    ticketReceivedAt: run.ticket.receivedAt,
    triage: run.triage!,
    order: run.order!,
    proposal: run.proposal!,
    policy: PARIS,
    now: NOW,
  });
  return { ...run, gate: overrides.gate ?? gate };
}

export const EXPIRES_AT = new Date(NOW.getTime() + 24 * 3_600_000).toISOString();
export const LINK = 'https://abc123.execute-api.eu-west-3.amazonaws.com/approvals/apr_0001?as=k.mac';
