/* eslint-disable @typescript-eslint/no-explicit-any -- these helpers read loosely typed JSON from HTTP answers */
// End-to-end helpers: a local runtime on random ports, signed Zendesk webhooks (and Gorgias's
// shared-secret ones), a customer's photo attached in the sandbox helpdesk, and the ways a person
// would look at the outcome (runs API, captured mail, the store's GraphQL, helpdesk notes).
import { expect } from 'vitest';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { SHARED_SECRET_HEADER } from '#functions/intake/webhook-ingest/shared-secret.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '#local/runtime.js';

export const SECRET = 'e2e-zendesk-secret';
export const APPROVER = 'lead@demo-store.example';

export const SECOND_APPROVER = 'owner@demo-store.example';
/** The Gorgias HTTP integration's shared secret (X-Webhook-Secret) of a runtime started with GORGIAS_RUNTIME. */
export const GORGIAS_SECRET = 'e2e-gorgias-secret';
/** startRuntime's options for a Gorgias tenant: its API for requesters and notes, its webhook route open. */
export const GORGIAS_RUNTIME = { helpdesk: 'gorgias', webhookSecrets: { gorgias: GORGIAS_SECRET } } as const;

/** A local runtime on a random port, signed Zendesk webhooks, one approver; the demo store unless a fixture is given. */
export function startRuntime(
  extra: Partial<
    Pick<
      LocalRuntimeOptions,
      'timer' | 'approverEmails' | 'fixture' | 'policy' | 'clock' | 'shopifyWebhookSecret' | 'returnAddress' | 'bankTimes' | 'helpdesk' | 'webhookSecrets'
    >
  > = {},
): Promise<LocalRuntime> {
  return startLocalRuntime({
    port: 0,
    fixture: demoFixture(),
    tenant: 'demo',
    approverEmails: [APPROVER],
    zendeskSecret: SECRET,
    retryIntervalMs: 0,
    ...extra,
  });
}

let eventCounter = 0;
export function ticketCreated(input: { ticketId: string; requesterId: string; text: string; eventId?: string }): string {
  eventCounter += 1;
  return JSON.stringify({
    id: input.eventId ?? `e2e-event-${process.pid}-${eventCounter}`,
    type: 'zen:event-type:ticket.created',
    time: new Date().toISOString(),
    subject: `zen:ticket:${input.ticketId}`,
    zendesk_event_version: '2022-11-06',
    event: {},
    detail: { id: input.ticketId, requester_id: input.requesterId, subject: input.text.slice(0, 40), description: input.text },
  });
}

/** A file as the sandbox helpdesk lists it: its link is on the helpdesk's own origin. */
export type SandboxAttachment = { name: string; contentType: string; size: number; url: string };

/** The customer attaches a photo (a PNG the sandbox draws) to the ticket in the sandbox helpdesk. */
export async function attachPhoto(rt: LocalRuntime, ticketId: string, name: string): Promise<SandboxAttachment> {
  const res = await fetch(`${rt.urls.helpdeskTickets}/${ticketId}/attachments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { attachment: SandboxAttachment }).attachment;
}

/** Zendesk's per-file event: the requester's file linked to the ticket's comment (it carries no text). */
export function attachmentLinked(input: { ticketId: string; requesterId: string; attachment: SandboxAttachment }): string {
  eventCounter += 1;
  const { attachment } = input;
  return JSON.stringify({
    id: `e2e-attachment-${process.pid}-${eventCounter}`,
    type: 'zen:event-type:ticket.attachment_linked_to_comment',
    time: new Date().toISOString(),
    subject: `zen:ticket:${input.ticketId}`,
    zendesk_event_version: '2022-11-06',
    event: {
      comment: {
        id: `${eventCounter}`,
        attachment: {
          id: `${eventCounter}`,
          filename: attachment.name,
          content_type: attachment.contentType,
          content_url: attachment.url,
          size: attachment.size,
        },
      },
    },
    detail: { id: input.ticketId, requester_id: input.requesterId, actor_id: input.requesterId },
  });
}

/** Gorgias's "ticket message created": the customer's message object, with its files. */
export function gorgiasMessageCreated(input: {
  ticketId: string;
  requesterId: string;
  requesterEmail: string;
  text: string;
  attachments?: readonly SandboxAttachment[];
}): string {
  eventCounter += 1;
  return JSON.stringify({
    id: `${process.pid}${eventCounter}`,
    ticket_id: input.ticketId,
    from_agent: false,
    channel: 'email',
    via: 'email',
    subject: input.text.slice(0, 40),
    stripped_text: input.text,
    body_text: input.text,
    sender: { id: input.requesterId, email: input.requesterEmail },
    attachments: (input.attachments ?? []).map((a) => ({ url: a.url, name: a.name, size: a.size, content_type: a.contentType })),
    created_datetime: new Date().toISOString(),
  });
}

/** POSTs a Gorgias delivery with the shared secret, as the HTTP integration sends it. */
export async function postGorgiasWebhook(rt: LocalRuntime, body: string, secret = GORGIAS_SECRET): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${rt.urls.webhooks}/gorgias`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SHARED_SECRET_HEADER]: secret },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export async function postWebhook(rt: LocalRuntime, body: string, secret = SECRET): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(secret, body, new Date()), body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export type RunView = Record<string, any> & { status: string; state: string; journal: Array<Record<string, any>> };

