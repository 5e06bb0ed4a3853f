// From what one ticket used (counted on the local runtime by measure.ts) and what a tenant stack holds
// (tenant.ts) to dollars: per 1,000 tickets of a kind, and per tenant per month whatever the volume.
// Pure; the prices are prices.ts's. What the local run cannot see (latencies, INIT, the log lines AWS
// adds) is modelled from assumptions.ts, each assumption named there.
import { ASSUMPTIONS } from './assumptions.js';
import { NO_COLD_EXTRAS, type ColdExtras } from './deployed.js';
import { PRICES, SSM_STANDARD_API_CALL_USD } from './prices.js';

export { ASSUMPTIONS } from './assumptions.js';

/** What one ticket used, on average over the tickets of its kind, warm; `cold` is what it adds when it finds its functions cold. */
export type TicketUsage = {
  /** Step Functions state transitions of the run's Standard execution (states entered, retries included). */
  transitions: number;
  /** Express executions of the run's steps started (refund-steps.asl.json). */
  expressExecutions: number;
  /** Their billed GB-seconds (deployed.ts expressGbSeconds), warm. */
  expressGbSeconds: number;
  /** Lambda invocations. */
  invocations: number;
  /** GB-seconds of the handlers' own CPU (ASSUMPTIONS.handlerCpuMs an invocation), each at its function's memory. */
  gbSeconds: number;
  /** GB-seconds as deployed: that CPU plus the waits of the calls each function made, counted, at ASSUMPTIONS' latencies. */
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
  /** What the ticket adds when its functions start cold (deployed.ts): INIT, secret reads, handshakes. */
  cold?: ColdExtras;
};

export type CostLine = { item: string; quantity: number; unit: string; usd: number };

const per1000 = (quantity: number) => quantity * 1000;
const line = (item: string, perTicket: number, unit: string, price: number): CostLine => ({
  item,
  quantity: per1000(perTicket),
  unit,
  usd: per1000(perTicket) * price,
});

/**
 * Dollars for 1,000 tickets of one kind, line by line, with `coldShare` of them finding their functions
 * cold (assumptions.ts coldShareAt: the share a tenant of that volume sees). Without cold extras in
 * `usage`, every ticket is priced warm.
 */
/** What the stack decides about per-ticket charges (tenant.ts reads it from the template). */
export type TicketPricing = {
  /** The share of executions X-Ray records: the sampling rule's rate, or 1 under X-Ray's default rule. */
  traceSampleRate: number;
  /** Whether the table and queues are under a key of the tenant's own (a data-key request per role); AWS's own keys charge none. */
  customerManagedKey: boolean;
};
const DEFAULT_PRICING: TicketPricing = { traceSampleRate: 1, customerManagedKey: true };

export function ticketCost(usage: TicketUsage, coldShare = 0, pricing: TicketPricing = DEFAULT_PRICING): CostLine[] {
  const cold = usage.cold ?? NO_COLD_EXTRAS;
  const s = coldShare;
  const pct = `${Math.round(s * 100)}% cold`;
  return [
    line('Step Functions transitions (Standard)', usage.transitions, 'transitions', PRICES.stepFunctionsTransition.usd),
    line('Step Functions Express executions', usage.expressExecutions, 'executions', PRICES.expressRequest.usd),
    line('Step Functions Express duration (64 MB)', usage.expressGbSeconds + s * cold.expressGbSeconds, 'GB-s', PRICES.expressGbSecond.usd),
    line('Lambda requests', usage.invocations + s * cold.invocations, 'invocations', PRICES.lambdaRequest.usd),
    line('Lambda compute, deployed latencies (arm64)', usage.gbSecondsDeployed + s * cold.gbSeconds, 'GB-s', PRICES.lambdaArmGbSecond.usd),
    line(`Lambda INIT on cold starts (arm64, ${pct})`, s * cold.initGbSeconds, 'GB-s', PRICES.lambdaArmGbSecond.usd),
    line('DynamoDB writes, table', usage.dynamoWriteUnits, 'WRU', PRICES.dynamoWrite.usd),
    line('DynamoDB writes, index copies', usage.dynamoIndexWriteUnits, 'WRU', PRICES.dynamoWrite.usd),
    line('DynamoDB reads', usage.dynamoReadUnits, 'RRU', PRICES.dynamoRead.usd),
    line('SQS FIFO requests', usage.sqsRequests, 'requests', PRICES.sqsFifoRequest.usd),
    line('API Gateway HTTP requests', usage.apiRequests, 'requests', PRICES.httpApiRequest.usd),
    line('SES emails', usage.emails, 'emails', PRICES.sesEmail.usd),
    line('CloudWatch Logs ingestion', (usage.logBytes + s * cold.logBytes) / 1e9, 'GB', PRICES.logsIngestedGb.usd),
    line(`X-Ray traces (${Math.round(pricing.traceSampleRate * 100)}% of executions)`, usage.traces * pricing.traceSampleRate, 'traces', PRICES.xrayTrace.usd),
    line(
      pricing.customerManagedKey ? 'KMS requests, data keys (at most)' : "KMS requests, data keys (none: AWS's own keys)",
      pricing.customerManagedKey ? usage.kmsRequests : 0,
      'requests',
      PRICES.kmsRequest.usd,
    ),
    line(`SSM Parameter Store API calls (${pct}, standard)`, s * cold.parameterStoreCalls, 'calls', SSM_STANDARD_API_CALL_USD),
    line(`KMS decrypts of secrets (${pct})`, s * cold.kmsDecrypts, 'requests', PRICES.kmsRequest.usd),
  ];
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
  /** The share of executions X-Ray records (the stack's sampling rule, else X-Ray's default: every one at a tenant's volume). */
  traceSampleRate?: number;
  /** SSM parameters in the stack, and how many of them are advanced ($0.05 a month each; standard ones are free). */
  parameters?: number;
  advancedParameters?: number;
};

/**
 * The stalled-run sweeper: one sweep's billed duration as deployed (its CPU and its counted AWS calls
 * at ASSUMPTIONS' latencies, never a measured time) and memory, the read units of a sweep of an empty
 * table (its index Queries), and what each run it reads adds (every live run, and each run settled in
 * the last day: about a day's tickets). It runs every 5 minutes, so it stays warm (no INIT).
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
    ...(resources.parameters
      ? [
          {
            item: `SSM parameters (${resources.parameters}, standard ones free)`,
            quantity: resources.advancedParameters ?? 0,
            unit: 'advanced',
            usd: (resources.advancedParameters ?? 0) * PRICES.advancedParameterMonth.usd,
          },
        ]
      : []),
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
      // Not traced: a scheduled invocation has no sampled execution above it (PassThrough, infra/lib/tracing.ts).
      item: 'Stalled-run sweeper: logs',
      quantity: sweeps,
      unit: 'runs',
      usd: sweeps * (((sweep.logBytes + ASSUMPTIONS.platformLogBytesPerInvocation) / 1e9) * PRICES.logsIngestedGb.usd),
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
