// Runs demo tickets of the four paths (fixture.ts) through the local runtime one at a time and counts
// what each asks of AWS: state transitions from the execution's history, invocations and the calls of
// each function from the meter (meter.ts), DynamoDB units, SQS and API requests, emails, log bytes,
// the metric series it emits and what the table keeps; then one stalled-run sweep over the result.
// Counts only: billed durations come from deployed.ts's assumed latencies, so two measurements give
// the same figures on any machine. One ticket of each path runs first, uncounted, so the counted
// tickets find every function warm (a cold ticket's extras are modelled: deployed.ts).
import '../../local/node-warnings.js';
import { ScanCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { costMicros } from '#harness/models/prices.js';
import { DEFAULT_MODEL_CHOICES } from '#harness/adapters/models/select.js';
import { LOCAL_AWS } from '#local/emulators/listen.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { STATE_FUNCTIONS, type FunctionName } from '../../infra/lib/functions.js';
import { ASSUMPTIONS, modelSize } from './assumptions.js';
import { itemSize } from './capacity.js';
import { coldExtras, codeProfile, cpuGbSeconds, deployedGbSeconds, expressGbSeconds, type StackProfile, type TicketCalls } from './deployed.js';
import type { SweepUsage, TicketUsage } from './estimate.js';
import { costFixture, DECISION, subjectOf, TICKET_KINDS, TICKET_TEXT, ticketOf, type TicketKind } from './fixture.js';
import { seriesOf } from './metrics.js';
import { diffCounts, snapshot, startMeter, type Counts, type Meter } from './meter.js';

export { TICKET_KINDS, type TicketKind } from './fixture.js';
/** One ticket as measured, before averaging: what estimate.ts prices, the calls of each function, and the series it emitted. */
export type MeasuredTicket = { kind: TicketKind; runId: string; status: string; usage: TicketUsage; calls: TicketCalls; series: string[]; counts: Counts };
export type Measurement = { tickets: MeasuredTicket[]; sweep: SweepUsage; tableBytes: number; node: string };

const SECRET = 'cost-zendesk-secret';
const APPROVER = 'lead@cost.example';
const SPECIALIST_MODEL: Record<string, string> = {
  triage: DEFAULT_MODEL_CHOICES.triage,
  order_agent: DEFAULT_MODEL_CHOICES.orderAgent,
  reply_agent: DEFAULT_MODEL_CHOICES.replyAgent,
  reply_check: DEFAULT_MODEL_CHOICES.replyCheck,
};
const STATE_FN = STATE_FUNCTIONS as Record<string, FunctionName>;

type JournalRow = { kind: string; name: string; step: string; inputTokens: number | null; outputTokens: number | null };
type RunView = { status: string; journal: JournalRow[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
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

/** The lead opens the approval email's link and decides; resolves when the page has answered. */
async function decideByEmail(rt: LocalRuntime, runId: string, emailsBefore: number, decision: 'approve' | 'reject'): Promise<void> {
  const emails = await until(`${runId}'s approval email`, async () => {
    const waiting = rt.engine.taskTokens().some((t) => t.execution === runId);
    const mail = (await rt.ses.emails()).slice(emailsBefore);
    return waiting && mail.length > 0 ? mail : undefined;
  });
  const link = emails.map((e) => /(http:\/\/\S+\/approvals\/\S+)/.exec((e as { body: { text?: string } }).body.text ?? '')?.[1]).find(Boolean)!;
  const page = await (await fetch(link)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(page)![1]!;
  const reason = decision === 'reject' ? 'the photo shows no damage' : '';
  const res = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ formToken, decision, as: new URL(link).searchParams.get('as') ?? '', reason }).toString(),
  });
  if (res.status !== 200) throw new Error(`deciding (${decision}) answered ${res.status}`);
}

