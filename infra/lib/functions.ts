// The Lambda functions of a tenant as data: entry file, sizing and what each may touch. The construct
// (refund-agent.ts) turns `access` into IAM grants, environment.ts into variables: least privilege is read here.
import type { StepName } from '#harness/domain/types.js';
import { ROUTES as HTTP_ROUTES, type Route as HttpRoute } from '#functions/composition/routes.js';
import { MEASURED_IMPORT_RSS_MB, memoryForRss } from './memory.js';

export const FUNCTION_NAMES = [
  'webhook-ingest',
  'store-webhook',
  'run-starter',
  'approval-callback',
  'runs-api',
  'triage',
  'propose-refund',
  'request-approval',
  'refund',
  'draft-reply',
  'check-reply',
  'await-return',
  'process-return',
  'escalate',
  'shadow',
  'cancel-run',
  'dead-letters',
  'stalled-runs',
  'shadow-api',
  'console',
  'console-authorizer',
  'mcp',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** What a function may touch. Each flag becomes IAM grants (refund-agent.ts) and environment (environment.ts). */
export type FunctionAccess = {
  table?: 'read' | 'readWrite';
  /** Partition-key patterns (StringLike) the function may read, by GetItem only; without it, reads are table-wide (Get and Query). */
  narrowReads?: readonly string[];
  sendToQueue?: boolean;
  consumeQueue?: boolean;
  startExecution?: boolean;
  /** states:SendTaskSuccess / SendTaskFailure on the run state machine. */
  answerTasks?: boolean;
  /** states:StopExecution on the run state machine's executions (cancel, stalled-run sweep). */
  stopExecutions?: boolean;
  /**
   * The ticket queue's dead-letter queue: `send` a poison message with its reason, `peek` at them, or
   * `redrive` (peek, and take one out to send it back to the ticket queue: receive, delete, visibility).
   */
  deadLetters?: 'send' | 'peek' | 'redrive';
  /** Signs (request-approval) or checks (approval-callback) the per-approver approval links. */
  approvalLinks?: boolean;
  /** Calls a model through the harness's model gateway (MODEL_PROVIDER, MODEL_CHOICES; ANTHROPIC_API_KEY from the Model secret). */
  callsModels?: boolean;
  /**
   * Calls tools on the MCP server at its function URL (MCP_URL), SigV4-signed with its own role:
   * may invoke that URL (lambda:InvokeFunctionUrl), and is a caller of mcp-lambda/server/permissions.ts.
   */
  mcpClient?: boolean;
  /** Serves the MCP tools at a function URL with AuthType AWS_IAM; knows each caller's role (MCP_CALLER_ROLES). */
  mcpServer?: boolean;
  /** Shopify Admin GraphQL API of the tenant's store. */
  shopifyApi?: boolean;
  /** The helpdesk REST API (requester look-ups, internal notes). */
  helpdeskApi?: boolean;
  /** Verifies webhook signatures: the helpdesk's (webhook-ingest) and the Shopify store's (store-webhook). */
  verifyWebhooks?: boolean;
  /** Knows the support leads allowed to decide approvals. */
  approvers?: boolean;
  /** Links to the approval pages (PUBLIC_BASE_URL). */
  publicUrl?: boolean;
  /** Knows the tenant's modes per ticket class (AGENT_MODE: shadow, assist, auto). */
  agentMode?: boolean;
  /**
   * The reply's tenant words: where customers send a return the store made no label for (RETURN_ADDRESS),
   * how long banks take to show a refund (BANK_TIMES); the reply's facts and their check.
   */
  returnAddress?: boolean;
  sendEmail?: boolean;
  /** Knows the tenant's console user pool and app client (COGNITO_*): signs people in, or checks their session. */
  consoleSignIn?: boolean;
  /** Signs and checks the console's form (CSRF) tokens (the CONSOLE secret). */
  consoleForms?: boolean;
};

export type FunctionSpec = {
  /** Entry file relative to the project root. */
  entry: string;
  /** Invoked by an EventBridge schedule every this many minutes. */
  scheduleMinutes?: number;
  /** Which edge parses its environment: functions/composition/lambda-config.ts or mcp-lambda/config.ts. */
  config: 'handler' | 'mcp';
  timeoutSeconds: number;
  memoryMb: number;
  access: FunctionAccess;
};

/** A Lambda entry, by the function's name: the composition root's part for it, which wires the capability's handler. */
const entryOf = (name: FunctionName) => `functions/composition/lambdas/${name}.ts`;
/** Sized from the memory it was measured to use (memory.ts). */
const memoryOf = (name: keyof typeof MEASURED_IMPORT_RSS_MB): number => memoryForRss(MEASURED_IMPORT_RSS_MB[name]);

// Steps share the harness: run rows and journal in the table. Only steps that call tools reach the
// MCP server (mcpClient); no other role may invoke it.
const STEP: Omit<FunctionSpec, 'entry' | 'memoryMb'> = {
  config: 'handler',
  timeoutSeconds: 120,
  access: { table: 'readWrite' },
};
const step = (name: keyof typeof MEASURED_IMPORT_RSS_MB, extra: FunctionAccess = {}): FunctionSpec => ({
  ...STEP,
  entry: entryOf(name),
  memoryMb: memoryOf(name),
  access: { ...STEP.access, ...extra },
});

export const FUNCTIONS: Record<FunctionName, FunctionSpec> = {
  'webhook-ingest': {
    entry: entryOf('webhook-ingest'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: memoryOf('webhook-ingest'),
    // The table for the replay window alone: Help Scout's and Intercom's signed ids (functions/intake/webhook-ingest/replay-window.ts).
    // A public function: it reads only those rows, never a run.
    access: { sendToQueue: true, verifyWebhooks: true, table: 'readWrite', narrowReads: ['EVENT#*#replay:*'] },
  },
  // Shopify's disputes: finds the agent's runs that refunded the order, records the reversal on them,
  // dedupes the delivery in the event ledger and counts RefundsReversed.
  'store-webhook': {
    entry: entryOf('store-webhook'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: memoryOf('store-webhook'),
    // answerTasks: a returned parcel's arrival answers the wait of the run awaiting it.
    access: { table: 'readWrite', verifyWebhooks: true, answerTasks: true },
  },
  'run-starter': {
    entry: entryOf('run-starter'),
    config: 'handler',
    timeoutSeconds: 30,
    memoryMb: memoryOf('run-starter'),
    // Looks up the requester's email in the helpdesk; dead-letters a poison message with its reason;
    // cancels the run (stops its execution) when the helpdesk says the ticket was closed.
    // Ends the ticket's holding note through post_draft when it cancels (cancel-run's use case).
    access: { table: 'readWrite', consumeQueue: true, startExecution: true, stopExecutions: true, helpdeskApi: true, deadLetters: 'send', mcpClient: true },
  },
  'approval-callback': {
    entry: entryOf('approval-callback'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: memoryOf('approval-callback'),
    // Re-reads the order through MCP (get_order only) when an approval page is opened and decided:
    // "still refundable" from the store, not only from the runs. Reads the customer's images through
    // the helpdesk API for the page's thumbnails (shared/helpdesk/attachments.ts).
    access: { table: 'readWrite', answerTasks: true, approvers: true, approvalLinks: true, mcpClient: true, helpdeskApi: true },
  },
  'runs-api': { entry: entryOf('runs-api'), config: 'handler', timeoutSeconds: 10, memoryMb: memoryOf('runs-api'), access: { table: 'read' } },
  // Splits a ticket with several requests: the ticket's ledger opened, each other request's run asked of the run starter through the queue.
  triage: step('triage', { callsModels: true, sendToQueue: true }),
  // CheckOrder, the order agent, then the Gate in the same invocation (functions/steps/propose-refund/order-task.ts):
  // the Gate applies the tenant's mode for the ticket's class (AGENT_MODE), and a runtime promotion from the table.
  'propose-refund': step('propose-refund', { callsModels: true, mcpClient: true, agentMode: true }),
  // Leaves the holding note (what waits for approval and why) on the ticket through post_draft.
  'request-approval': step('request-approval', { sendEmail: true, approvers: true, publicUrl: true, approvalLinks: true, mcpClient: true }),
  refund: step('refund', { mcpClient: true }),
  // Keeps the wait's task token on the run row while the parcel is on its way back; calls nothing.
  'await-return': step('await-return', {}),
  // The refund on receipt (process_return through the harness), or the return closed or cancelled.
  'process-return': step('process-return', { mcpClient: true }),
  // A return's reply tells the customer where to send the parcel when the store made no label.
  'draft-reply': step('draft-reply', { callsModels: true, returnAddress: true }),
  // The reply check's model, then post_draft; closes the run, or escalates it in-process (the Escalate use
  // case: the team note through post_draft, a holding reply only when no refund was made). It checks a
  // return's reply against the same facts, the return address among them.
  'check-reply': step('check-reply', { mcpClient: true, callsModels: true, returnAddress: true }),
  // Leaves the team note on the ticket through post_draft.
  escalate: step('escalate', { mcpClient: true, callsModels: true }),
  // Shadow mode: leaves the proposal note on the ticket through post_draft; moves no money, sends no email.
  shadow: step('shadow', { mcpClient: true }),
  // Records the cancellation and stops the execution. It may not answer task tokens (only
  // approval-callback may): its best-effort SendTaskFailure is refused, and StopExecution ends the wait.
  // Ends the ticket's holding note ("Waiting for a lead's approval") with a note through post_draft.
  'cancel-run': {
    entry: entryOf('cancel-run'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: memoryOf('cancel-run'),
    access: { table: 'readWrite', stopExecutions: true, mcpClient: true },
  },
  // Lists the dead letters, and retries one: back on the ticket queue, then out of the dead-letter queue.
  'dead-letters': {
    entry: entryOf('dead-letters'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: memoryOf('dead-letters'),
    access: { deadLetters: 'redrive', sendToQueue: true },
  },
  // Stops runs stuck past their state's budget and escalates them (the team note goes through MCP).
  'stalled-runs': {
    entry: entryOf('stalled-runs'),
    config: 'handler',
    scheduleMinutes: 5,
    timeoutSeconds: 120,
    memoryMb: memoryOf('stalled-runs'),
    access: { table: 'readWrite', stopExecutions: true, mcpClient: true, callsModels: true },
  },
  // Shadow mode's figures per class, and the switch of a class to auto (recorded in the table).
  'shadow-api': {
    entry: entryOf('shadow-api'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: memoryOf('shadow-api'),
    access: { table: 'readWrite', agentMode: true },
  },
  // The operator console behind the sign-in: pages over the table; decides approvals (answers the
  // waiting execution), settles pending reviews (re-reads the order through MCP; completes or releases
  // the idempotency key), retries dead letters, cancels a run (stops its execution), re-runs an
  // escalated ticket (starts an execution) and hands one back (a team note through MCP); its forms
  // carry CSRF tokens signed with its own key.
  console: {
    entry: entryOf('console'),
    config: 'handler',
    timeoutSeconds: 30,
    memoryMb: memoryOf('console'),
    access: {
      table: 'readWrite',
      answerTasks: true,
      startExecution: true,
      stopExecutions: true,
      deadLetters: 'redrive',
      sendToQueue: true,
      mcpClient: true,
      approvers: true,
      publicUrl: true,
      agentMode: true,
      consoleSignIn: true,
      consoleForms: true,
      // The run page's thumbnails: the customer's images read through the helpdesk API.
      helpdeskApi: true,
    },
  },
  // Checks the console session's Cognito ID token on every console route (an HTTP API Lambda authorizer).
  'console-authorizer': {
    entry: entryOf('console-authorizer'),
    config: 'handler',
    timeoutSeconds: 5,
    memoryMb: memoryOf('console-authorizer'),
    access: { consoleSignIn: true },
  },
  mcp: {
    entry: 'mcp-lambda/index.ts',
    config: 'mcp',
    timeoutSeconds: 30,
    memoryMb: memoryOf('mcp'),
    access: { mcpServer: true, shopifyApi: true, helpdeskApi: true },
  },
};

/** Task state of refund-run.asl.json (every step, STEP_NAMES) → the function behind it; `${<State>FunctionArn}` is substituted with its ARN. */
export const STATE_FUNCTIONS = {
  Triage: 'triage',
  // No Task of its own: the ProposeRefund Task runs CheckOrder before the order agent.
  CheckOrder: 'propose-refund',
  ProposeRefund: 'propose-refund',
  // No Task of its own: the ProposeRefund Task runs the Gate after the order agent.
  Gate: 'propose-refund',
  RequestApproval: 'request-approval',
  Refund: 'refund',
  DraftReply: 'draft-reply',
  CheckReply: 'check-reply',
  AwaitReturn: 'await-return',
  ProcessReturn: 'process-return',
  Escalate: 'escalate',
  Shadow: 'shadow',
} as const satisfies Record<StepName, FunctionName>;

export const substitutionKey = (state: string): string => `${state}FunctionArn`;

/** A route of the HTTP API (functions/composition/routes.ts), served by one of these functions. */
export type Route = Omit<HttpRoute, 'fn'> & { fn: FunctionName };

/** HTTP API routes → the function serving them: functions/composition/routes.ts's list, each `fn` checked to be a function here. */
export const ROUTES: readonly Route[] = HTTP_ROUTES;

export { STORE_WEBHOOK_ROUTE, WEBHOOK_ROUTE, type RouteAuth } from '#functions/composition/routes.js';

/** The path the steps post to on the MCP server's function URL (the server serves any path). */
export const MCP_PATH = 'mcp';

/** The functions that call tools: the MCP server's callers, each with its role in MCP_CALLER_ROLES. */
export const MCP_CLIENTS: readonly FunctionName[] = FUNCTION_NAMES.filter((name) => FUNCTIONS[name].access.mcpClient);

/** PascalCase construct id of a function, e.g. check-order → CheckOrder. */
export function constructIdOf(name: FunctionName): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
