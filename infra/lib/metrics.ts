// The product's own CloudWatch metrics and the alarms on them, as data: names, namespace and
// dimension the emitting code must use, who emits each (and whether that code exists yet), and each
// alarm's expression and threshold. monitoring.ts turns this into alarms and a dashboard; docs/deploy.md
// lists it for operators. Metrics are published as CloudWatch Embedded Metric Format log lines.

/** The namespace the emitting code writes to (harness/metrics.ts). */
export { METRIC_NAMESPACE } from '#harness/metrics.js';
/**
 * The one dimension a metric carries; alarms match on it exactly. `Tenant`: the tenant's name (the
 * default; each series is billed by the month, so no metric is split per tool or per function).
 * `ShadowClass`: Tenant and ShadowClass (`<reason>|<band>|<language>`), one series per shadow class.
 */
export type MetricDimension = 'Tenant' | 'ShadowClass';

export type ProductMetric = {
  unit: 'Count' | 'None';
  dimension?: MetricDimension;
  meaning: string;
  /** The module that emits it, or should. */
  emitter: string;
  /** Whether the emitting code exists today; until it does, the alarms on it see no data (not breaching). */
  emitted: boolean;
};

export const PRODUCT_METRICS = {
  StalledRuns: {
    unit: 'Count',
    meaning: 'live runs past their state budget, per sweep (0 when none)',
    emitter: 'functions/steps/stalled-runs/use-case.ts',
    emitted: true,
  },
  ToolPinMismatch: {
    unit: 'Count',
    meaning: 'a tool contract served by the MCP server differs from its pinned hash (the call fails closed)',
    emitter: 'harness/tools/pin-guard.ts (PIN_METRICS.mismatch)',
    emitted: true,
  },
  BudgetExceeded: {
    unit: 'Count',
    meaning: 'a run reached its model cost cap (BudgetExceededError) and went to a person',
    emitter: 'functions/steps/escalate/use-case.ts (a run escalated with BudgetExceededError)',
    emitted: true,
  },
  ToolCalls: { unit: 'Count', meaning: 'tool calls dispatched to the MCP server', emitter: 'harness/gateway/tool-calls.ts', emitted: true },
  ToolErrors: {
    unit: 'Count',
    meaning: 'tool calls that failed (ToolFailedError, TemporarilyUnavailableError, AmbiguousOutcomeError)',
    emitter: 'harness/gateway/tool-calls.ts',
    emitted: true,
  },
  ApprovalsDecided: {
    unit: 'Count',
    meaning: 'approval requests a support lead decided',
    emitter: 'functions/approvals/approval-callback/decisions.ts',
    emitted: true,
  },
  ApprovalsOverridden: {
    unit: 'Count',
    meaning: 'decided approvals where the lead rejected the proposed refund',
    emitter: 'functions/approvals/approval-callback/decisions.ts',
    emitted: true,
  },
  RefundsIssued: { unit: 'Count', meaning: 'refunds the agent created', emitter: 'functions/steps/refund/use-case.ts', emitted: true },
  RefundsReversed: {
    unit: 'Count',
    meaning: 'agent refunds later reversed or disputed in the store',
    emitter: 'functions/intake/store-webhook/use-case.ts (Shopify disputes/create on an order the agent refunded, once per delivery)',
    emitted: true,
  },
  TicketsClosed: {
    unit: 'Count',
    meaning: 'runs that ended (closed done after CheckReply, or escalated)',
    emitter: 'functions/shared/step/close-run.ts, functions/steps/escalate/use-case.ts',
    emitted: true,
  },
  TicketsReopened72h: {
    unit: 'Count',
    meaning: 'tickets the agent closed that the customer reopened within 72 h',
    emitter: 'functions/intake/run-starter/start-run.ts (a customer message within 72 h of a done run)',
    emitted: true,
  },
  RunCostMicros: {
    unit: 'None',
    meaning: "a closed run's model cost in micro-dollars, emitted with TicketsClosed",
    emitter: 'functions/shared/step/close-run.ts, functions/steps/escalate/use-case.ts',
    emitted: true,
  },
  ShadowResolved: {
    unit: 'Count',
    dimension: 'ShadowClass',
    meaning: 'shadow-mode tickets a person resolved (a refund in the store, or the ticket solved with none), per class',
    emitter: 'functions/shadow/step/resolve.ts (store refunds/create, helpdesk solved)',
    emitted: true,
  },
  ShadowAgreed: {
    unit: 'Count',
    dimension: 'ShadowClass',
    meaning: 'of those, the ones where the person did what the agent proposed (a later refund that changes the verdict emits the difference), per class',
    emitter: 'functions/shadow/step/resolve.ts',
    emitted: true,
  },
} as const satisfies Record<string, ProductMetric>;
export type ProductMetricName = keyof typeof PRODUCT_METRICS;

