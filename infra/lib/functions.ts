// The Lambda functions of a tenant as data: entry file, sizing and what each may touch. The construct
// (refund-agent.ts) turns `access` into IAM grants, environment.ts into variables: least privilege is read here.

export const FUNCTION_NAMES = [
  'webhook-ingest',
  'run-starter',
  'approval-callback',
  'runs-api',
  'triage',
  'check-order',
  'propose-refund',
  'gate',
  'request-approval',
  'refund',
  'draft-reply',
  'check-reply',
  'done',
  'escalate',
  'mcp',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** Fields of the tenant's connector secret (JSON), handed to a function only if its job needs them. */
export const SECRET_FIELDS = ['SHOPIFY_ADMIN_TOKEN', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN', 'ZENDESK_WEBHOOK_SECRET', 'MCP_CALLER_TOKEN'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** What a function may touch. Each flag becomes IAM grants (refund-agent.ts) and environment (environment.ts). */
export type FunctionAccess = {
  table?: 'read' | 'readWrite';
  sendToQueue?: boolean;
  consumeQueue?: boolean;
  startExecution?: boolean;
  /** states:SendTaskSuccess / SendTaskFailure on the run state machine. */
  answerTasks?: boolean;
  /** Calls tools on the MCP server over the HTTP API (MCP_URL + MCP_CALLER_TOKEN). */
  mcpClient?: boolean;
  /** Serves the MCP tools: refuses callers without the caller token. */
  mcpServer?: boolean;
  /** Shopify Admin GraphQL API of the tenant's store. */
  shopifyApi?: boolean;
  /** The helpdesk REST API (requester look-ups, internal notes). */
  helpdeskApi?: boolean;
  /** Verifies the helpdesk's webhook signatures. */
  verifyWebhooks?: boolean;
  /** Knows the support leads allowed to decide approvals. */
  approvers?: boolean;
  /** Links to the approval pages (PUBLIC_BASE_URL). */
  publicUrl?: boolean;
  sendEmail?: boolean;
};

export type FunctionSpec = {
  /** Entry file relative to the project root. */
  entry: string;
  /** Which edge parses its environment: functions/shared/lambda-config.ts or mcp-lambda/config.ts. */
  config: 'handler' | 'mcp';
  timeoutSeconds: number;
  memoryMb: number;
  access: FunctionAccess;
};

const entryOf = (name: string) => `functions/${name}/index.ts`;

// Steps share the harness: run rows and journal in the table. Only steps that call tools reach the
// MCP server (mcpClient); the others never hold its caller token.
const STEP: FunctionSpec = {
  entry: '',
  config: 'handler',
  timeoutSeconds: 120,
  memoryMb: 512,
  access: { table: 'readWrite' },
};
const step = (name: string, extra: FunctionAccess = {}): FunctionSpec => ({
  ...STEP,
  entry: entryOf(name),
  access: { ...STEP.access, ...extra },
});

export const FUNCTIONS: Record<FunctionName, FunctionSpec> = {
  'webhook-ingest': {
    entry: entryOf('webhook-ingest'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: 256,
    access: { sendToQueue: true, verifyWebhooks: true },
  },
  'run-starter': {
    entry: entryOf('run-starter'),
    config: 'handler',
    timeoutSeconds: 30,
    memoryMb: 256,
    // Looks up the requester's email in the helpdesk.
    access: { table: 'readWrite', consumeQueue: true, startExecution: true, helpdeskApi: true },
  },
  'approval-callback': {
    entry: entryOf('approval-callback'),
    config: 'handler',
    timeoutSeconds: 10,
    memoryMb: 256,
    access: { table: 'readWrite', answerTasks: true, approvers: true },
  },
  'runs-api': { entry: entryOf('runs-api'), config: 'handler', timeoutSeconds: 10, memoryMb: 256, access: { table: 'read' } },
  triage: step('triage'),
  'check-order': step('check-order', { mcpClient: true }),
  'propose-refund': step('propose-refund'),
  gate: step('gate'),
  'request-approval': step('request-approval', { sendEmail: true, approvers: true, publicUrl: true }),
  refund: step('refund', { mcpClient: true }),
  'draft-reply': step('draft-reply'),
  'check-reply': step('check-reply', { mcpClient: true }),
  done: step('done'),
  // Leaves the team note on the ticket through post_draft.
  escalate: step('escalate', { mcpClient: true }),
  mcp: {
    entry: 'mcp-lambda/index.ts',
    config: 'mcp',
    timeoutSeconds: 30,
    memoryMb: 512,
    access: { mcpServer: true, shopifyApi: true, helpdeskApi: true },
  },
};

/** Task state of refund-run.asl.json → the function behind it; `${<State>FunctionArn}` is substituted with its ARN. */
export const STATE_FUNCTIONS = {
  Triage: 'triage',
  CheckOrder: 'check-order',
  ProposeRefund: 'propose-refund',
  Gate: 'gate',
  RequestApproval: 'request-approval',
  Refund: 'refund',
  DraftReply: 'draft-reply',
  CheckReply: 'check-reply',
  Done: 'done',
  Escalate: 'escalate',
} as const satisfies Record<string, FunctionName>;

export const substitutionKey = (state: string): string => `${state}FunctionArn`;

/** HTTP API routes → the function serving them. */
export const ROUTES: ReadonlyArray<{ method: 'GET' | 'POST'; path: string; fn: FunctionName }> = [
  { method: 'POST', path: '/webhooks/{helpdesk}', fn: 'webhook-ingest' },
  { method: 'GET', path: '/approvals/{approvalId}', fn: 'approval-callback' },
  { method: 'POST', path: '/approvals/{approvalId}', fn: 'approval-callback' },
  { method: 'GET', path: '/api/runs', fn: 'runs-api' },
  { method: 'GET', path: '/api/runs/{runId}', fn: 'runs-api' },
  // The MCP server (Streamable HTTP, stateless); it refuses callers without MCP_CALLER_TOKEN.
  { method: 'POST', path: '/mcp', fn: 'mcp' },
];

export const MCP_PATH = '/mcp';

/** PascalCase construct id of a function, e.g. check-order → CheckOrder. */
export function constructIdOf(name: FunctionName): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