/** The counts of one ticket's run, from the moment before its webhook until its execution ended and its queue message was deleted. */
async function runTicket(rt: LocalRuntime, meter: Meter, i: number, kind: TicketKind) {
  const before = snapshot(meter.counts);
  const emailsBefore = (await rt.ses.emails()).length;
  const metricsBefore = rt.metricLines().length;
  const { ticketId, requesterId, order } = ticketOf(i);
  const body = JSON.stringify({
    id: `cost-event-${i}`,
    type: 'zen:event-type:ticket.created',
    time: new Date().toISOString(),
    detail: { id: ticketId, requester_id: requesterId, subject: subjectOf(TICKET_TEXT[kind](order)), description: TICKET_TEXT[kind](order) },
    event: {},
  });
  const res = await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, body, new Date()), body });
  if (res.status !== 202) throw new Error(`webhook answered ${res.status}`);
  const runId = ((await res.json()) as { runId: string }).runId;
  await until(`${runId} to start`, () => (rt.engine.describe(runId) ? true : undefined));
  const decision = DECISION[kind];
  if (decision) await decideByEmail(rt, runId, emailsBefore, decision);
  const ended = await Promise.race([rt.engine.waitFor(runId), sleep(60_000).then(() => null)]);
  if (!ended) throw new Error(`${runId} (${kind}) did not end within a minute: it waits in ${rt.engine.describe(runId)?.history.at(-1)?.state}`);
  // The queue message is deleted once the run starter has answered (Lambda's poller does it): wait for it, not for a time.
  await until(`${runId}'s queue message to be deleted`, () => {
    const sqs = diffCounts(meter.counts, before).sqs.requests;
    return (sqs.DeleteMessageBatch ?? 0) + (sqs.DeleteMessage ?? 0) >= (sqs.ReceiveMessage ?? 0) ? true : undefined;
  });
  const counts = diffCounts(meter.counts, before);
  const emails = (await rt.ses.emails()).length - emailsBefore;
  const metricLines = rt.metricLines().slice(metricsBefore);
  return { runId, counts, emails, metricLines, apiRequests: decision ? 3 : 1 };
}

type History = NonNullable<ReturnType<LocalRuntime['engine']['describe']>>['history'];

/** Each function's invocations: the ingest and starter, approval callbacks, every state entered or retried, the MCP requests. */
function invocationsOf(history: History, counts: Counts, apiRequests: number, calls: TicketCalls['calls']): TicketCalls['invocations'] {
  const invocations: TicketCalls['invocations'] = { 'webhook-ingest': 1, 'run-starter': counts.runStarterInvocations };
  if (apiRequests > 1) invocations['approval-callback'] = apiRequests - 1;
  const bump = (fn: FunctionName, by = 1) => (invocations[fn] = (invocations[fn] ?? 0) + by);
  for (const t of history) if ((t.type === 'entered' || t.type === 'retried') && STATE_FN[t.state]) bump(STATE_FN[t.state]!);
  const mcpRequests = Object.values(calls).reduce((sum, c) => sum + c.toolCalls + c.mcpOther, 0);
  if (mcpRequests > 0) bump('mcp', mcpRequests);
  return invocations;
}

/** The model calls of each function, by the size of the default model its specialist uses. */
function modelCallsOf(modelRows: JournalRow[]): TicketCalls['modelCalls'] {
  const modelCalls: TicketCalls['modelCalls'] = {};
  for (const row of modelRows) {
    const fn = STATE_FN[row.step];
    if (!fn) continue;
    const size = modelSize(SPECIALIST_MODEL[row.name] ?? '');
    const sizes = (modelCalls[fn] ??= {});
    sizes[size] = (sizes[size] ?? 0) + 1;
  }
  return modelCalls;
}

