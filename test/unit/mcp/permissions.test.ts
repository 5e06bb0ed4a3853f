// The MCP server's permission table against the harness's per-step allowlist: the server never
// refuses a call the pipeline makes (each step's tools, the refund executor's own reads), and grants
// nothing more than the steps use: money to the refund step alone, notes to the reply steps alone.
import { describe, expect, it } from 'vitest';
import { mcpCallerOfStep } from '#harness/adapters/mcp/index.js';
import { StepName } from '#harness/domain/types.js';
import { STEP_ALLOWLIST } from '#harness/tools/allowlist.js';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { CALLER_TOOLS, isMcpCaller, MCP_CALLERS, mayCall } from '#mcp/server/index.js';

describe('MCP caller permissions', () => {
  it('lets every step call, as its function, each tool its allowlist names', () => {
    for (const step of StepName.options) {
      const tools = STEP_ALLOWLIST[step];
      if (tools.length === 0) continue;
      const caller = mcpCallerOfStep(step);
      expect(isMcpCaller(caller), `${step} → ${caller}`).toBe(true);
      for (const tool of tools) expect(mayCall(caller as (typeof MCP_CALLERS)[number], tool), `${caller} ${tool}`).toBe(true);
    }
    // The refund executor re-reads the order and the customer's history itself (internal calls).
    expect(mayCall('refund', 'get_order') && mayCall('refund', 'get_refund_history')).toBe(true);
  });

  it('gives refund_create to the refund step alone and post_draft to the reply steps alone', () => {
    const holders = (tool: string) => MCP_CALLERS.filter((caller) => (CALLER_TOOLS[caller] as readonly string[]).includes(tool));
    expect(holders('refund_create')).toEqual(['refund']);
    // The reply steps, and the cancels that end a ticket's holding note (cancel-run, run-starter, console).
    expect(holders('post_draft')).toEqual(['cancel-run', 'check-reply', 'console', 'escalate', 'request-approval', 'run-starter', 'shadow', 'stalled-runs']);
    // CheckOrder, and the console's order picker for a ticket that names no order.
    expect(holders('find_customer_orders')).toEqual(['console', 'propose-refund']);
    // The Refund Lambda opens a return (and ships a replacement at once: processes the exchange and closes the return);
    // the ProcessReturn Lambda refunds what came back, closes or cancels it; both read returns.
    expect(holders('open_return')).toEqual(['refund']);
    for (const tool of ['process_return', 'close_return']) expect(holders(tool), tool).toEqual(['process-return', 'refund']);
    expect(holders('cancel_return')).toEqual(['process-return']);
    expect(holders('get_returns')).toEqual(['process-return', 'refund']);
    // The approval page reads the order it shows ("still refundable" from the store), and nothing else.
    expect(CALLER_TOOLS['approval-callback']).toEqual(['get_order']);
    expect(holders('get_order')).toEqual(['approval-callback', 'console', 'process-return', 'propose-refund', 'refund']);
    for (const caller of MCP_CALLERS) for (const tool of CALLER_TOOLS[caller]) expect(TOOL_NAMES).toContain(tool);
  });

  it('knows no caller that is not in the table', () => {
    for (const name of ['triage', 'gate', 'check-order', 'runs-api', 'mcp', 'constructor', '__proto__', '']) expect(isMcpCaller(name), name).toBe(false);
  });
});
