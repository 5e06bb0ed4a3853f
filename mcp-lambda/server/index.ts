// Public face of the MCP server: the per-request server factory, its dependencies and the tool table.
export { createMcpServer, MCP_SERVER_INFO } from './create-server.js';
export { TOOL_SPECS } from './tools.js';
export type { McpServerDeps, ToolSpec } from './tools.js';
export { bearerMatches, callerOfBearer, callerOfIam, mintCallerTokens } from './auth.js';
export type { CallerRoles, CallerTokens } from './auth.js';
export { CALLER_TOOLS, isMcpCaller, MCP_CALLERS, mayCall } from './permissions.js';
export type { McpCaller } from './permissions.js';
export { isMcpMethod, METHOD_NOT_ALLOWED_BODY } from './stateless.js';
