// `npm run bench`: speed and modelled cost of the pipeline, measured in one run on the local
// runtime, reported as ratios so the numbers compare across machines:
//  - what the harness + MCP path costs over a direct Shopify adapter call (get_order);
//  - the agent's time on the approval path over the automatic path;
//  - the modelled model cost of a ticket (offline token estimates priced as the default models)
//    over the figure the design was costed at.
// Bounded: a fixed number of tickets, loopback only, stops by itself.
import '../local/node-warnings.js';
import { parseArgs } from 'node:util';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { costMicros } from '#harness/models/prices.js';
import { DEFAULT_MODEL_CHOICES } from '#harness/adapters/models/select.js';
import { benchFixture } from './fixture.js';
import { median, percentile, round } from './stats.js';

const { values } = parseArgs({ options: { auto: { type: 'string', default: '20' }, approval: { type: 'string', default: '5' } } });
const AUTO = Number(values.auto);
const APPROVAL = Number(values.approval);
const SECRET = 'bench-zendesk-secret';
const APPROVER = 'lead@bench.example';
/** The design's modelled model cost of an automatic ticket: $0.0324 (triage, two order-agent turns, reply, check). */
const DESIGN_MODEL_COST_MICROS = 32_400;
const SPECIALIST_MODEL: Record<string, string> = {
  triage: DEFAULT_MODEL_CHOICES.triage,
  order_agent: DEFAULT_MODEL_CHOICES.orderAgent,
  reply_agent: DEFAULT_MODEL_CHOICES.replyAgent,
  reply_check: DEFAULT_MODEL_CHOICES.replyCheck,
};

type RunView = { status: string; journal: Array<{ kind: string; name: string; latencyMs: number; inputTokens: number | null; outputTokens: number | null }> };

async function send(rt: LocalRuntime, i: number, text: string): Promise<string> {
  const body = JSON.stringify({
    id: `bench-event-${i}`,
    type: 'zen:event-type:ticket.created',
    time: new Date().toISOString(),
    detail: { id: String(70000 + i), requester_id: `9${8000 + i}`, subject: 'Refund', description: text },
    event: {},
  });
  const res = await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, body, new Date()), body });
  if (res.status !== 202) throw new Error(`webhook answered ${res.status}`);
  return ((await res.json()) as { runId: string }).runId;
}

/** The execution starts once the run starter has taken the ticket off the queue; returns when that was. */
async function started(rt: LocalRuntime, runId: string): Promise<number> {
  for (let tries = 0; !rt.engine.describe(runId); tries++) {
    if (tries > 5000) throw new Error(`run ${runId} never started`);
    await new Promise((r) => setTimeout(r, 1));
  }
  return performance.now();
}

async function finished(rt: LocalRuntime, runId: string): Promise<void> {
  await started(rt, runId);
  await rt.engine.waitFor(runId);
}

async function run(rt: LocalRuntime, runId: string): Promise<RunView> {
  return (await (await fetch(`${rt.urls.runs}/${runId}`)).json()) as RunView;
}

async function until(rt: LocalRuntime, runId: string, status: string): Promise<RunView> {
  for (let tries = 0; tries < 2000; tries++) {
    const view = await run(rt, runId);
    if (view.status === status) return view;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`run ${runId} never reached ${status}`);
}

/** Each ticket's model rows priced as if the default models had answered with the same token counts. */
function modelledMicros(view: RunView): number {
  return view.journal
    .filter((row) => row.kind === 'model')
    .reduce((sum, row) => {
      const model = SPECIALIST_MODEL[row.name];
      if (!model) return sum;
      const usage = { inputTokens: row.inputTokens ?? 0, outputTokens: row.outputTokens ?? 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
      return sum + costMicros('anthropic', model, usage);
    }, 0);
}

/** Automatic path: webhook in → execution finished, one ticket at a time. */
async function runAutomatic(rt: LocalRuntime) {
  const autoMs: number[] = [];
  const queueMs: number[] = [];
  const executionMs: number[] = [];
  const autoViews: RunView[] = [];
  for (let i = 0; i < AUTO; i++) {
    const sent = performance.now();
    const runId = await send(rt, i, `Hello, the mug in order ${2000 + i} arrived cracked. Please refund it.`);
    const began = await started(rt, runId);
    await rt.engine.waitFor(runId);
    const ended = performance.now();
    autoMs.push(ended - sent);
    queueMs.push(began - sent);
    executionMs.push(ended - began);
    process.stderr.write(`\rautomatic ${i + 1}/${AUTO}`);
    autoViews.push(await run(rt, runId));
  }
  const notDone = autoViews.filter((v) => v.status !== 'done');
  if (notDone.length > 0)
    throw new Error(`${notDone.length} automatic tickets did not end done: ${JSON.stringify((notDone[0] as unknown as { escalation: unknown }).escalation)}`);
  return { autoMs, queueMs, executionMs, autoViews };
}

/** Approval path: the agent's time to the approval request, then approve → done. */
async function runApprovals(rt: LocalRuntime) {
  const toRequestMs: number[] = [];
  const afterApprovalMs: number[] = [];
  for (let i = AUTO; i < AUTO + APPROVAL; i++) {
    const started = performance.now();
    const runId = await send(rt, i, `The wool throw blanket from order ${2000 + i} arrived damaged. Refund please.`);
    await until(rt, runId, 'awaiting_approval');
    toRequestMs.push(performance.now() - started);
    const { emails } = (await (await fetch(rt.urls.mail)).json()) as { emails: Array<{ body: { text?: string } }> };
    const link = emails
      .map((e) => /(http:\/\/\S+\/approvals\/\S+)/.exec(e.body.text ?? '')?.[1])
      .filter(Boolean)
      .at(-1)!;
    const formToken = /name="formToken" value="([^"]+)"/.exec(await (await fetch(link)).text())![1]!;
    const decided = performance.now();
    const approved = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ formToken, decision: 'approve', as: new URL(link).searchParams.get('as') ?? '' }).toString(),
    });
    if (approved.status !== 200) throw new Error(`approving answered ${approved.status}`);
    await finished(rt, runId);
    afterApprovalMs.push(performance.now() - decided);
    process.stderr.write(`\rapproval ${i - AUTO + 1}/${APPROVAL}  `);
  }
  return { toRequestMs, afterApprovalMs };
}

