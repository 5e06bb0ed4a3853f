// `npm run ticket -- <event.json | "ticket text"> [--requester 9001] [--attachment photo.png] [--url http://127.0.0.1:4000]`
// Signs a Zendesk event webhook the way Zendesk does and posts it to the local runtime. With
// --attachment, the sandbox helpdesk attaches a photo of that name to the ticket and a second
// webhook links it, as Zendesk sends each file (ticket.attachment_linked_to_comment).
import { readFileSync, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { DEV_ZENDESK_WEBHOOK_SECRET } from './config.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 4000}` },
    // The sandbox helpdesk (npm start puts it on PORT+2): the ticket must exist there for the draft.
    helpdesk: { type: 'string', default: `http://127.0.0.1:${Number(process.env.PORT ?? 4000) + 2}` },
    requester: { type: 'string', default: '9001' },
    ticket: { type: 'string' },
    attachment: { type: 'string' },
  },
});
const what = positionals[0];
if (!what) {
  console.error(
    'usage: npm run ticket -- <event.json | "ticket text"> [--requester 9001] [--ticket 6001] [--attachment photo.png] [--url URL] [--helpdesk URL]',
  );
  process.exit(2);
}

function eventFromText(text: string) {
  const now = new Date().toISOString();
  const ticketId = values.ticket ?? String(6000 + Math.floor(Math.random() * 3000));
  return {
    id: randomUUID(),
    type: 'zen:event-type:ticket.created',
    time: now,
    subject: `zen:ticket:${ticketId}`,
    zendesk_event_version: '2022-11-06',
    event: {},
    detail: { id: ticketId, requester_id: values.requester, subject: text.slice(0, 60), description: text, status: 'NEW', created_at: now, updated_at: now },
  };
}

const body = existsSync(what) ? readFileSync(what, 'utf8') : JSON.stringify(eventFromText(what));

// A real helpdesk has the ticket before it calls the webhook: open it in the sandbox helpdesk first.
const detail = (JSON.parse(body) as { detail?: { id?: unknown; requester_id?: unknown; subject?: unknown } }).detail;
if (detail?.id !== undefined && detail.requester_id !== undefined) {
  await fetch(`${values.helpdesk}/sandbox/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: String(detail.id), requesterId: String(detail.requester_id), subject: String(detail.subject ?? '').slice(0, 200) }),
  }).catch(() => console.error(`note: the sandbox helpdesk at ${values.helpdesk} did not answer; the draft may have no ticket to land on`));
}
const secret = process.env.ZENDESK_WEBHOOK_SECRET ?? DEV_ZENDESK_WEBHOOK_SECRET;
const send = (payload: string) =>
  fetch(`${values.url}/webhooks/zendesk`, { method: 'POST', headers: zendeskSignedHeaders(secret, payload, new Date()), body: payload });
const res = await send(body);
const text = await res.text();
console.log(res.status, text);
const runId = res.ok ? (JSON.parse(text) as { runId?: string }).runId : undefined;
if (runId) console.log(`follow it: ${values.url}/api/runs/${runId}`);
if (!res.ok) process.exitCode = 1;

if (res.ok && values.attachment) await sendAttachment(values.attachment);

/** The photo attached in the sandbox helpdesk, then Zendesk's per-file event linking it to the ticket's first comment. */
async function sendAttachment(name: string): Promise<void> {
  if (detail?.id === undefined || detail.requester_id === undefined) {
    console.error('note: --attachment needs a ticket event with detail.id and detail.requester_id; no attachment sent');
    process.exitCode = 1;
    return;
  }
  const attached = await fetch(`${values.helpdesk}/sandbox/tickets/${encodeURIComponent(String(detail.id))}/attachments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  }).catch(() => null);
  if (!attached?.ok) {
    console.error(`note: the sandbox helpdesk at ${values.helpdesk} did not attach the photo (${attached?.status ?? 'no answer'}); no attachment sent`);
    process.exitCode = 1;
    return;
  }
  const { attachment } = (await attached.json()) as { attachment: { name: string; contentType: string; size: number; url: string } };
  const linked = JSON.stringify({
    id: randomUUID(),
    type: 'zen:event-type:ticket.attachment_linked_to_comment',
    time: new Date().toISOString(),
    subject: `zen:ticket:${String(detail.id)}`,
    zendesk_event_version: '2022-11-06',
    event: {
      comment: {
        id: randomUUID(),
        attachment: { id: randomUUID(), filename: attachment.name, content_type: attachment.contentType, content_url: attachment.url, size: attachment.size },
      },
    },
    detail: { id: String(detail.id), requester_id: String(detail.requester_id), actor_id: String(detail.requester_id), subject: String(detail.subject ?? '') },
  });
  const sent = await send(linked);
  console.log(sent.status, await sent.text(), `(attachment ${attachment.name})`);
  if (!sent.ok) process.exitCode = 1;
}
