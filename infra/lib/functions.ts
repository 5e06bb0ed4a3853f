// The Lambda functions of a tenant as data: entry file, sizing and what each may touch. The construct
// (refund-agent.ts) turns `access` into IAM grants, so least privilege is read here in one table.

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

/** Which secret holds what: connector credentials (Shopify, helpdesk, webhook signing) or the model key. */
export type SecretName = 'connectors' | 'model';

export type FunctionAccess = {
  table?: 'read' | 'readWrite';
  sendToQueue?: boolean;
  consumeQueue?: boolean;
  startExecution?: boolean;
  /** states:SendTaskSuccess / SendTaskFailure on the run state machine. */
  answerTasks?: boolean;
  invokeMcp?: boolean;
  sendEmail?: boolean;
  secrets?: SecretName[];
};

export type FunctionSpec = {
  /** Entry file relative to the project root. */
  entry: string;
  timeoutSeconds: number;
  memoryMb: number;
  access: FunctionAccess;
};

const entryOf = (name: string) => `functions/${name}/index.ts`;

// Steps share the harness: run rows and journal in the table, tools through the MCP function, models with the model key.
const STEP: FunctionSpec = {
  entry: '',
  timeoutSeconds: 120,
  memoryMb: 512,
  access: { table: 'readWrite', invokeMcp: true, secrets: ['model'] },
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
    access: { sendToQueue: true, secrets: ['connectors'] },
  },
  'run-starter': {
    entry: entryOf('run-starter'),
    timeoutSeconds: 30,
    memoryMb: 256,
    access: { table: 'readWrite', consumeQueue: true, startExecution: true, secrets: ['connectors'] },
  },
  'approval-callback': {
    entry: entryOf('approval-callback'),
    timeoutSeconds: 10,
    memoryMb: 256,
    access: { table: 'readWrite', answerTasks: true },
  },
  'runs-api': { entry: entryOf('runs-api'), timeoutSeconds: 10, memoryMb: 256, access: { table: 'read' } },
  triage: step('triage'),
  'check-order': step('check-order'),
  'propose-refund': step('propose-refund'),
  gate: step('gate'),
  'request-approval': step('request-approval', { sendEmail: true }),
  refund: step('refund'),
  'draft-reply': step('draft-reply'),
  'check-reply': step('check-reply'),
  done: step('done'),
  escalate: step('escalate'),
  mcp: { entry: 'mcp-lambda/index.ts', timeoutSeconds: 30, memoryMb: 512, access: { secrets: ['connectors'] } },
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
];

/** PascalCase construct id of a function, e.g. check-order → CheckOrder. */
export function constructIdOf(name: FunctionName): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