export async function getRun(rt: LocalRuntime, runId: string): Promise<RunView | null> {
  const res = await fetch(`${rt.urls.runs}/${runId}`);
  return res.status === 404 ? null : ((await res.json()) as RunView);
}

/**
 * Polls the runs API until the run is in one of the states (real HTTP, bounded). The bound is for a
 * run that never gets there; a run takes a few seconds alone, several times that on two busy cores.
 */
export async function waitForRun(rt: LocalRuntime, runId: string, until: (run: RunView) => boolean, timeoutMs = 45_000): Promise<RunView> {
  const deadline = Date.now() + timeoutMs;
  let last: RunView | null = null;
  while (Date.now() < deadline) {
    last = await getRun(rt, runId);
    if (last && until(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `run ${runId} did not reach the expected state; last: ${JSON.stringify(last && { status: last.status, state: last.state, escalation: last.escalation })}`,
  );
}

export const settled = (run: RunView) => run.status === 'done' || run.status === 'escalated';

/** The order's refunds as the Shopify Admin GraphQL endpoint of the sandbox store reports them. */
export async function storeRefunds(rt: LocalRuntime, orderNumber: string): Promise<Array<{ id: string; amount: string; currency: string }>> {
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({
      query: `query($q: String!) { orders(first: 1, query: $q) { nodes { name refunds { id totalRefundedSet { shopMoney { amount currencyCode } } } } } }`,
      variables: { q: `name:${orderNumber}` },
    }),
  });
  const body = (await res.json()) as any;
  expect(body.errors).toBeUndefined();
  const order = body.data.orders.nodes[0];
  return order.refunds.map((r: any) => ({ id: r.id, amount: r.totalRefundedSet.shopMoney.amount, currency: r.totalRefundedSet.shopMoney.currencyCode }));
}

/** The order's refunds with their transactions, as the store's Admin GraphQL reports them. */
export async function refundTransactions(rt: LocalRuntime, orderNumber: string): Promise<Array<{ gateway: string; amount: string; parent: string }>[]> {
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({
      query: `query($q: String!) { orders(first: 1, query: $q) { nodes { refunds {
        transactions(first: 10) { nodes { kind gateway amountSet { shopMoney { amount } } parentTransaction { id } } } } } } }`,
      variables: { q: `name:${orderNumber}` },
    }),
  });
  const body = (await res.json()) as any;
  expect(body.errors).toBeUndefined();
  return body.data.orders.nodes[0].refunds.map((r: any) =>
    r.transactions.nodes.map((t: any) => ({ gateway: t.gateway, amount: t.amountSet.shopMoney.amount, parent: t.parentTransaction.id })),
  );
}

export async function ticketNotes(rt: LocalRuntime, ticketId: string): Promise<Array<{ body: string; public: boolean }>> {
  const res = await fetch(`${rt.urls.helpdeskTickets}/${ticketId}`);
  const body = (await res.json()) as { ticket: { notes: Array<{ body: string; public: boolean }> } };
  return body.ticket.notes;
}

export type CapturedEmail = { destination: { to: string[] }; body: { text?: string; html?: string } };

export async function capturedEmails(rt: LocalRuntime): Promise<CapturedEmail[]> {
  const res = await fetch(rt.urls.mail);
  return ((await res.json()) as { emails: CapturedEmail[] }).emails;
}

/**
 * The captured emails once there are at least `count`: RequestApproval marks the run awaiting approval
 * before it emails each approver in turn, so a test that waited for the status may read before the last.
 */
export async function waitForEmails(rt: LocalRuntime, count: number, timeoutMs = 30_000): Promise<CapturedEmail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const emails = await capturedEmails(rt);
    if (emails.length >= count || Date.now() > until) return emails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const linksIn = (email: CapturedEmail) => [...(email.body.text ?? '').matchAll(/(http:\/\/\S+\/approvals\/\S+)/g)].map((m) => m[1]!);

export async function approvalLinks(rt: LocalRuntime): Promise<string[]> {
  return (await capturedEmails(rt)).flatMap(linksIn);
}

export async function formTokenOf(link: string): Promise<string> {
  const html = await (await fetch(link)).text();
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no form on the approval page');
  return match[1]!;
}

/** POSTs the confirmation form the way the browser does: to the page URL, with the link's approver token. */
export async function decide(link: string, decision: 'approve' | 'reject', formToken: string, reason = ''): Promise<{ status: number; html: string }> {
  const url = new URL(link);
  const as = url.searchParams.get('as') ?? '';
  const res = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ formToken, decision, as, reason }).toString(),
  });
  return { status: res.status, html: await res.text() };
}
