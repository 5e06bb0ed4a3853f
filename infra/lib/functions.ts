// The Lambda functions of a tenant as data: entry file, sizing and what each may touch. The construct
// (refund-agent.ts) turns `access` into IAM grants and environment, so least privilege is read here.

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

export type FunctionAccess = {
  table?: 'read' | 'readWrite';
  sendToQueue?: boolean;
  consumeQueue?: boolean;
  startExecution?: boolean;
  /** states:SendTaskSuccess / SendTaskFailure on the run state machine. */
  answerTasks?: boolean;
  /** Calls tools on the MCP server over the HTTP API (MCP_URL + MCP_CALLER_TOKEN). */
  mcpClient?: boolean;
  /** Links to the approval pages (PUBLIC_BASE_URL). */
  publicUrl?: boolean;
  sendEmail?: boolean;
  secrets?: SecretField[];
};

export type FunctionSpec = {
  /** Entry file relative to the project root. */
  entry: string;
  timeoutSeconds: number;
  memoryMb: number;
  access: FunctionAccess;
};

const entryOf = (name: string) => `functions/${name}/index.ts`;

// Steps share the harness: run rows and journal in the table, tools through the MCP server.
const STEP: FunctionSpec = {
  entry: '',
  timeoutSeconds: 120,
  memoryMb: 512,
  access: { table: 'readWrite', mcpClient: true },
};
const step = (name: string, extra: FunctionAccess = {}): FunctionSpec => ({
  ...STEP,
  entry: entryOf(name),
  access: { ...STEP.access, ...extra },
});

export const FUNCTIONS: Record<FunctionName, FunctionSpec> = {
  'webhook-ingest': {
    entry: entryOf('webhook-ingest'),
    timeoutSeconds: 10,
    memoryMb: 256,
    access: { sendToQueue: true, secrets: ['ZENDESK_WEBHOOK_SECRET'] },
  },
  'run-starter': {
    entry: entryOf('run-starter'),
    timeoutSeconds: 30,
    memoryMb: 256,
    // Looks up the requester's email in the helpdesk.
    access: { table: 'readWrite', consumeQueue: true, startExecution: true, secrets: ['HELPDESK_EMAIL', 'HELPDESK_TOKEN'] },
  },
  'approval-callback': {
    entry: entryOf('approval-callback'),
    timeoutSeconds: 10,
    memoryMb: 256,
    access: { table: 'readWrite', answerTasks: true, publicUrl: true },
  },
  'runs-api': { entry: entryOf('runs-api'), timeoutSeconds: 10, memoryMb: 256, access: { table: 'read' } },
  triage: step('triage'),
  'check-order': step('check-order'),
  'propose-refund': step('propose-refund'),
  gate: step('gate'),
  'request-approval': step('request-approval', { sendEmail: true, publicUrl: true }),
  refund: step('refund'),
  'draft-reply': step('draft-reply'),
  'check-reply': step('check-reply'),
  done: step('done'),
  escalate: step('escalate'),
  mcp: {
    entry: 'mcp-lambda/index.ts',
    timeoutSeconds: 30,
    memoryMb: 512,
    access: { secrets: ['SHOPIFY_ADMIN_TOKEN', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN', 'MCP_CALLER_TOKEN'] },
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
