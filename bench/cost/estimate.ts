// From what one ticket used (measured on the local runtime by bench/cost.ts) and what a tenant stack
// holds (tenant.ts) to dollars: per 1,000 tickets of a kind, and per tenant per month whatever the
// volume. Pure; the prices are prices.ts's. Where AWS behaves differently from the loopback run (log
// lines Lambda adds, latencies), the figures are modelled from the assumptions in ASSUMPTIONS, each named.
import { PRICES } from './prices.js';

/** What one ticket used, on average over the tickets of its kind. */
export type TicketUsage = {
  /** Step Functions state transitions (states entered, retries included). */
  transitions: number;
  /** Lambda invocations and their measured billed duration, with each function's memory. */
  invocations: number;
  gbSeconds: number;
  /** The same with the deployed latencies of ASSUMPTIONS added (model, store and AWS calls). */
  gbSecondsDeployed: number;
  dynamoReadUnits: number;
  dynamoWriteUnits: number;
  dynamoIndexWriteUnits: number;
  dynamoIndexWriteUnitsIfAll: number;
  sqsRequests: number;
  apiRequests: number;
  emails: number;
  logBytes: number;
  traces: number;
  /** KMS requests, at most: one per function role touching encrypted data (DynamoDB, SQS cache a data key 5 minutes per principal). */
  kmsRequests: number;
  /** Table bytes the ticket leaves behind (run row, journal rows, approvals, idempotency and event rows). */
  storedBytes: number;
  /** The model's cost (not AWS): the offline model's token estimates priced as the default models, as `npm run bench` does. */
  modelMicros: number;
};

/** What the loopback run cannot see, assumed. Change them here; every figure that uses one says so. */
export const ASSUMPTIONS = {
  /** A model call's wait in the calling step (Anthropic, a few hundred tokens out). */
  modelCallMs: 2500,
  /** A Shopify or helpdesk API call's wait in the MCP server (and in the step calling the tool). */
  storeCallMs: 300,
  /** An AWS API call's wait from Lambda (DynamoDB, SQS, SES, Step Functions) beyond loopback. */
  awsCallMs: 8,
  /** Lambda's START, END and REPORT lines (with the X-Ray segment id) per invocation. */
  platformLogBytesPerInvocation: 420,
  /** A Step Functions history event logged at level ALL without execution data. */
  stateMachineLogBytesPerEvent: 330,
  /** Events logged per state entered: a Task's entered, scheduled, started, succeeded, exited; a Choice's two. */
  stateMachineEventsPerTransition: 4,
  /** An API Gateway access log line (infra/lib/http-api.ts fields). */
  accessLogBytesPerRequest: 260,
  /** Lambda's SQS pollers keep this many long polls (20 s) open on an idle queue. */
  idleQueuePollers: 5,
} as const;

export type CostLine = { item: string; quantity: number; unit: string; usd: number };

const per1000 = (quantity: number) => quantity * 1000;

/** Dollars for 1,000 tickets of one kind, line by line. */
export function ticketCost(usage: TicketUsage): CostLine[] {
  const lines: CostLine[] = [
    {
      item: 'Step Functions transitions',
      quantity: per1000(usage.transitions),
      unit: 'transitions',
      usd: per1000(usage.transitions) * PRICES.stepFunctionsTransition.usd,
    },
    { item: 'Lambda requests', quantity: per1000(usage.invocations), unit: 'invocations', usd: per1000(usage.invocations) * PRICES.lambdaRequest.usd },
    {
      item: 'Lambda compute, deployed latencies (arm64)',
      quantity: per1000(usage.gbSecondsDeployed),
      unit: 'GB-s',
      usd: per1000(usage.gbSecondsDeployed) * PRICES.lambdaArmGbSecond.usd,
    },
    { item: 'DynamoDB writes, table', quantity: per1000(usage.dynamoWriteUnits), unit: 'WRU', usd: per1000(usage.dynamoWriteUnits) * PRICES.dynamoWrite.usd },
    {
      item: 'DynamoDB writes, index copies',
      quantity: per1000(usage.dynamoIndexWriteUnits),
      unit: 'WRU',
      usd: per1000(usage.dynamoIndexWriteUnits) * PRICES.dynamoWrite.usd,
    },
    { item: 'DynamoDB reads', quantity: per1000(usage.dynamoReadUnits), unit: 'RRU', usd: per1000(usage.dynamoReadUnits) * PRICES.dynamoRead.usd },
    { item: 'SQS FIFO requests', quantity: per1000(usage.sqsRequests), unit: 'requests', usd: per1000(usage.sqsRequests) * PRICES.sqsFifoRequest.usd },
    { item: 'API Gateway HTTP requests', quantity: per1000(usage.apiRequests), unit: 'requests', usd: per1000(usage.apiRequests) * PRICES.httpApiRequest.usd },
    { item: 'SES emails', quantity: per1000(usage.emails), unit: 'emails', usd: per1000(usage.emails) * PRICES.sesEmail.usd },
    {
      item: 'CloudWatch Logs ingestion',
      quantity: per1000(usage.logBytes) / 1e9,
      unit: 'GB',
      usd: (per1000(usage.logBytes) / 1e9) * PRICES.logsIngestedGb.usd,
    },
    { item: 'X-Ray traces (every one sampled)', quantity: per1000(usage.traces), unit: 'traces', usd: per1000(usage.traces) * PRICES.xrayTrace.usd },
    { item: 'KMS requests (at most)', quantity: per1000(usage.kmsRequests), unit: 'requests', usd: per1000(usage.kmsRequests) * PRICES.kmsRequest.usd },
  ];
  return lines;
}

