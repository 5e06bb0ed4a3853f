// Which tools each step may call, as data. Default deny: a step not listed may call nothing.
// refund_create is listed for Refund, but the gateway reaches it only through refund().
import type { ToolName } from '#shared/contracts/tools.js';
import type { StepName } from '../domain/types.js';

export const STEP_ALLOWLIST: Readonly<Record<StepName, readonly ToolName[]>> = {
  Triage: [],
  CheckOrder: ['get_order', 'get_refund_history', 'preview_refund', 'find_customer_orders'],
  ProposeRefund: ['get_order', 'get_refund_history', 'preview_refund'],
  // The store's own figure for the claim (its suggested refund), read by the harness before the gate decides.
  Gate: ['preview_refund'],
  RequestApproval: ['post_draft'],
  // Returns: the refund step opens the return the gate decided (and reads the order's returns to settle a lost answer).
  // A replacement below the keep-it amount ships at once: the exchange processed and the return closed in the same step.
  Refund: ['preview_refund', 'refund_create', 'cancel_order', 'open_return', 'get_returns', 'process_return', 'close_return'],
  DraftReply: [],
  CheckReply: ['post_draft'],
  // The run waits for the parcel: the token kept, nothing called.
  AwaitReturn: [],
  // What came back refunded (process_return, only through harness.processReturn), or the return closed or cancelled.
  ProcessReturn: ['get_order', 'get_returns', 'process_return', 'close_return', 'cancel_return'],
  Escalate: ['post_draft'],
  // Shadow mode: the note with the proposal; nothing that reads or moves money.
  Shadow: ['post_draft'],
};

export function isToolAllowed(step: StepName, tool: ToolName): boolean {
  return (STEP_ALLOWLIST[step] ?? []).includes(tool);
}
