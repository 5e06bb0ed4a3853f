// The MCP server's tools for the entries that are MCP clients (infra's mcpClient): its function URL
// admits SigV4 requests of the tool-calling functions' roles only, and this function's role (its
// Lambda credentials) is who it is there. The client (the MCP SDK) is built on the first tool call.
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import type { ToolTransport } from '#harness/ports.js';
import { required } from '../lambda-config.js';
import { part } from '../lambda-app.js';

export const toolsOf = part(({ config }): ToolTransport => {
  let mcp: ToolTransport | null = null;
  const transport = () =>
    (mcp ??= createMcpToolTransport({
      url: required(config, 'MCP_URL'),
      credentials: { kind: 'sigv4', region: required(config, 'AWS_REGION'), credentials: defaultProvider() },
      serverId: 'refund-agent-mcp',
    }));
  // The live tool list is what the harness checks its pins against: without it every call fails closed.
  return {
    serverId: 'refund-agent-mcp',
    call: (name, args, caller) => transport().call(name, args, caller),
    listTools: (caller) => transport().listTools!(caller),
  };
});
