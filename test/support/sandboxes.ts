// Test helper: the demo sandbox store and helpdesk on loopback, with a fixed clock and test tokens,
// and the MCP server's dependencies wired to them.
import { createMcpDeps } from '#mcp/deps.js';
import { demoFixture, startSandboxHelpdesk, startSandboxStore, type SandboxHelpdesk, type SandboxStore } from '#local/sandbox/index.js';

export const NOW = new Date('2026-11-30T12:00:00Z');
export const clock = { now: () => NOW };
export const STORE_TOKEN = 'shpat_sandbox_test_token';
export const HELPDESK_EMAIL = 'agent@hearth.example';
export const HELPDESK_TOKEN = 'zd_sandbox_test_token';

export interface Sandboxes {
  store: SandboxStore;
  helpdesk: SandboxHelpdesk;
  close(): Promise<void>;
}

export async function startDemoSandboxes(): Promise<Sandboxes> {
  const fixture = demoFixture();
  const store = await startSandboxStore({ fixture, clock, accessToken: STORE_TOKEN });
  const helpdesk = await startSandboxHelpdesk({ fixture, clock, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN });
  return { store, helpdesk, close: async () => void (await Promise.all([store.close(), helpdesk.close()])) };
}

export async function storeGraphql(store: SandboxStore, query: string, variables: Record<string, unknown> = {}, token = STORE_TOKEN) {
  const response = await fetch(store.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown } };
}

/** The MCP server's dependencies against the demo sandboxes (the store token overridable, to test a refused one). */
export function demoMcpDeps(sandboxes: Sandboxes, storeToken = STORE_TOKEN) {
  return createMcpDeps(
    {
      shopUrl: sandboxes.store.url,
      shopifyAdminToken: storeToken,
      helpdesk: { baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN },
    },
    clock,
  );
}