/** What the model calls would cost on the default models, from their journalled tokens. */
function modelMicrosOf(modelRows: JournalRow[]): number {
  return modelRows.reduce((sum, row) => {
    const model = SPECIALIST_MODEL[row.name];
    const tokens = { inputTokens: row.inputTokens ?? 0, outputTokens: row.outputTokens ?? 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    return model ? sum + costMicros('anthropic', model, tokens) : sum;
  }, 0);
}

/** What one ticket used, from its counts: the deployed figures at the latencies and the profile given. */
function usageOf(
  rt: LocalRuntime,
  ticket: Awaited<ReturnType<typeof runTicket>>,
  view: RunView,
  profile: StackProfile,
  appLogBytes: number,
): { usage: TicketUsage; calls: TicketCalls } {
  const { counts, apiRequests } = ticket;
  const history = rt.engine.describe(ticket.runId)!.history;
  // The run's Standard execution bills its states; the states of its Express executions (nestedIn) are billed by duration.
  const billedStates = history.filter((t) => t.type === 'entered' || t.type === 'retried');
  const transitions = billedStates.filter((t) => !t.nestedIn).length;
  const expressStates = billedStates.filter((t) => t.nestedIn);
  // One Express execution per run of consecutive nested states (a Standard state between two starts another).
  const expressExecutions = history.filter((t, i) => t.nestedIn && !history[i - 1]?.nestedIn).length;
  const fromExpress: Partial<Record<FunctionName, number>> = {};
  for (const t of expressStates) if (STATE_FN[t.state]) fromExpress[STATE_FN[t.state]!] = (fromExpress[STATE_FN[t.state]!] ?? 0) + 1;
  const calls = Object.fromEntries(Object.entries(counts.byFunction).filter(([fn]) => fn !== 'unattributed')) as TicketCalls['calls'];
  const invocations = invocationsOf(history, counts, apiRequests, calls);
  const modelRows = view.journal.filter((row) => row.kind === 'model');
  const modelCalls = modelCallsOf(modelRows);
  const ticketCalls: TicketCalls = { invocations, calls, modelCalls };
  const invocationCount = Object.values(invocations).reduce((a, b) => a + b, 0);
  const metricBytes = ticket.metricLines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
  const usage: TicketUsage = {
    transitions,
    expressExecutions,
    expressGbSeconds: expressGbSeconds(ticketCalls, fromExpress, expressStates.length, expressExecutions),
    invocations: invocationCount,
    gbSeconds: cpuGbSeconds(ticketCalls, profile),
    gbSecondsDeployed: deployedGbSeconds(ticketCalls, profile),
    dynamoReadUnits: counts.dynamo.readUnits,
    // With a priced model each call also adds its cost to the run row (harness/models/gateway.ts addCost),
    // which the offline model (cost 0) skips: one update of the row each, at its size then (meter.ts).
    dynamoWriteUnits: counts.dynamo.writeUnits + counts.dynamo.costUpdateUnits,
    dynamoIndexWriteUnits: counts.dynamo.indexWriteUnits,
    dynamoIndexWriteUnitsIfAll: counts.dynamo.indexWriteUnitsIfAll,
    sqsRequests: Object.values(counts.sqs.requests).reduce((a, b) => a + b, 0),
    apiRequests,
    emails: ticket.emails,
    logBytes:
      appLogBytes +
      metricBytes +
      invocationCount * ASSUMPTIONS.platformLogBytesPerInvocation +
      // The Express executions log every event (their graph); the Standard one only failures.
      (expressStates.length * ASSUMPTIONS.stateMachineEventsPerTransition + expressExecutions * ASSUMPTIONS.expressEventsPerExecution) *
        ASSUMPTIONS.stateMachineLogBytesPerEvent +
      apiRequests * ASSUMPTIONS.accessLogBytesPerRequest,
    // One trace: the execution's, when it is sampled (infra/lib/tracing.ts). The functions trace only
    // under a sampled execution (PassThrough); the API, the run starter and the MCP server's URL start none.
    traces: 1,
    // A data key per function role touching encrypted data (DynamoDB, SQS cache one 5 minutes per principal), at most.
    kmsRequests: Object.keys(invocations).length,
    storedBytes: 0,
    modelMicros: modelMicrosOf(modelRows),
    cold: coldExtras(ticketCalls, profile, fromExpress),
  };
  return { usage, calls: ticketCalls };
}

/** One stalled-run sweep over the table the tickets left: its billed time, reads and log bytes. */
async function measureSweep(
  rt: LocalRuntime,
  meter: Meter,
  appLogBytes: { total: number },
  profile: StackProfile,
  baseReadUnits: number,
  runs: number,
): Promise<SweepUsage> {
  const before = snapshot(meter.counts);
  const logBefore = appLogBytes.total;
  const metricsBefore = rt.metricLines().length;
  await rt.sweepStalledRuns();
  const sweepCounts = diffCounts(meter.counts, before);
  const sweepCalls = sweepCounts.byFunction['stalled-runs'] ?? { aws: 0, store: 0, toolCalls: 0, mcpOther: 0, storeViaMcp: 0 };
  return {
    // Billed as deployed: its CPU and the AWS calls it made (counted), at the assumed latencies.
    ms: ASSUMPTIONS.handlerCpuMs + sweepCalls.aws * ASSUMPTIONS.awsCallMs,
    memoryMb: profile['stalled-runs'].memoryMb,
    baseReadUnits,
    readUnitsPerRecentRun: (sweepCounts.dynamo.readUnits - baseReadUnits) / runs,
    logBytes:
      appLogBytes.total -
      logBefore +
      rt
        .metricLines()
        .slice(metricsBefore)
        .reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0),
  };
}

