// Tool pins: the SHA-256 of a tool's canonical definition as the MCP server lists it (name,
// description, input and output JSON Schema, annotations), and the check of a live tools/list
// against the registry's pins (server name, server version, one pin per tool). Pure; the pin
// guard (pin-guard.ts) fetches the live list and applies the verdict to calls.
import type { ToolName } from '#shared/contracts/tools.js';
import { canonicalHash } from '../hash.js';
import type { LiveToolList, ToolDefinition } from '../ports.js';

/** The fields a pin covers; anything else the server sends (title, _meta, execution) is ignored. */
export function canonicalToolDefinition(def: ToolDefinition): Record<string, unknown> {
  return {
    name: def.name,
    description: def.description ?? null,
    inputSchema: def.inputSchema,
    outputSchema: def.outputSchema ?? null,
    annotations: def.annotations ?? null,
  };
}

export function computeToolPin(def: ToolDefinition): string {
  return `sha256:${canonicalHash(canonicalToolDefinition(def))}`;
}

export interface PinnedServer {
  name: string;
  version: string;
}

export type PinVerdict = { ok: true } | { ok: false; reason: string };

/** For each pinned tool: does the live list serve exactly the pinned definition from the pinned server? */
export function checkLiveTools(live: LiveToolList, server: PinnedServer, pins: Readonly<Record<ToolName, string>>): Record<ToolName, PinVerdict> {
  const serverMismatch =
    live.server.name !== server.name || live.server.version !== server.version
      ? `server is ${live.server.name}@${live.server.version}, pinned ${server.name}@${server.version}`
      : null;
  const byName = new Map(live.tools.map((t) => [t.name, t]));
  const verdicts = {} as Record<ToolName, PinVerdict>;
  for (const [name, pin] of Object.entries(pins) as Array<[ToolName, string]>) {
    const def = byName.get(name);
    if (serverMismatch) verdicts[name] = { ok: false, reason: serverMismatch };
    else if (!def) verdicts[name] = { ok: false, reason: `${name} is not in the server's tool list` };
    else if (computeToolPin(def) !== pin) verdicts[name] = { ok: false, reason: `${name} definition changed: ${computeToolPin(def)} is not the pinned ${pin}` };
    else verdicts[name] = { ok: true };
  }
  return verdicts;
}