/** Fewer decided items than this in a period and a rate alarm stays quiet: two rejections are no trend. */
export const RATE_MIN_SAMPLES = 5;

export type ProductAlarm = {
  description: string;
  periodMinutes: number;
  /** Alarms when the value is above this (strictly), in the unit `valueLabel` says. */
  threshold: number;
  valueLabel: string;
} & (
  | { kind: 'count'; metric: ProductMetricName; statistic: 'Sum' | 'Maximum' }
  /** 100 × numerator / denominator (a percentage), or numerator / denominator when `percent` is false. */
  | { kind: 'ratio'; numerator: ProductMetricName; denominator: ProductMetricName; percent: boolean }
);

const DAY = 24 * 60;

/** The alarms on the product's own metrics; the AWS-metric alarms (DLQ, failed executions) are in monitoring.ts. */
export const PRODUCT_ALARMS = {
  StalledRuns: {
    description: 'Runs stuck past their state budget (the sweeper stopped and escalated them)',
    kind: 'count',
    metric: 'StalledRuns',
    statistic: 'Maximum',
    periodMinutes: 15,
    threshold: 0,
    valueLabel: 'runs',
  },
  RegistryHashMismatch: {
    description: 'A tool contract drifted from its pinned hash: tool calls fail closed until the pin or the server is fixed',
    kind: 'count',
    metric: 'ToolPinMismatch',
    statistic: 'Sum',
    periodMinutes: 5,
    threshold: 0,
    valueLabel: 'mismatches',
  },
  BudgetHits: {
    description: 'Runs stopped by their model cost cap',
    kind: 'count',
    metric: 'BudgetExceeded',
    statistic: 'Sum',
    periodMinutes: 60,
    threshold: 2,
    valueLabel: 'runs',
  },
  ToolErrorRate: {
    description: 'Share of tool calls that failed',
    kind: 'ratio',
    numerator: 'ToolErrors',
    denominator: 'ToolCalls',
    percent: true,
    periodMinutes: 15,
    threshold: 10,
    valueLabel: '%',
  },
  ApprovalOverrideRate: {
    description: 'Share of approval requests the support lead rejected: the proposals disagree with the team',
    kind: 'ratio',
    numerator: 'ApprovalsOverridden',
    denominator: 'ApprovalsDecided',
    percent: true,
    periodMinutes: DAY,
    threshold: 30,
    valueLabel: '%',
  },
  RefundReversalRate: {
    description: 'Share of agent refunds later reversed or disputed',
    kind: 'ratio',
    numerator: 'RefundsReversed',
    denominator: 'RefundsIssued',
    percent: true,
    periodMinutes: DAY,
    threshold: 5,
    valueLabel: '%',
  },
  ReopenWithin72hRate: {
    description: 'Share of closed tickets reopened within 72 h',
    kind: 'ratio',
    numerator: 'TicketsReopened72h',
    denominator: 'TicketsClosed',
    percent: true,
    periodMinutes: DAY,
    threshold: 10,
    valueLabel: '%',
  },
  CostPerClosedTicket: {
    description: 'Model cost per closed ticket, in micro-dollars',
    kind: 'ratio',
    numerator: 'RunCostMicros',
    denominator: 'TicketsClosed',
    percent: false,
    periodMinutes: DAY,
    // $0.10 a ticket: well under the $0.25 per-run cap, far above a clean run.
    threshold: 100_000,
    valueLabel: 'µ$',
  },
} as const satisfies Record<string, ProductAlarm>;
export type ProductAlarmName = keyof typeof PRODUCT_ALARMS;
