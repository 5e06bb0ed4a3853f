// From what each function of one ticket asked for (counts, measured on the local runtime) to what
// Lambda would bill for it deployed: each invocation's billed duration is its own CPU plus the waits
// of the calls it made, at the latencies of assumptions.ts, never this machine's time. A cold ticket
// adds, per function it touches, the billed INIT phase, the secrets read once per container (and their
// KMS decrypts), and each tool caller's MCP handshake. Pure.
import { secretsOf } from '../../infra/lib/secrets.js';
import { BUNDLE_BUDGETS_KB } from '../../infra/lib/bundling.js';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../infra/lib/functions.js';
import { ASSUMPTIONS, initMs, type ModelSize } from './assumptions.js';
import type { FunctionCalls } from './meter.js';

/** What one ticket's functions did: invocations, the calls each made (meter.ts), model calls by size (its journal). */
export type TicketCalls = {
  invocations: Partial<Record<FunctionName, number>>;
  calls: Partial<Record<FunctionName, FunctionCalls>>;
  modelCalls: Partial<Record<FunctionName, Partial<Record<ModelSize, number>>>>;
};

/** A function as deployed: its memory, its bundle, and the SecureString parameters (its secrets) it reads per container. */
export type FunctionProfile = { memoryMb: number; bundleKb: number; parameterReads: number };

/** A container reads its parameters in GetParameters calls of at most this many names (shared/secrets.ts), one decrypt each. */
const PARAMETERS_PER_CALL = 10;
export type StackProfile = Record<FunctionName, FunctionProfile>;

/**
 * The profile from the code alone (infra/lib: memory, bundle budgets, the secrets each access flag
 * reads, as SSM parameters): what tests use. `npm run cost` reads memory and the parameters each
 * function names from the synthesized stack instead (tenant.ts). Budgets are upper bounds (about 30% over the
 * measured bundle), so INIT is on the high side.
 */
export function codeProfile(): StackProfile {
  return Object.fromEntries(
    FUNCTION_NAMES.map((fn) => [fn, { memoryMb: FUNCTIONS[fn].memoryMb, bundleKb: BUNDLE_BUDGETS_KB[fn], parameterReads: secretsOf(FUNCTIONS[fn]).length }]),
  ) as StackProfile;
}

const gbSeconds = (ms: number, memoryMb: number) => (ms * memoryMb) / 1024 / 1000;
const entries = <K extends string, V>(record: Partial<Record<K, V>>) => Object.entries(record) as [K, V][];
const noCalls: FunctionCalls = { aws: 0, store: 0, toolCalls: 0, mcpOther: 0, storeViaMcp: 0 };

/** Billed milliseconds of each function over the ticket, warm. */
export function billedMs(ticket: TicketCalls): Partial<Record<FunctionName, number>> {
  const a = ASSUMPTIONS;
  const ms: Partial<Record<FunctionName, number>> = {};
  const add = (fn: FunctionName, value: number) => void (ms[fn] = (ms[fn] ?? 0) + value);
  for (const [fn, n] of entries(ticket.invocations)) add(fn, n * Math.max(a.minimumBilledMs, a.handlerCpuMs));
  for (const [fn, c] of entries(ticket.calls)) {
    const mcpRequests = c.toolCalls + c.mcpOther;
    // Its own calls, and each MCP request's whole time: the server's CPU, its store calls and the hop.
    add(fn, c.aws * a.awsCallMs + c.store * a.storeCallMs + mcpRequests * (a.mcpHopMs + a.handlerCpuMs) + c.storeViaMcp * a.storeCallMs);
    // The MCP server bills its CPU (counted with its invocations) and its store calls.
    if (c.storeViaMcp > 0) add('mcp', c.storeViaMcp * a.storeCallMs);
  }
  for (const [fn, sizes] of entries(ticket.modelCalls)) for (const [size, n] of entries(sizes)) add(fn, n * a.modelCallMs[size]);
  return ms;
}

/** GB-seconds of the ticket, warm, at each function's memory. */
export function deployedGbSeconds(ticket: TicketCalls, profile: StackProfile): number {
  return entries(billedMs(ticket)).reduce((sum, [fn, ms]) => sum + gbSeconds(ms, profile[fn].memoryMb), 0);
}

