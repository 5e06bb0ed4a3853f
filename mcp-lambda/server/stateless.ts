// What the stateless server answers to anything but a POST. With no sessions there is no standalone
// SSE stream to open (GET) and no session to end (DELETE): both are 405, as the spec lets a server
// without them answer, and an SDK client then carries on. Served by the SDK's stateless transport, a
// GET would be held open until the Lambda function timed out.

/** Only POST reaches the MCP transport. */
export const MCP_METHODS = ['POST'] as const;

export const isMcpMethod = (method: string): boolean => (MCP_METHODS as readonly string[]).includes(method.toUpperCase());

export const METHOD_NOT_ALLOWED_BODY = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this server is stateless, POST only' },
  id: null,
} as const;
