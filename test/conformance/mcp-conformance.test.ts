// The MCP conformance suite (@modelcontextprotocol/conformance 0.1.13) against our real server on
// loopback, through an auth proxy (the suite cannot send a bearer token; the server keeps requiring
// a caller's own one, and keeps its per-caller tool permissions on). Its exit code is 0 only when the failures are exactly the baseline in expected-failures.yaml.
// Plus the wire schema: every tool's schemas compile as JSON Schema, and the raw answers to
// initialize and tools/list parse with the SDK's own result schemas.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { InitializeResultSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpDeps } from '#mcp/deps.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { clock, HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from '../support/sandboxes.js';
import { startAuthProxy, type AuthProxy } from './auth-proxy.js';

const CALLER_TOKENS = mintCallerTokens();
/** The suite speaks as one caller: initialize, ping and tools/list are open to every caller. */
const CALLER_TOKEN = CALLER_TOKENS['propose-refund'];
const SUITE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = new URL('./expected-failures.yaml', import.meta.url).pathname;

let sandboxes: Sandboxes;
let proxy: AuthProxy;
let mcp: LocalMcpServer;

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  proxy = await startAuthProxy(CALLER_TOKEN);
  mcp = await startMcpHttpServer({
    deps: createMcpDeps(
      {
        shopUrl: sandboxes.store.url,
        shopifyAdminToken: STORE_TOKEN,
        helpdesk: { baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN },
      },
      clock,
    ),
    callerTokens: CALLER_TOKENS,
    extraAllowedHosts: [`localhost:${proxy.port}`, `127.0.0.1:${proxy.port}`],
  });
  proxy.setUpstream(mcp.url);
});
afterAll(async () => {
  await proxy.close();
  await mcp.close();
  await sandboxes.close();
});

function runSuite(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SUITE, 'server', '--url', url, '--expected-failures', BASELINE], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function rpc(method: string, id: number, params: Record<string, unknown> = {}): Promise<unknown> {
  const response = await fetch(mcp.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${CALLER_TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const body = (await response.json()) as { result?: unknown };
  return body.result;
}

describe('MCP conformance', () => {
  it('passes initialize, ping, tools-list and DNS-rebinding protection, failing only the baseline', async () => {
    const { code, output } = await runSuite(`http://localhost:${proxy.port}/mcp`);
    expect(output).toMatch(/✓ server-initialize: 1 passed, 0 failed/);
    expect(output).toMatch(/✓ ping: 1 passed, 0 failed/);
    expect(output).toMatch(/✓ tools-list: 1 passed, 0 failed/);
    expect(output).toMatch(/✓ dns-rebinding-protection: 2 passed, 0 failed/);
    expect(output, output.slice(-3000)).not.toMatch(/Unexpected failures|Baseline is stale/);
    expect(code).toBe(0);
  }, 60_000);

  it('answers initialize and tools/list in the wire schema, with tool schemas that compile (draft-07, as the SDK declares them)', async () => {
    const init = InitializeResultSchema.parse(
      await rpc('initialize', 1, {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'wire-check', version: '1' },
      }),
    );
    expect(init.serverInfo.name).toBe('refund-agent-store');
    const { tools } = ListToolsResultSchema.parse(await rpc('tools/list', 2));
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      expect(() => ajv.compile(tool.inputSchema), `${tool.name} inputSchema`).not.toThrow();
      expect(tool.outputSchema, `${tool.name} outputSchema`).toBeDefined();
      expect(() => ajv.compile(tool.outputSchema ?? {}), `${tool.name} outputSchema`).not.toThrow();
    }
  });
});
