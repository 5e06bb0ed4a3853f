// Which caller may call which tool, as data: the MCP server's own check, beside the harness's
// per-step allowlist (harness/tools/allowlist.ts), so a function whose harness is wrong or bypassed
// still cannot move money or write on a ticket. A caller is the function that signed the request:
// deployed, its IAM role (lambda.ts, from the function URL's IAM context); locally, its own bearer
// token (local-server.ts). Names are the functions' names in infra/lib/functions.ts. tools/list
// stays visible to every authenticated caller. Read by create-server.ts.
import type { ToolName } from '#shared/contracts/tools.js';

/** What the order steps read; find_customer_orders only CheckOrder needs (a ticket with no order number), which the ProposeRefund Task runs. */
const ORDER_READS = ['get_order', 'get_refund_history', 'preview_refund'] as const satisfies readonly ToolName[];

export const CALLER_TOOLS = {
  // CheckOrder (find_customer_orders when the ticket names no order) and the order agent, one function.
  'propose-refund': [...ORDER_READS, 'find_customer_orders'],
  // The refund executor re-reads the order and the history and previews before the write; it also
  // cancels an unfulfilled order (the cancel refunds what was paid) and opens a return (reading the
  // order's returns to settle an answer it lost).
  refund: [...ORDER_READS, 'refund_create', 'cancel_order', 'open_return', 'get_returns', 'process_return', 'close_return'],
  // What came back of a return refunded (process_return), or the return closed or cancelled.
  'process-return': ['get_order', 'get_returns', 'process_return', 'close_return', 'cancel_return'],
  // The holding note while a refund waits for a person.
  'request-approval': ['post_draft'],
  // The checked draft; and the team note when a draft fails its check (CheckReply escalates in-process).
  'check-reply': ['post_draft'],
  escalate: ['post_draft'],
  shadow: ['post_draft'],
  // Escalates stalled runs: the team note.
  'stalled-runs': ['post_draft'],
  // A person settles a pending review: the harness re-reads the order to check what they found (and
  // the approvals queue and confirm page read it for "still refundable"); a person's cancel ends the
  // ticket's holding note (functions/run/cancel-run). The order picker of an escalated ticket that
  // names no order lists the requester's orders (bound by the harness to the requester's email).
  console: ['get_order', 'find_customer_orders', 'post_draft'],
  // The approval page re-reads the order when it is opened and when a lead decides ("still refundable"
  // from the store); it reads, never writes nor moves money.
  'approval-callback': ['get_order'],
  // A cancel (the runs API; the ticket solved or closed in the helpdesk) ends the ticket's holding note.
  'cancel-run': ['post_draft'],
  'run-starter': ['post_draft'],
} as const satisfies Record<string, readonly ToolName[]>;

export type McpCaller = keyof typeof CALLER_TOOLS;
export const MCP_CALLERS = Object.keys(CALLER_TOOLS).sort() as McpCaller[];

export function isMcpCaller(name: string): name is McpCaller {
  return Object.hasOwn(CALLER_TOOLS, name);
}

export function mayCall(caller: McpCaller, tool: ToolName): boolean {
  return (CALLER_TOOLS[caller] as readonly ToolName[]).includes(tool);
}
