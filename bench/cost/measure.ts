// Runs the demo tickets through the local runtime one at a time and measures what each asks of AWS:
// state transitions and step durations from the execution's history, the run starter and the MCP
// server from the meter (meter.ts), webhook and approval requests timed as sent, DynamoDB units, SQS
// requests, emails, log bytes, and what the table keeps. Then one stalled-run sweep over the result.
// Used by bench/cost.ts (`npm run cost`) and test/e2e/cost.test.ts (the ceilings).
import '../../local/node-warnings.js';
import { ScanCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { zendeskSignedHeaders } from '#functions/webhook-ingest/zendesk.js';
import { emfLine } from '#shared/metrics.js';
import { costMicros } from '#harness/models/prices.js';
import { DEFAULT_MODEL_CHOICES } from '#harness/models/select.js';
import { LOCAL_AWS } from '#local/emulators/listen.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { FUNCTIONS, ROUTES, STATE_FUNCTIONS, type FunctionName } from '../../infra/lib/functions.js';
import { benchFixture } from '../fixture.js';
import { itemSize } from './capacity.js';
import { ASSUMPTIONS, type SweepUsage, type TicketUsage } from './estimate.js';
import { diffCounts, snapshot, startMeter, type Counts } from './meter.js';

export type TicketKind = 'automatic' | 'approval';
export type Invocation = { fn: FunctionName; ms: number };
/** One ticket as measured, before averaging: what estimate.ts prices, and the raw invocations. */
export type MeasuredTicket = { kind: TicketKind; runId: string; status: string; usage: TicketUsage; invocations: Invocation[]; counts: Counts };
export type Measurement = { tickets: MeasuredTicket[]; sweep: SweepUsage; tableBytes: number; node: string };

const SECRET = 'cost-zendesk-secret';
const APPROVER = 'lead@cost.example';
const TEXT: Record<TicketKind, (order: number) => string> = {
  automatic: (order) => `Hello, the mug in order ${order} arrived cracked. Please refund it.`,
  approval: (order) => `The wool throw blanket from order ${order} arrived damaged. Refund please.`,
};
const SPECIALIST_MODEL: Record<string, string> = {
  triage: DEFAULT_MODEL_CHOICES.triage,
  order_agent: DEFAULT_MODEL_CHOICES.orderAgent,
  reply_agent: DEFAULT_MODEL_CHOICES.replyAgent,
  reply_check: DEFAULT_MODEL_CHOICES.replyCheck,
};
/** Routes served by a Lambda function behind API Gateway (ROUTES); the MCP server has none, its URL is its own. */
const routeFunction = (method: string, path: string): FunctionName => ROUTES.find((r) => r.method === method && r.path === path)!.fn;
const MCP_BEHIND_API = ROUTES.some((route) => route.fn === 'mcp');

type RunView = { status: string; journal: Array<{ kind: string; name: string; step: string; inputTokens: number | null; outputTokens: number | null }> };

const billedGbSeconds = (invocations: Invocation[]) =>
  invocations.reduce((sum, i) => sum + (Math.max(1, Math.ceil(i.ms)) * FUNCTIONS[i.fn].memoryMb) / 1024 / 1000, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** Bytes the table holds, counted by a client of its own (not metered). */
async function tableBytes(rt: LocalRuntime): Promise<number> {
  const raw = new DynamoDBClient({ ...LOCAL_AWS, endpoint: rt.dynamo.endpoint });
  let bytes = 0;
  let start: Record<string, never> | undefined;
  do {
    const page = await raw.send(new ScanCommand({ TableName: rt.dynamo.tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) bytes += itemSize(item);
    start = page.LastEvaluatedKey as typeof start;
  } while (start);
  raw.destroy();
  return bytes;
}

export async function measure(input: { automatic: number; approval: number; onProgress?: (line: string) => void }): Promise<Measurement> {
  const appLogBytes = { total: 0 };
  // The app's log lines (`msg {json}`), as the functions write them to CloudWatch; not the engine's progress lines.
  const log = (line: string) => {
    if (line.endsWith('}')) appLogBytes.total += Buffer.byteLength(line) + 1;
  };
  const rt = await startLocalRuntime({
    port: 0,
    fixture: benchFixture({ autoTickets: input.automatic, approvalTickets: input.approval }),
    tenant: 'cost',
    approverEmails: [APPROVER],
    zendeskSecret: SECRET,
    retryIntervalMs: 0,
    log,
  });
  const meter = startMeter({
    dynamo: { client: rt.dynamo.client, endpoint: rt.dynamo.endpoint, tableName: rt.dynamo.tableName },
    sqs: { client: rt.sqs.client },
    mcpUrl: () => rt.urls.mcp,
  });
  const emfBytes = Buffer.byteLength(emfLine({ name: 'TicketsClosed', value: 1, dimensions: { Tenant: 'cost' } }, new Date())) + 1;
  const metricValues = () => Object.values(rt.metrics()).reduce((sum, values) => sum + values.length, 0);
  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await work();
    return [result, performance.now() - started];
  };

  try {
    // The poller's receive in flight when the meter started was not seen: let it come back first.
    await sleep(1_200);
    // A sweep of the empty table: what every sweep reads whatever the volume (its Queries).
    const emptySweep = snapshot(meter.counts);
    await rt.sweepStalledRuns();
    const baseReadUnits = diffCounts(meter.counts, emptySweep).dynamo.readUnits;
    const tickets: MeasuredTicket[] = [];
    const kinds: TicketKind[] = [...Array<TicketKind>(input.automatic).fill('automatic'), ...Array<TicketKind>(input.approval).fill('approval')];
    for (const [i, kind] of kinds.entries()) {
      // Let the poller and earlier work settle, so nothing of the previous ticket lands in this one.
      await sleep(50);
      const before = snapshot(meter.counts);
      const emailsBefore = (await rt.ses.emails()).length;
      const logBefore = appLogBytes.total;
      const metricsBefore = metricValues();
      const invocations: Invocation[] = [];

      const body = JSON.stringify({
        id: `cost-event-${i}`,
        type: 'zen:event-type:ticket.created',
        time: new Date().toISOString(),
        detail: { id: String(70000 + i), requester_id: `9${8000 + i}`, subject: 'Refund', description: TEXT[kind](2000 + i) },
        event: {},
      });
      const [runId, webhookMs] = await timed(async () => {
        const res = await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, body, new Date()), body });
        if (res.status !== 202) throw new Error(`webhook answered ${res.status}`);
        return ((await res.json()) as { runId: string }).runId;
      });
      invocations.push({ fn: routeFunction('POST', '/webhooks/{helpdesk}'), ms: webhookMs });
      let apiRequests = 1;

      await until(`${runId} to start`, () => (rt.engine.describe(runId) ? true : undefined));
      let approvalEmailAt: number | null = null;
      if (kind === 'approval') {
        const emails = await until(`${runId}'s approval email`, async () => {
          const waiting = rt.engine.taskTokens().some((t) => t.execution === runId);
          const mail = (await rt.ses.emails()).slice(emailsBefore);
          return waiting && mail.length > 0 ? mail : undefined;
        });
        // RequestApproval's own work ends with its email (the capture's time is in whole seconds: our poll's instead).
        approvalEmailAt = Date.now();
        const link = emails.map((e) => /(http:\/\/\S+\/approvals\/\S+)/.exec((e as { body: { text?: string } }).body.text ?? '')?.[1]).find(Boolean)!;
        const [page, pageMs] = await timed(async () => (await fetch(link)).text());
        const formToken = /name="formToken" value="([^"]+)"/.exec(page)![1]!;
        const [, decideMs] = await timed(async () => {
          const res = await fetch(link, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ formToken, decision: 'approve', as: new URL(link).searchParams.get('as') ?? '' }).toString(),
          });
          if (res.status !== 200) throw new Error(`approving answered ${res.status}`);
        });
        invocations.push(
          { fn: routeFunction('GET', '/approvals/{approvalId}'), ms: pageMs },
          { fn: routeFunction('POST', '/approvals/{approvalId}'), ms: decideMs },
        );
        apiRequests += 2;
      }
      await rt.engine.waitFor(runId);
      // The run starter's and the MCP server's last answers may still be in flight for a moment.
      await sleep(20);
      const counts = diffCounts(meter.counts, before);

      // The steps: each Task entered (and each retry) is an invocation, timed from the history. A
      // waitForTaskToken step's own work ends with the approval email, not when the token comes back.
      const history = rt.engine.describe(runId)!.history;
      const transitions = history.filter((t) => t.type === 'entered' || t.type === 'retried').length;
      const stateFns = STATE_FUNCTIONS as Record<string, FunctionName>;
      for (const [at, t] of history.entries()) {
        if (t.type !== 'entered' || !stateFns[t.state]) continue;
        const exit = history.slice(at + 1).find((x) => x.state === t.state && x.type === 'exited');
        const ends = t.state === 'RequestApproval' && approvalEmailAt !== null ? approvalEmailAt : exit ? Date.parse(exit.at) : Date.parse(t.at);
        const retries = history.slice(at + 1).filter((x) => x.state === t.state && x.type === 'retried').length;
        for (let r = 0; r <= retries; r++) invocations.push({ fn: stateFns[t.state]!, ms: (ends - Date.parse(t.at)) / (retries + 1) });
      }
      for (const ms of counts.runStarter.ms) invocations.push({ fn: 'run-starter', ms });
      for (const ms of counts.mcp.ms) invocations.push({ fn: 'mcp', ms });
      if (MCP_BEHIND_API) apiRequests += counts.mcp.ms.length;

      const view = (await (await fetch(`${rt.urls.runs}/${runId}`)).json()) as RunView;
      const modelRows = view.journal.filter((row) => row.kind === 'model');
      const toolRows = view.journal.filter((row) => row.kind === 'tool');
      const emails = (await rt.ses.emails()).length - emailsBefore;
      const sqsRequests = Object.values(counts.sqs.requests).reduce((a, b) => a + b, 0);
      const dynamoRequests = Object.values(counts.dynamo.requests).reduce((a, b) => a + b, 0);
      // As deployed: a model call's wait in its step, a store call's in the MCP server and in the step, every AWS call's latency.
      const stepGb = 512 / 1024;
      const deployedExtraGbS =
        (modelRows.length * ASSUMPTIONS.modelCallMs * stepGb +
          toolRows.length * ASSUMPTIONS.storeCallMs * (stepGb + FUNCTIONS.mcp.memoryMb / 1024) +
          (dynamoRequests + sqsRequests + emails) * ASSUMPTIONS.awsCallMs * stepGb) /
        1000;
      const lambdaLogBytes = invocations.length * ASSUMPTIONS.platformLogBytesPerInvocation;
      const machineLogBytes = transitions * ASSUMPTIONS.stateMachineEventsPerTransition * ASSUMPTIONS.stateMachineLogBytesPerEvent;
      const usage: TicketUsage = {
        transitions,
        invocations: invocations.length,
        gbSeconds: billedGbSeconds(invocations),
        gbSecondsDeployed: billedGbSeconds(invocations) + deployedExtraGbS,
        dynamoReadUnits: counts.dynamo.readUnits,
        dynamoWriteUnits: counts.dynamo.writeUnits,
        dynamoIndexWriteUnits: counts.dynamo.indexWriteUnits,
        dynamoIndexWriteUnitsIfAll: counts.dynamo.indexWriteUnitsIfAll,
        sqsRequests,
        apiRequests,
        emails,
        logBytes:
          appLogBytes.total -
          logBefore +
          (metricValues() - metricsBefore) * emfBytes +
          lambdaLogBytes +
          machineLogBytes +
          apiRequests * ASSUMPTIONS.accessLogBytesPerRequest,
        // A trace per request from outside (API, queue) and per execution; the MCP calls are signed, not traced through.
        traces: apiRequests + counts.runStarter.ms.length + 1 + counts.mcp.ms.length,
        kmsRequests: new Set(invocations.map((i) => i.fn)).size,
        storedBytes: 0,
        modelMicros: modelRows.reduce((sum, row) => {
          const model = SPECIALIST_MODEL[row.name];
          return model
            ? sum +
                costMicros('anthropic', model, {
                  inputTokens: row.inputTokens ?? 0,
                  outputTokens: row.outputTokens ?? 0,
                  cacheReadTokens: 0,
                  cacheWriteTokens: 0,
                })
            : sum;
        }, 0),
      };
      tickets.push({ kind, runId, status: view.status, usage, invocations, counts });
      input.onProgress?.(`${kind} ${i + 1}/${kinds.length}: ${runId} ${view.status}`);
    }

    // What the table keeps, shared out over the tickets (run rows, journals, approvals, keys, events).
    const bytes = await tableBytes(rt);
    for (const ticket of tickets) ticket.usage.storedBytes = bytes / tickets.length;

    // One stalled-run sweep over the table the tickets left.
    await sleep(50);
    const before = snapshot(meter.counts);
    const logBefore = appLogBytes.total;
    const [, sweepMs] = await timed(() => rt.sweepStalledRuns());
    const sweepCounts = diffCounts(meter.counts, before);
    const sweep: SweepUsage = {
      ms: Math.max(1, Math.ceil(sweepMs)),
      memoryMb: FUNCTIONS['stalled-runs'].memoryMb,
      baseReadUnits,
      readUnitsPerRecentRun: (sweepCounts.dynamo.readUnits - baseReadUnits) / tickets.length,
      logBytes: appLogBytes.total - logBefore + emfBytes,
    };
    return { tickets, sweep, tableBytes: bytes, node: process.versions.node };
  } finally {
    meter.close();
    await rt.close();
  }
}

/** The mean usage of the tickets of one kind. */
export function meanUsage(tickets: MeasuredTicket[], kind: TicketKind): TicketUsage {
  const of = tickets.filter((t) => t.kind === kind);
  if (of.length === 0) throw new Error(`no ${kind} ticket was measured`);
  const keys = Object.keys(of[0]!.usage) as (keyof TicketUsage)[];
  return Object.fromEntries(keys.map((key) => [key, of.reduce((sum, t) => sum + t.usage[key], 0) / of.length])) as TicketUsage;
}
