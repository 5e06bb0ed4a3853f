// The tool registry as data: the harness's own risk label, deadline, retry policy and pin per tool.
// A pin is the SHA-256 of the tool's canonical definition as our MCP server lists it (see pins.ts),
// and the server itself is pinned by name and version. The live list is checked against these pins
// (pin-guard.ts); a tool that differs is refused. Server annotations are hints, never used here.
// To re-pin after a reviewed change: run test/unit/harness/registry.test.ts, it prints the new pin.
import type { ToolErrorCategory, ToolName } from '#shared/contracts/tools.js';
import type { PinnedServer } from './pins.js';

export type ToolRisk = 'read' | 'write' | 'money';

export interface ToolSpec {
  name: ToolName;
  /** The harness's label, whatever the server's annotations say. */
  risk: ToolRisk;
  timeoutMs: number;
  /** Attempts inside one gateway call (1 = no in-call retry). */
  maxAttempts: number;
  /** Failure categories retried inside the call; 'timeout' is the gateway's own deadline. */
  retryOn: ReadonlyArray<ToolErrorCategory | 'timeout'>;
  /** Wait before retry n (1-based: backoffMs[0] before the 2nd attempt); a longer Retry-After wins, capped at the last entry. */
  backoffMs: readonly number[];
  /** `sha256:<hex>` of the canonical tools/list definition (pins.ts). */
  pin: string;
}

/** The MCP server the pins were taken from (its initialize answer). */
export const TOOL_SERVER: PinnedServer = { name: 'refund-agent-store', version: '0.1.0' };

export const TOOL_REGISTRY: Readonly<Record<ToolName, ToolSpec>> = {
  get_order: {
    name: 'get_order',
    risk: 'read',
    timeoutMs: 5000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    backoffMs: [250, 1000],
    pin: 'sha256:81202919553c3962564ee87c50896e50f57b49c2a03507aa97e7f00f9ee3dc9d',
  },
  get_refund_history: {
    name: 'get_refund_history',
    risk: 'read',
    timeoutMs: 8000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    backoffMs: [250, 1000],
    pin: 'sha256:ec42e7d3fe9082493885292c47129e172490d34096d6b0f08f0a2adb9e4ff92c',
  },
  // CheckOrder's look-up of the requester's orders when the ticket names none (its email only).
  find_customer_orders: {
    name: 'find_customer_orders',
    risk: 'read',
    timeoutMs: 5000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    backoffMs: [250, 1000],
    pin: 'sha256:bd404244f188db13d8c7ca87c169e1e11d76687462afb07c38be1361f6ece25d',
  },
  // The dry run before every refund: read-only, so safe to retry like a read.
  preview_refund: {
    name: 'preview_refund',
    risk: 'read',
    timeoutMs: 5000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    backoffMs: [250, 1000],
    pin: 'sha256:103d6c1db84565cf0a1893e1f38411349a04511b1b5c9e4f7fface821e30d941',
  },
  // Retried once, only on a timeout or a temporary failure (502/503/throttling), with the same
  // idempotency key, so the store answers a retry of an accepted refund with that refund.
  // Never on a 4xx or a user error (not_found, not_authorized, conflict, invalid). Below this, the MCP
  // client sends a call once more only when the server refused it unrun for want of a handshake
  // (harness/adapters/mcp/session.ts): the same request, so the same key.
  refund_create: {
    name: 'refund_create',
    risk: 'money',
    timeoutMs: 8000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    backoffMs: [500, 2000],
    pin: 'sha256:f81a889d80ada76c761bf66ed72ed0c48f773db8709222b22f83423c6aa0eddf',
  },
  // Cancels an unfulfilled order with a refund of what was paid. orderCancel takes no idempotency
  // key, so the gateway never retries it blind: one attempt; after an unknown outcome the harness
  // reads the order (cancelledAt) before anything else.
  cancel_order: {
    name: 'cancel_order',
    risk: 'money',
    timeoutMs: 8000,
    maxAttempts: 1,
    retryOn: [],
    backoffMs: [],
    pin: 'sha256:2b9008a36ebdab2174928e4f7f4dd2016d490ea86fadaf7f02aa73f4faf19324',
  },
  // Shopify Returns, the refund step's. returnCreate takes no idempotency key: one attempt; after an
  // unknown outcome the caller reads get_returns (the note names its run) before opening again.
  open_return: {
    name: 'open_return',
    risk: 'write',
    timeoutMs: 8000,
    maxAttempts: 1,
    retryOn: [],
    backoffMs: [],
    pin: 'sha256:d1f3e049bea8560a466f4f8ecb46eaa93bcb2de72b3749904d85d25736b27a64',
  },
  get_returns: {
    name: 'get_returns',
    risk: 'read',
    timeoutMs: 8000,
    maxAttempts: 2,
    retryOn: ['timeout', 'temporarily_unavailable'],
    backoffMs: [250, 1000],
    pin: 'sha256:86380676695af0f9a43b55e31b16b193cadf3aa6dd490fefe336eb198ffbff3b',
  },
  // Refunds what came back. returnProcess takes no idempotency key and a unit is processed once, so the
  // gateway never retries it: one attempt; the caller settles an unknown outcome from get_returns.
  process_return: {
    name: 'process_return',
    risk: 'money',
    timeoutMs: 8000,
    maxAttempts: 1,
    retryOn: [],
    backoffMs: [],
    pin: 'sha256:e127d5bcfcf81d0fc54a196bf4f29aefb580feb5ce107e3b6e4511735bb78b9d',
  },
  // A second close or cancel is refused (conflict): one attempt, the caller reads get_returns.
  close_return: {
    name: 'close_return',
    risk: 'write',
    timeoutMs: 5000,
    maxAttempts: 1,
    retryOn: [],
    backoffMs: [],
    pin: 'sha256:053d57f5497cc066e5e08bb01ee4824fe2c9ffb62ec5ada7c0fba92835bae350',
  },
  cancel_return: {
    name: 'cancel_return',
    risk: 'write',
    timeoutMs: 5000,
    maxAttempts: 1,
    retryOn: [],
    backoffMs: [],
    pin: 'sha256:7b26c76496668904067d9cb6c942d03f9131f46b962f575b0f512406cbd04649',
  },
  post_draft: {
    name: 'post_draft',
    risk: 'write',
    timeoutMs: 5000,
    maxAttempts: 1,
    retryOn: [],
    backoffMs: [],
    pin: 'sha256:b60e75d84c7a4bfce5d914578a83b2b31edb3b3e2fa501793d77ca96ad4000c3',
  },
};

/** The pins alone, as checkLiveTools takes them. */
export function registryPins(registry: Readonly<Record<ToolName, ToolSpec>> = TOOL_REGISTRY): Record<ToolName, string> {
  return Object.fromEntries(Object.values(registry).map((spec) => [spec.name, spec.pin])) as Record<ToolName, string>;
}
