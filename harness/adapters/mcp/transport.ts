// ToolTransport over MCP Streamable HTTP: one fresh client connection per call (the server is
// stateless), bearer auth, a timeout. A tool's own failure comes back as its {category, message};
// a transport failure is temporarily_unavailable, a refused credential not_authorized.
// Built by the step handlers / local runtime and handed to the harness.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolError, type ToolErrorCategory, type ToolName } from '#mcp/contracts/tools.js';
import type { LiveToolList, ToolCallResult, ToolTransport } from '../../ports.js';

export interface McpToolTransportOptions {
  url: string;
  bearerToken: string;
  serverId: string;
  timeoutMs?: number;
  /** A fetch to use instead of the global one (tests reach a Lambda handler with no server). */
  fetch?: typeof fetch;
}

export const MCP_CLIENT_INFO = { name: 'refund-agent-harness', version: '0.1.0' } as const;

function failure(category: ToolErrorCategory, message: string): ToolCallResult {
  return { ok: false, error: { category, message } };
}

function textOf(result: CallToolResult): string {
  return result.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join(' ').slice(0, 500);
}

export function toToolCallResult(result: CallToolResult): ToolCallResult {
  if (result.isError) {
    const parsed = ToolError.safeParse(result.structuredContent);
    if (parsed.success) return { ok: false, error: parsed.data };
    // The SDK reports bad arguments and unknown tools as isError text without structured content.
    return failure('invalid', textOf(result) || 'the tool failed without details');
  }
  if (result.structuredContent === undefined) return failure('invalid', 'the tool returned no structured content');
  return { ok: true, output: result.structuredContent };
}

function isStatus(error: unknown, ...codes: number[]): boolean {
  return error instanceof StreamableHTTPError && error.code !== undefined && codes.includes(error.code);
}

export function createMcpToolTransport(options: McpToolTransportOptions): ToolTransport {
  const timeout = options.timeoutMs ?? 30_000;
  return {
    serverId: options.serverId,
    async call(name: ToolName, args: Record<string, unknown>): Promise<ToolCallResult> {
      const client = new Client(MCP_CLIENT_INFO);
      const transport = new StreamableHTTPClientTransport(new URL(options.url), {
        requestInit: { headers: { authorization: `Bearer ${options.bearerToken}` } },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      try {
        await client.connect(transport, { timeout });
        const result = (await client.callTool({ name, arguments: args }, undefined, { timeout })) as CallToolResult;
        return toToolCallResult(result);
      } catch (error) {
        if (isStatus(error, 401, 403)) return failure('not_authorized', `the MCP server ${options.serverId} refused our credential`);
        const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
        return failure('temporarily_unavailable', `the MCP server ${options.serverId} could not be used: ${reason}`);
      } finally {
        await client.close().catch(() => undefined);
      }
    },
    /** tools/list and the server's name and version, for the registry's pin check; throws when unreachable. */
    async listTools(): Promise<LiveToolList> {
      const client = new Client(MCP_CLIENT_INFO);
      const transport = new StreamableHTTPClientTransport(new URL(options.url), {
        requestInit: { headers: { authorization: `Bearer ${options.bearerToken}` } },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      try {
        await client.connect(transport, { timeout });
        const server = client.getServerVersion();
        const { tools } = await client.listTools(undefined, { timeout });
        return { server: { name: server?.name ?? 'unknown', version: server?.version ?? 'unknown' }, tools };
      } finally {
        await client.close().catch(() => undefined);
      }
    },
  };
}
