// The local console: one page listing runs with their state, and the URLs of everything else.
import type { Run } from '#harness/domain/types.js';
import { formatMoney } from '#harness/domain/money.js';
import { escapeHtml as e } from '#functions/shared/http.js';

export function consolePage(runs: Run[], urls: Record<string, string>): string {
  const rows = runs
    .map(
      (r) => `<tr><td><a href="/api/runs/${e(r.runId)}">${e(r.runId)}</a></td><td>${e(r.status)}</td><td>${e(r.state)}</td>
<td>${e(r.ticket.ticketId)}</td><td>${e(r.order?.orderNumber ?? r.triage?.orderNumber ?? '')}</td>
<td>${r.refund ? e(formatMoney(r.refund.amountMinor, r.refund.currency)) : ''}</td>
<td>${r.approval ? e(r.approval.status) : ''}</td>
<td>${e(r.escalation?.reason ?? '')}</td><td>${r.costMicros}</td><td>${e(r.updatedAt)}</td></tr>`,
    )
    .join('\n');
  // Approval links are per approver and only travel by email (see /api/mail), never on this page.
  const links = Object.entries(urls)
    .map(([name, url]) => `<li>${e(name)}: <a href="${e(url)}">${e(url)}</a></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>refund-agent (local)</title>
<meta http-equiv="refresh" content="3">
<style>body{font-family:system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.3rem .6rem;text-align:left;font-size:.9rem}</style>
</head><body><h1>refund-agent — local runtime</h1><ul>${links}</ul>
<h2>Runs</h2><table><tr><th>run</th><th>status</th><th>state</th><th>ticket</th><th>order</th><th>refund</th><th>approval</th><th>escalation</th><th>cost µ$</th><th>updated (UTC)</th></tr>
${rows || '<tr><td colspan="10">No runs yet. Send a ticket: npm run ticket -- events/zendesk-ticket-created-mug-cracked.json</td></tr>'}</table></body></html>`;
}