/** get_order as a direct adapter call against the same sandbox store. */
async function directGetOrderMs(rt: LocalRuntime): Promise<number[]> {
  const shopify = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: rt.store.url, accessToken: 'shpat_local_sandbox' }) });
  const directMs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await shopify.getOrderByNumber(String(2000 + (i % AUTO)));
    directMs.push(performance.now() - started);
  }
  return directMs;
}

async function main() {
  const rt = await startLocalRuntime({
    port: 0,
    fixture: benchFixture({ autoTickets: AUTO, approvalTickets: APPROVAL }),
    tenant: 'bench',
    approverEmails: [APPROVER],
    zendeskSecret: SECRET,
  });
  try {
    const { autoMs, queueMs, executionMs, autoViews } = await runAutomatic(rt);
    const { toRequestMs, afterApprovalMs } = await runApprovals(rt);

    // get_order: direct adapter call against the same sandbox store vs the harness + MCP path (journaled latency).
    const directMs = await directGetOrderMs(rt);
    const viaHarnessMs = autoViews.flatMap((v) => v.journal.filter((row) => row.kind === 'tool' && row.name === 'get_order').map((row) => row.latencyMs));
    const toolShare = median(autoViews.map((v) => v.journal.filter((r) => r.kind === 'tool').reduce((s, r) => s + r.latencyMs, 0))) / median(executionMs);
    const modelled = autoViews.map(modelledMicros);

    const rows: Array<[string, string]> = [
      ['automatic ticket, webhook → done (median / p90)', `${round(median(autoMs))} ms / ${round(percentile(autoMs, 90))} ms`],
      ['  of which queue → execution start (local SQS poll)', `${round(median(queueMs))} ms`],
      ['  of which execution, Triage → CheckReply (median)', `${round(median(executionMs))} ms`],
      ['approval ticket, webhook → approval requested (median)', `${round(median(toRequestMs))} ms`],
      ['approval ticket, approve → done (median)', `${round(median(afterApprovalMs))} ms`],
      ['get_order direct adapter (median)', `${round(median(directMs), 2)} ms`],
      ['get_order via harness + MCP (median, journaled)', `${round(median(viaHarnessMs), 2)} ms`],
      ['tool time share of an execution (median)', `${round(toolShare * 100)} %`],
      ['modelled model cost of an automatic ticket (median)', `${median(modelled)} µ$ (offline token estimates at default-model prices)`],
    ];
    const ratios: Array<[string, number]> = [
      ['harness + MCP / direct adapter (get_order)', round(median(viaHarnessMs) / median(directMs), 2)],
      ['approval path agent time / automatic path', round((median(toRequestMs) + median(afterApprovalMs)) / median(autoMs), 2)],
      ['modelled cost / design figure ($0.0324)', round(median(modelled) / DESIGN_MODEL_COST_MICROS, 2)],
    ];
    console.log(`\nrefund-agent bench: ${AUTO} automatic and ${APPROVAL} approval tickets on the local runtime (Node ${process.versions.node})\n`);
    for (const [name, value] of rows) console.log(`  ${name.padEnd(58)} ${value}`);
    console.log('\n  ratios');
    for (const [name, value] of ratios) console.log(`  ${name.padEnd(58)} ${value}`);
    console.log('');
  } finally {
    await rt.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${(error as Error).stack}`);
  process.exit(1);
});
