// Public face of the MCP client adapter: ToolTransport over Streamable HTTP.
export { createMcpToolTransport, toToolCallResult, MCP_CLIENT_INFO } from './transport.js';
export type { McpToolTransportOptions } from './transport.js';
