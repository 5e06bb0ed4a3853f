// Public face of the MCP client adapter: ToolTransport over Streamable HTTP, one session per caller.
export { bearerCredentials, createMcpToolTransport, mcpCallerOfStep, toToolCallResult, MCP_CLIENT_INFO } from './transport.js';
export type { McpCredentials, McpToolTransportOptions } from './transport.js';
export { McpSessionLostError, sessionFetch } from './session.js';
export { createSigV4Fetch } from './sigv4.js';
export type { SigV4Credentials } from './sigv4.js';
