// `npm run ticket -- <event.json | "ticket text"> [--requester 9001] [--url http://127.0.0.1:4000]`
// Signs a Zendesk event webhook the way Zendesk does and posts it to the local runtime.
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
  },
});
const what = positionals[0];
if (!what) {
  console.error('usage: npm run ticket -- <event.json | "ticket text"> [--requester 9001] [--ticket 6001] [--url URL] [--helpdesk URL]');
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
const res = await fetch(`${values.url}/webhooks/zendesk`, {
  method: 'POST',
  headers: zendeskSignedHeaders(secret, body, new Date()),
  body,
});
const text = await res.text();
console.log(res.status, text);
const runId = res.ok ? (JSON.parse(text) as { runId?: string }).runId : undefined;
if (runId) console.log(`follow it: ${values.url}/api/runs/${runId}`);
if (!res.ok) process.exitCode = 1;
