// The pin guard: fetches the live tool list (tools/list through the transport), checks it against
// the registry's pins and answers, per tool, whether a call may go out. Verdicts are cached for a
// few minutes per harness instance; a failed fetch is not cached and refuses every tool (fail
// closed). Each refusal is counted per tenant and tool (product metrics).
import type { ProductMetrics } from '../metrics.js';
import type { ToolName } from '#shared/contracts/tools.js';
import type { StepName } from '../domain/types.js';
import type { Clock, ToolTransport } from '../ports.js';
import { checkLiveTools, type PinnedServer, type PinVerdict } from './pins.js';

export interface PinGuardDeps {
  tools: ToolTransport;
  server: PinnedServer;
  pins: Readonly<Record<ToolName, string>>;
  clock: Clock;
  /** How long a checked list is trusted before tools/list is asked again. */
  refreshMs?: number;
  /** Refusals counted (ToolPinMismatch, ToolRegistryUnavailable); none by default. */
  metrics?: ProductMetrics;
}

export type GuardVerdict = PinVerdict | { ok: false; unavailable: true; reason: string };

export interface PinGuard {
  /**
   * `caller`: the step about to call, whose credential asks for the list when it is not cached;
   * `tenant`: whose run it is, the metric's Tenant dimension (tenants may share an account).
   */
  check(name: ToolName, caller: StepName, tenant: string): Promise<GuardVerdict>;
}

/** The refusal counts, each with dimensions Tenant and Tool (the set the RegistryHashMismatch alarm sums over tools). */
export const PIN_METRICS = { mismatch: 'ToolPinMismatch', unavailable: 'ToolRegistryUnavailable' } as const;

export function createPinGuard(deps: PinGuardDeps): PinGuard {
  const refreshMs = deps.refreshMs ?? 5 * 60_000;
  let cached: { at: number; verdicts: Record<ToolName, PinVerdict> } | null = null;

  async function verdicts(caller: StepName): Promise<Record<ToolName, PinVerdict> | { unavailable: string }> {
    const now = deps.clock.now().getTime();
    if (cached && now - cached.at < refreshMs) return cached.verdicts;
    if (!deps.tools.listTools) return { unavailable: `the transport to ${deps.tools.serverId} cannot list its tools` };
    try {
      const live = await deps.tools.listTools(caller);
      cached = { at: now, verdicts: checkLiveTools(live, deps.server, deps.pins) };
      return cached.verdicts;
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 120) : 'unknown error';
      return { unavailable: `the tool list of ${deps.tools.serverId} could not be read: ${reason}` };
    }
  }

  return {
    async check(name, caller, tenant) {
      const found = await verdicts(caller);
      if ('unavailable' in found) {
        deps.metrics?.count(tenant, PIN_METRICS.unavailable);
        return { ok: false, unavailable: true, reason: String(found.unavailable) };
      }
      const verdict = (found as Record<ToolName, PinVerdict>)[name] ?? { ok: false, reason: `${name} is not pinned` };
      // One series per tenant, not per tool (each series is billed): the refusal names the tool.
      if (!verdict.ok) deps.metrics?.count(tenant, PIN_METRICS.mismatch);
      return verdict;
    },
  };
}
