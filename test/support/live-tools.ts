// The MCP server's real tools/list (the product's createMcpServer over the SDK's in-memory linked
// transport, no network, no adapters called), so fakes answer tools/list exactly as the server does.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { LiveToolList } from '#harness/ports.js';
import { createMcpServer } from '#mcp/server/create-server.js';

let cached: Promise<LiveToolList> | null = null;

async function fetchList(): Promise<LiveToolList> {
  const server = createMcpServer({ shopify: {} as never, helpdesk: {} as never, clock: { now: () => new Date() } }, 'propose-refund');
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pin-test', version: '1' });
  await client.connect(clientSide);
  try {
    const version = client.getServerVersion();
    const { tools } = await client.listTools();
    return { server: { name: version?.name ?? '', version: version?.version ?? '' }, tools };
  } finally {
    await client.close();
  }
}

/** A deep copy of the live list, fetched once per test file. */
export async function liveToolList(): Promise<LiveToolList> {
  cached ??= fetchList();
  return structuredClone(await cached);
}