export const totalUsd = (lines: CostLine[]): number => lines.reduce((sum, line) => sum + line.usd, 0);

/** What keeping 1,000 tickets costs a month (table storage and point-in-time recovery). */
export function storageCostPerMonth(storedBytesPerTicket: number): CostLine {
  const gb = per1000(storedBytesPerTicket) / 1e9;
  return {
    item: 'DynamoDB storage + PITR, per month kept',
    quantity: gb,
    unit: 'GB',
    usd: gb * (PRICES.dynamoStorageGbMonth.usd + PRICES.dynamoPitrGbMonth.usd),
  };
}

/** What a tenant stack holds that is billed by the month (tenant.ts reads it from the synthesized template). */
export type TenantResources = {
  kmsKeys: number;
  secrets: number;
  /** Metrics read by alarms, as billed (a metric-math alarm pays per metric; anomaly detection 3 per metric). */
  alarmMetrics: number;
  alarms: number;
  dashboards: number;
  /** Custom metric series with data every hour whatever the traffic (the sweeper's). */
  continuousMetrics: number;
  /** Custom metric series the functions can emit, billed for the hours they have data. */
  customMetrics: number;
};

/**
 * The stalled-run sweeper, measured: one sweep's billed duration and memory, the read units of a
 * sweep of an empty table (its index Queries), and what each run it reads adds (every live run, and
 * each run settled in the last day: about a day's tickets).
 */
export type SweepUsage = { ms: number; memoryMb: number; baseReadUnits: number; readUnitsPerRecentRun: number; logBytes: number };

const MONTH_MINUTES = 30 * 24 * 60;

/** The monthly cost of a tenant with no tickets at all, and what grows with what it keeps. */
export function fixedMonthlyCost(resources: TenantResources, sweep: SweepUsage & { everyMinutes: number; ticketsPerMonth: number }): CostLine[] {
  const sweeps = MONTH_MINUTES / sweep.everyMinutes;
  // The sweep reads the runs of the last day (and the live ones) through the byStatus index, not the table.
  const sweepUnits = sweep.baseReadUnits + sweep.readUnitsPerRecentRun * (sweep.ticketsPerMonth / 30);
  const idlePolls = ASSUMPTIONS.idleQueuePollers * (MONTH_MINUTES * 3);
  return [
    { item: 'KMS key', quantity: resources.kmsKeys, unit: 'keys', usd: resources.kmsKeys * PRICES.kmsKeyMonth.usd },
    { item: 'Secrets Manager secrets', quantity: resources.secrets, unit: 'secrets', usd: resources.secrets * PRICES.secretMonth.usd },
    {
      item: `CloudWatch alarms (${resources.alarms})`,
      quantity: resources.alarmMetrics,
      unit: 'alarm metrics',
      usd: resources.alarmMetrics * PRICES.alarmMetricMonth.usd,
    },
    { item: 'CloudWatch dashboard', quantity: resources.dashboards, unit: 'dashboards', usd: resources.dashboards * PRICES.dashboardMonth.usd },
    {
      item: 'Custom metrics with data every hour',
      quantity: resources.continuousMetrics,
      unit: 'metrics',
      usd: resources.continuousMetrics * PRICES.customMetricMonth.usd,
    },
    {
      item: `Stalled-run sweeper: Lambda (${sweeps} runs)`,
      quantity: (sweeps * sweep.ms * sweep.memoryMb) / 1024 / 1000,
      unit: 'GB-s',
      usd: sweeps * (PRICES.lambdaRequest.usd + ((sweep.ms * sweep.memoryMb) / 1024 / 1000) * PRICES.lambdaArmGbSecond.usd),
    },
    {
      item: `Stalled-run sweeper: reads (${sweep.ticketsPerMonth} tickets a month)`,
      quantity: sweeps * sweepUnits,
      unit: 'RRU',
      usd: sweeps * sweepUnits * PRICES.dynamoRead.usd,
    },
    {
      item: 'Stalled-run sweeper: logs and traces',
      quantity: sweeps,
      unit: 'runs',
      usd: sweeps * (((sweep.logBytes + ASSUMPTIONS.platformLogBytesPerInvocation) / 1e9) * PRICES.logsIngestedGb.usd + PRICES.xrayTrace.usd),
    },
    { item: 'SQS: Lambda pollers on the idle ticket queue', quantity: idlePolls, unit: 'requests', usd: idlePolls * PRICES.sqsFifoRequest.usd },
  ];
}

/** The most a tenant's custom metrics can add a month (each billed for the hours it has data). */
export const customMetricsCeiling = (resources: TenantResources): CostLine => ({
  item: 'Custom metrics, all series with data every hour (ceiling)',
  quantity: resources.customMetrics,
  unit: 'metrics',
  usd: resources.customMetrics * PRICES.customMetricMonth.usd,
});
