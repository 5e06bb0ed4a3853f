// The tool registry as data: risk, timeout and retry per tool, each pinned to a hash of its
// contract's JSON Schema. The gateway refuses to start when a contract drifts from its pin.
import { z } from 'zod';
import { TOOL_CONTRACTS, TOOL_NAMES, type ToolErrorCategory, type ToolName } from '#mcp/contracts/tools.js';
import { HarnessConfigError } from '../errors.js';
import { canonicalHash } from '../hash.js';

export type ToolRisk = 'read' | 'write' | 'money';

export interface ToolSpec {
  name: ToolName;
  risk: ToolRisk;
  timeoutMs: number;
  /** Attempts inside one gateway call (1 = no in-call retry). */
  maxAttempts: number;
  /** Failure categories retried inside the call; 'timeout' is the gateway's own deadline. */
  retryOn: ReadonlyArray<ToolErrorCategory | 'timeout'>;
  /** `sha256:<hex>` of the canonical JSON of the contract's input and output JSON Schema. */
  pin: string;
}

export const TOOL_REGISTRY: Readonly<Record<ToolName, ToolSpec>> = {
  get_order: {
    name: 'get_order',
    risk: 'read',
    timeoutMs: 5000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    pin: 'sha256:5817d500b7bdab990ff703362647e5e34e206f0c6549f72c5436c463093efec5',
  },
  get_refund_history: {
    name: 'get_refund_history',
    risk: 'read',
    timeoutMs: 8000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    pin: 'sha256:87f2b603a537289fe8cb0b317bbca2bbdcedc0abf95a1fba0737314ba7c49ca6',
  },
  // The dry run before every refund: read-only, so safe to retry like a read.
  preview_refund: {
    name: 'preview_refund',
    risk: 'read',
    timeoutMs: 5000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    pin: 'sha256:687387baf2fe9f1dc77ccc56fd67f102e2fb99f78161d1d5a3cf6ab0ddfa90e2',
  },
  // Never retried inside the call: the state machine retries the whole step with the same
  // idempotency key, after the outcome of the first dispatch has been recorded.
  refund_create: {
    name: 'refund_create',
    risk: 'money',
    timeoutMs: 8000,
    maxAttempts: 1,
    retryOn: [],
    pin: 'sha256:23e209a6b36a12d4f4bba290201807a3458332738d6e4163e403ea4257faf1e8',
  },
  post_draft: {
    name: 'post_draft',
    risk: 'write',
    timeoutMs: 5000,
    maxAttempts: 1,
    retryOn: [],
    pin: 'sha256:2f59d80f8e476c61a3c9474b0f8043b1e2a92716d43c5fdcd1c045388dfc7db8',
  },
};

/** Recomputes a tool's pin from the contract in mcp-lambda/contracts/tools.ts. */
export function computeToolPin(name: ToolName): string {
  const contract = TOOL_CONTRACTS[name];
  const schema = {
    name,
    input: z.toJSONSchema(contract.input, { io: 'input' }),
    output: z.toJSONSchema(contract.output, { io: 'output' }),
  };
  return `sha256:${canonicalHash(schema)}`;
}

let verified = false;

/** Throws HarnessConfigError naming every tool whose contract no longer matches its pin. */
export function verifyToolPins(registry: Readonly<Record<ToolName, ToolSpec>> = TOOL_REGISTRY): void {
  if (verified && registry === TOOL_REGISTRY) return;
  const drifted = TOOL_NAMES.filter((name) => computeToolPin(name) !== registry[name].pin);
  if (drifted.length > 0) {
    throw new HarnessConfigError(
      `tool contract changed since it was pinned: ${drifted.join(', ')}; review the change, then update the pin in harness/tools/registry.ts`,
      { context: { tools: drifted } },
    );
  }
  if (registry === TOOL_REGISTRY) verified = true;
}
