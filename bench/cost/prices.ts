// AWS list prices the cost estimate uses (`npm run cost`), as data: us-east-1, on-demand, no free
// tier, in US dollars. Prices move: refresh this table (and its date) rather than the arithmetic.
// Read by bench/cost/estimate.ts.

/** When the table was checked, and against what. */
export const PRICES_AS_OF = {
  date: '2026-12-01',
  region: 'us-east-1',
  source: 'aws.amazon.com/<service>/pricing pages (list prices, free tiers left out)',
} as const;

export type Price = { usd: number; per: string; source: 'issue 13' | 'pricing page' };

export const PRICES = {
  // Per use.
  stepFunctionsTransition: { usd: 0.025 / 1000, per: 'state transition (standard workflow)', source: 'issue 13' },
  expressRequest: { usd: 1.0 / 1e6, per: 'Express workflow execution started', source: 'pricing page' },
  expressGbSecond: {
    usd: 0.00001667,
    per: 'Express workflow GB-second (first 1,000 GB-hours a month; memory in 64 MB steps, time in 100 ms)',
    source: 'pricing page',
  },
  lambdaRequest: { usd: 0.2 / 1e6, per: 'invocation', source: 'issue 13' },
  lambdaArmGbSecond: { usd: 0.0000133334, per: 'GB-second, arm64 (the functions are arm64)', source: 'issue 13' },
  lambdaX86GbSecond: { usd: 0.0000166667, per: 'GB-second, x86_64', source: 'issue 13' },
  dynamoWrite: { usd: 0.625 / 1e6, per: 'write request unit, on demand', source: 'issue 13' },
  dynamoRead: { usd: 0.125 / 1e6, per: 'read request unit, on demand', source: 'issue 13' },
  // The ticket queue is FIFO: $0.50 a million requests (issue 13 quotes the standard queue's $0.40).
  sqsFifoRequest: { usd: 0.5 / 1e6, per: 'FIFO request (each 64 KB chunk)', source: 'pricing page' },
  sqsStandardRequest: { usd: 0.4 / 1e6, per: 'standard request', source: 'issue 13' },
  httpApiRequest: { usd: 1.0 / 1e6, per: 'HTTP API request (first 300 million a month)', source: 'issue 13' },
  sesEmail: { usd: 0.1 / 1000, per: 'email sent', source: 'issue 13' },
  logsIngestedGb: { usd: 0.5, per: 'GB of CloudWatch Logs ingested', source: 'issue 13' },
  xrayTrace: { usd: 5.0 / 1e6, per: 'trace recorded', source: 'pricing page' },
  kmsRequest: { usd: 0.03 / 10_000, per: 'KMS request (symmetric)', source: 'pricing page' },
  ssmHigherThroughputApiCall: {
    usd: 0.05 / 10_000,
    per: 'SSM Parameter Store API call at higher throughput (standard throughput: free)',
    source: 'pricing page',
  },
  // Per month.
  kmsKeyMonth: { usd: 1.0, per: 'customer-managed key a month', source: 'issue 13' },
  secretMonth: { usd: 0.4, per: 'secret a month', source: 'issue 13' },
  advancedParameterMonth: { usd: 0.05, per: 'SSM advanced parameter a month (standard parameters: free)', source: 'pricing page' },
  alarmMetricMonth: {
    usd: 0.1,
    per: 'standard-resolution alarm metric a month (a metric-math alarm pays per metric it reads; anomaly detection 3)',
    source: 'issue 13',
  },
  dashboardMonth: { usd: 3.0, per: 'dashboard a month (beyond 3 free per account)', source: 'issue 13' },
  customMetricMonth: { usd: 0.3, per: 'custom metric a month (first 10,000; prorated by the hour it has data)', source: 'pricing page' },
  dynamoStorageGbMonth: { usd: 0.25, per: 'GB-month of table storage (standard class)', source: 'pricing page' },
  dynamoPitrGbMonth: { usd: 0.2, per: 'GB-month of point-in-time recovery', source: 'pricing page' },
} as const satisfies Record<string, Price>;
export type PriceName = keyof typeof PRICES;

/** SSM Parameter Store API calls at standard throughput (standard and SecureString parameters alike) cost nothing. */
export const SSM_STANDARD_API_CALL_USD = 0;