export type MeasureInput = Partial<Record<TicketKind, number>> & {
  /** Memory, bundles and secrets per function (tenant.ts reads them from the stack); default: the code's (deployed.ts). */
  profile?: StackProfile;
  onProgress?: (line: string) => void;
};

export async function measure(input: MeasureInput): Promise<Measurement> {
  const profile = input.profile ?? codeProfile();
  const counted = TICKET_KINDS.flatMap((kind) => Array<TicketKind>(input[kind] ?? 0).fill(kind));
  const warmUps = TICKET_KINDS.filter((kind) => (input[kind] ?? 0) > 0);
  const kinds = [...warmUps, ...counted];
  const appLogBytes = { total: 0 };
  // The app's log lines (`msg {json}`), as the functions write them to CloudWatch; not the engine's progress lines.
  const log = (line: string) => {
    if (line.endsWith('}')) appLogBytes.total += Buffer.byteLength(line) + 1;
  };
  const meter = startMeter();
  const rt = await startLocalRuntime({
    port: 0,
    fixture: costFixture(kinds),
    tenant: 'cost',
    approverEmails: [APPROVER],
    zendeskSecret: SECRET,
    retryIntervalMs: 0,
    log,
  });
  meter.attach({ ...rt, engine: rt.engine as never, urls: { mcp: rt.urls.mcp, store: rt.store.url, helpdesk: rt.helpdesk.url } });

  try {
    // A sweep of the empty table: what every sweep reads whatever the volume (its Queries).
    const emptySweep = snapshot(meter.counts);
    await rt.sweepStalledRuns();
    const baseReadUnits = diffCounts(meter.counts, emptySweep).dynamo.readUnits;
    const tickets: MeasuredTicket[] = [];
    for (const [i, kind] of kinds.entries()) {
      const logBefore = appLogBytes.total;
      const ticket = await runTicket(rt, meter, i, kind);
      const appBytes = appLogBytes.total - logBefore;
      const view = (await (await fetch(`${rt.urls.runs}/${ticket.runId}`)).json()) as RunView;
      input.onProgress?.(`${i < warmUps.length ? 'warm-up' : 'measured'} ${kind} ${i + 1}/${kinds.length}: ${ticket.runId} ${view.status}`);
      if (i < warmUps.length) continue;
      const { usage, calls } = usageOf(rt, ticket, view, profile, appBytes);
      tickets.push({ kind, runId: ticket.runId, status: view.status, usage, calls, series: seriesOf(ticket.metricLines), counts: ticket.counts });
    }

    // What the table keeps, shared out over every ticket run (run rows, journals, approvals, keys, events).
    const bytes = await tableBytes(rt);
    for (const ticket of tickets) ticket.usage.storedBytes = bytes / kinds.length;

    // One stalled-run sweep over the table the tickets left.
    const sweep = await measureSweep(rt, meter, appLogBytes, profile, baseReadUnits, kinds.length);
    return { tickets, sweep, tableBytes: bytes, node: process.versions.node };
  } finally {
    meter.close();
    await rt.close();
  }
}

/** The mean usage of the tickets of one kind (the cold extras averaged too). */
export function meanUsage(tickets: MeasuredTicket[], kind: TicketKind): TicketUsage {
  const of = tickets.filter((t) => t.kind === kind);
  if (of.length === 0) throw new Error(`no ${kind} ticket was measured`);
  const mean = <T extends object>(pick: (t: MeasuredTicket) => T): T => {
    const keys = Object.keys(pick(of[0]!)).filter((key) => typeof (pick(of[0]!) as Record<string, unknown>)[key] === 'number');
    return Object.fromEntries(keys.map((key) => [key, of.reduce((sum, t) => sum + ((pick(t) as Record<string, number>)[key] ?? 0), 0) / of.length])) as T;
  };
  const usage = mean((t) => t.usage);
  return of[0]!.usage.cold ? { ...usage, cold: mean((t) => t.usage.cold!) } : usage;
}
