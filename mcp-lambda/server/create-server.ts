// Builds a fresh McpServer per request (stateless Streamable HTTP) exposing the tools, sorted by
// name. A tool failure is a result with isError and structuredContent {category, message}, which
// the harness reads; a tool that overruns its deadline fails as temporarily_unavailable; protocol
// faults stay McpErrors. Called by lambda.ts and local-server.ts.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_CONTRACTS, TOOL_NAMES, type ToolName } from '../contracts/tools.js';
import { TemporarilyUnavailableError, toToolErrorBody } from '../errors.js';
import { TOOL_SPECS, type McpServerDeps, type ToolSpec } from './tools.js';

export const MCP_SERVER_INFO = { name: 'refund-agent-store', version: '0.1.0' } as const;

async function withDeadline<T>(work: Promise<T>, timeoutMs: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TemporarilyUnavailableError(`${name} did not finish within ${timeoutMs} ms`)), timeoutMs);
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
    const work = spec.run(deps, input as Parameters<ToolSpec<N>['run']>[1]);
    const output = (await withDeadline(work, timeoutMs, name)) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  } catch (error) {
    const body = toToolErrorBody(error);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: { ...body } };
  }
}

export function createMcpServer(deps: McpServerDeps): McpServer {
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
      (args: unknown) => runTool(name, spec, deps, args),
    );
  }
  return server;
}
