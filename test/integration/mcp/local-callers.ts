// Test helper: the harness's MCP client as the pipeline's steps use it. The local MCP server knows
// each tool-calling function by its own token (mintCallerTokens); a test that calls tools directly
// calls each one as the step that calls it in the pipeline, so the server's per-caller permissions
// stay on.
import { bearerCredentials, createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import type { StepName } from '#harness/domain/types.js';
import type { ToolCallResult, ToolTransport } from '#harness/ports.js';
import type { ToolName } from '#shared/contracts/tools.js';
import type { CallerTokens } from '#mcp/server/index.js';

/** The step that calls each tool in the pipeline. */
export const STEP_OF_TOOL: Readonly<Record<ToolName, StepName>> = {
  get_order: 'CheckOrder',
  get_refund_history: 'CheckOrder',
  find_customer_orders: 'CheckOrder',
  preview_refund: 'CheckOrder',
  refund_create: 'Refund',
  cancel_order: 'Refund',
  post_draft: 'CheckReply',
  // The Refund Lambda opens a return; the ProcessReturn Lambda refunds what came back, closes or cancels it.
  open_return: 'Refund',
  get_returns: 'Refund',
  process_return: 'ProcessReturn',
  close_return: 'ProcessReturn',
  cancel_return: 'ProcessReturn',
};

export interface PipelineTools {
  call(name: ToolName, args: Record<string, unknown>): Promise<ToolCallResult>;
  transport: ToolTransport;
}

/** Calls each tool as the step that calls it in the pipeline. */
export function asPipelineSteps(transport: ToolTransport): PipelineTools {
  return { call: (name, args) => transport.call(name, args, STEP_OF_TOOL[name]), transport };
}

/** The harness's client of a local MCP server, with the callers' tokens, each tool called as its step. */
export function pipelineTools(input: { url: string; tokens: CallerTokens; timeoutMs?: number; serverId?: string }): PipelineTools {
  return asPipelineSteps(
    createMcpToolTransport({
      url: input.url,
      credentials: bearerCredentials(input.tokens as Record<string, string>),
      serverId: input.serverId ?? 'store',
      timeoutMs: input.timeoutMs ?? 10_000,
    }),
  );
}
