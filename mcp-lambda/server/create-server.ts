// Builds a fresh McpServer per request (stateless Streamable HTTP) for one authenticated caller,
// exposing the tools, sorted by name. A tool the caller may not use (permissions.ts) answers
// not_authorized without running, and the refusal is logged (caller and tool, never arguments). A
// tool failure is a result with isError and structuredContent {category, message}, which the
// harness reads; a tool that overruns its deadline fails as temporarily_unavailable; protocol
// faults stay McpErrors.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_CONTRACTS, TOOL_NAMES, type ToolName } from '#shared/contracts/tools.js';
import { NotAuthorizedError, TemporarilyUnavailableError, toToolErrorBody } from '#shared/contracts/errors.js';
import { mayCall, type McpCaller } from './permissions.js';
import { TOOL_SPECS, type McpServerDeps, type ToolSpec } from './tools.js';

export const MCP_SERVER_INFO = { name: 'refund-agent-store', version: '0.1.0' } as const;

async function withDeadline<T>(work: Promise<T>, timeoutMs: number, name: string, controller?: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Stops the call's own requests and throttle waits: nothing is sent after its answer.
      controller?.abort();
      reject(new TemporarilyUnavailableError(`${name} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function runTool<N extends ToolName>(name: N, spec: ToolSpec<N>, deps: McpServerDeps, input: unknown): Promise<CallToolResult> {
  try {
    const timeoutMs = deps.toolTimeoutsMs?.[name] ?? spec.timeoutMs;
    const controller = new AbortController();
    // One bucket for the store (the client's), one deadline per call.
    const callDeps = deps.shopify.forCall ? { ...deps, shopify: deps.shopify.forCall(controller.signal) } : deps;
    const work = spec.run(callDeps, input as Parameters<ToolSpec<N>['run']>[1]);
    const output = (await withDeadline(work, timeoutMs, name, controller)) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  } catch (error) {
    return toolError(error);
  }
}

function toolError(error: unknown): CallToolResult {
  const body = toToolErrorBody(error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: { ...body } };
}

/** Where refusals go when the deps name no log: one JSON line on stderr (CloudWatch in Lambda). */
export const logRefusal = (line: Record<string, unknown>): void => console.warn(JSON.stringify(line));

export function createMcpServer(deps: McpServerDeps, caller: McpCaller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  for (const name of TOOL_NAMES) {
    const spec = TOOL_SPECS[name] as ToolSpec<ToolName>;
    server.registerTool(
      name,
      {
        description: spec.description,
        inputSchema: TOOL_CONTRACTS[name].input,
        outputSchema: TOOL_CONTRACTS[name].output,
        annotations: spec.annotations,
      },
      (args: unknown) => {
        if (mayCall(caller, name)) return runTool(name, spec, deps, args);
        (deps.log ?? logRefusal)({ msg: 'mcp tool refused', caller, tool: name, category: 'not_authorized' });
        return toolError(new NotAuthorizedError(`${caller} may not call ${name}`));
      },
    );
  }
  return server;
}