/**
 * The GB-seconds an Express execution bills for the steps it ran: its time is the Lambda invocations it
 * waits on (each function's share of its billed time, by the invocations made from Express states)
 * plus its own time per state, at ASSUMPTIONS.expressMemoryMb, in 100 ms steps per execution.
 */
export function expressGbSeconds(ticket: TicketCalls, fromExpress: Partial<Record<FunctionName, number>>, statesEntered: number, executions: number): number {
  if (executions === 0) return 0;
  const ms = billedMs(ticket);
  let waited = statesEntered * ASSUMPTIONS.expressStateMs;
  for (const [fn, n] of entries(fromExpress)) waited += (ms[fn] ?? 0) * (n / (ticket.invocations[fn] ?? n));
  // Each execution rounds up to 100 ms; at most one step more per execution.
  const billed = Math.ceil(waited / 100) * 100 + (executions - 1) * 100;
  return gbSeconds(billed, ASSUMPTIONS.expressMemoryMb);
}

/** GB-seconds of the handlers' own CPU only (no waits): the floor of the compute line. */
export function cpuGbSeconds(ticket: TicketCalls, profile: StackProfile): number {
  return entries(ticket.invocations).reduce((sum, [fn, n]) => sum + gbSeconds(n * ASSUMPTIONS.handlerCpuMs, profile[fn].memoryMb), 0);
}

/** What a ticket adds when it finds its functions cold (every function it touches starts a container). */
export type ColdExtras = {
  /** Containers started: one per function the ticket touches. */
  coldStarts: number;
  /** Lambda's billed INIT phase (runtime start, bundle import, secret reads), at each function's memory. */
  initGbSeconds: number;
  /** MCP requests of the tool callers' handshakes and pin checks: each one an invocation. */
  invocations: number;
  /** Their compute, on both sides. */
  gbSeconds: number;
  parameterStoreCalls: number;
  /** A KMS Decrypt per secret or SecureString parameter read. */
  kmsDecrypts: number;
  /** The REPORT line's init field, and the platform lines of the extra invocations. */
  logBytes: number;
  /** The Express executions wait out the INIT of the functions they invoke: their extra GB-seconds. */
  expressGbSeconds: number;
};

/** What a warm ticket adds on a cold start: nothing. */
export const NO_COLD_EXTRAS: Readonly<ColdExtras> = Object.freeze({
  coldStarts: 0,
  initGbSeconds: 0,
  invocations: 0,
  gbSeconds: 0,
  parameterStoreCalls: 0,
  kmsDecrypts: 0,
  logBytes: 0,
  expressGbSeconds: 0,
});

export function coldExtras(ticket: TicketCalls, profile: StackProfile, fromExpress: Partial<Record<FunctionName, number>> = {}): ColdExtras {
  const a = ASSUMPTIONS;
  const touched = entries(ticket.invocations)
    .filter(([, n]) => n > 0)
    .map(([fn]) => fn);
  const extras: ColdExtras = { ...NO_COLD_EXTRAS };
  for (const fn of touched) {
    const p = profile[fn];
    const parameterCalls = Math.ceil(p.parameterReads / PARAMETERS_PER_CALL);
    extras.coldStarts += 1;
    extras.initGbSeconds += gbSeconds(initMs(p.bundleKb, parameterCalls), p.memoryMb);
    if (fromExpress[fn]) extras.expressGbSeconds += gbSeconds(initMs(p.bundleKb, parameterCalls), ASSUMPTIONS.expressMemoryMb);
    extras.parameterStoreCalls += parameterCalls;
    extras.kmsDecrypts += p.parameterReads;
    extras.logBytes += a.initLogBytes;
    if ((ticket.calls[fn] ?? noCalls).toolCalls === 0) continue;
    const requests = a.coldMcpRequestsPerCaller;
    extras.invocations += requests;
    extras.gbSeconds += gbSeconds(requests * (a.mcpHopMs + a.handlerCpuMs), p.memoryMb) + gbSeconds(requests * a.handlerCpuMs, profile.mcp.memoryMb);
    extras.logBytes += requests * a.platformLogBytesPerInvocation;
  }
  return extras;
}
