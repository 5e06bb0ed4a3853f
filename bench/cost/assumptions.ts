// What the local run cannot see, assumed, in one table: how long the calls a deployed function makes
// take (model calls by model size, Shopify and helpdesk calls, AWS calls, a handler's own CPU), how
// long a cold start's INIT phase lasts (from the bundle's size), how often a ticket finds its
// functions cold, and the log lines AWS adds. Counts measured on the local runtime are multiplied by
// these: no figure depends on how fast this machine is. Read by deployed.ts, estimate.ts and metrics.ts.

export const ASSUMPTIONS = {
  // Latencies as deployed (us-east-1, arm64), per call.
  /** A model call's wait in the calling step, by model size (a few hundred tokens out). */
  modelCallMs: { haiku: 1500, sonnet: 3500, opus: 7000 },
  /** A Shopify Admin GraphQL or helpdesk REST call's wait. */
  storeCallMs: 300,
  /** An AWS API call from Lambda in the region (DynamoDB, SQS, SES, Step Functions). */
  awsCallMs: 8,
  /** A caller's wait on an MCP request beyond the MCP invocation's own billed time (SigV4 signing, the function URL's hop). */
  mcpHopMs: 15,
  /** A warm invocation's own CPU: parsing, validation, rendering, the harness's bookkeeping (Powertools included). */
  handlerCpuMs: 40,
  /** Lambda bills in whole milliseconds, at least one. */
  minimumBilledMs: 1,

  // Cold starts.
  /** The Node runtime's own start before the bundle is loaded (nodejs22.x, arm64). */
  runtimeInitMs: 120,
  /** Import time per kB of minified bundle: 1.42 MB took 495 to 620 ms to import (issue 24), so 0.4 ms/kB. */
  importMsPerBundleKb: 0.4,
  /** An SSM GetParameters call (up to 10 secret parameters), made once per container before the first event is handled. */
  secretReadMs: 30,
  /**
   * Minutes an idle instance is kept warm. Lambda does not publish it; it is seen from about 5 to 60.
   * With tickets arriving at random (Poisson), a ticket finds its functions cold when the tenant's
   * previous ticket came more than this long before it: share = exp(-ticketsPerMinute × minutes).
   */
  warmMinutes: 10,
  /**
   * MCP requests a cold caller sends before its first tool call: initialize and notifications/initialized
   * (its session), and tools/list (each container's harness checks the tool pins itself).
   */
  coldMcpRequestsPerCaller: 3,

  // Logs AWS writes.
  /** Lambda's START, END and REPORT lines (with the X-Ray segment id) per invocation. */
  platformLogBytesPerInvocation: 420,
  /** The REPORT line's Init Duration field on a cold start. */
  initLogBytes: 30,
  /** A Step Functions history event logged at level ALL without execution data (the Express executions; the Standard one logs failures only). */
  stateMachineLogBytesPerEvent: 330,
  /** Events logged per state entered: a Task's entered, scheduled, started, succeeded, exited; a Choice's two. */
  stateMachineEventsPerTransition: 4,
  /** Events an Express execution logs beyond its states': started and succeeded. */
  expressEventsPerExecution: 2,

  // Express executions (the run's steps, infra/lib/refund-agent.ts).
  /** An Express execution's own time per state, beyond the Lambda invocations it waits on. */
  expressStateMs: 10,
  /** The memory an Express execution is billed at: its smallest step, 64 MB (its state is a few kB). */
  expressMemoryMb: 64,
  /** An API Gateway access log line (infra/lib/http-api.ts fields). */
  accessLogBytesPerRequest: 260,
  /** Lambda's SQS pollers keep this many long polls (20 s) open on an idle queue. */
  idleQueuePollers: 5,
  /** Hours in a billing month (CloudWatch prorates a metric by the hours it has data). */
  hoursPerMonth: 730,
} as const;

export type ModelSize = keyof typeof ASSUMPTIONS.modelCallMs;

/** A model's size class from its id (claude-haiku-4-5 → haiku); an id naming none counts as the middle size. */
export const modelSize = (modelId: string): ModelSize => (/haiku/.test(modelId) ? 'haiku' : /opus/.test(modelId) ? 'opus' : 'sonnet');

/** A cold start's extra time: the INIT of a bundle weighing `bundleKb`, and `parameterCalls` GetParameters calls for its secrets. */
export const initMs = (bundleKb: number, parameterCalls: number): number =>
  Math.ceil(ASSUMPTIONS.runtimeInitMs + bundleKb * ASSUMPTIONS.importMsPerBundleKb + parameterCalls * ASSUMPTIONS.secretReadMs);

/** The share of tickets that find their functions cold, at a tenant's volume (Poisson arrivals, ASSUMPTIONS.warmMinutes). */
export const coldShareAt = (ticketsPerMonth: number): number => Math.exp(-(ticketsPerMonth / (30 * 24 * 60)) * ASSUMPTIONS.warmMinutes);
