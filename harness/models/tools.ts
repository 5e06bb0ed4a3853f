// The tools a tool-using specialist sees: definitions built from the pinned MCP contracts (so the
// model is told the same input schema the server checks), and an executor that sends each call the
// model asks for through the harness's callTool, with the step's context (allowlist, bound-order
// policy, journal row). A refusal or a tool failure goes back to the model as an error result it
// can read; a name outside the list is refused without a call. Within one specialist answer a call
// already answered is answered again from memory: the gateway's max_tokens retry and repair start
// the conversation over, and a second identical call would trip the harness's repeated-call
// detector (and cost a second read).
import * as z from 'zod';
import { TOOL_CONTRACTS, type ToolInput, type ToolName, type ToolOutput } from '#shared/contracts/tools.js';
import { ArgumentPolicyError, HarnessError, ToolFailedError, ToolNotAllowedError } from '../errors.js';
import { canonicalJson } from '../hash.js';
import type { ModelToolDefinition, ModelToolResult, ModelTools, Specialist, StepContext } from '../ports.js';

/** What the model is told each tool is for. Data, so a new tool is one line. */
export const MODEL_TOOL_DESCRIPTIONS: Readonly<Partial<Record<ToolName, string>>> = {
  get_order:
    'Reads one order of this store by its number: line items with unit prices, quantities still refundable, fulfillments, earlier refunds. Only the order this case is bound to can be read.',
  get_refund_history: "Lists the customer's refunds over the last days (default 90), across their orders, by Shopify customer id.",
};

type ReadTool = Exclude<ToolName, 'refund_create'>;

/** The harness's callTool; `proposedBy` lets its repeated-call detector see the model's calls. */
export interface ToolCaller {
  callTool<N extends ReadTool>(ctx: StepContext, name: N, args: ToolInput<N>, options?: { proposedBy?: string }): Promise<ToolOutput<N>>;
}

export function modelToolDefinitions(names: readonly ReadTool[]): ModelToolDefinition[] {
  return [...names].sort().map((name) => {
    const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(TOOL_CONTRACTS[name].input, { io: 'input' }) as Record<string, unknown>;
    return { name, description: MODEL_TOOL_DESCRIPTIONS[name] ?? name, inputSchema };
  });
}

/** Contact data the model never needs: dropped from what a tool returns before the model reads it. */
const PERSONAL_KEYS = new Set(['email', 'phone', 'shippingAddress', 'billingAddress', 'address1', 'address2']);

export function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !PERSONAL_KEYS.has(key))
        .map(([key, v]) => [key, withoutPersonalData(v)]),
    );
  }
  return value;
}

/** Refusals the model may learn from; anything else (store down, bug) fails the step. */
function readableFailure(error: unknown): string | null {
  if (error instanceof ToolNotAllowedError || error instanceof ArgumentPolicyError || error instanceof ToolFailedError) {
    return `${error.name}: ${error.message}`;
  }
  return null;
}

export function modelTools(input: {
  harness: ToolCaller;
  ctx: StepContext;
  specialist: Specialist;
  names: readonly ReadTool[];
  maxTurns?: number;
}): ModelTools {
  const { harness, ctx, specialist, names, maxTurns } = input;
  const allowed = new Set<string>(names);
  /** What this answer's tool calls returned, by name and arguments. */
  const answered = new Map<string, ModelToolResult>();
  return {
    definitions: modelToolDefinitions(names),
    ...(maxTurns === undefined ? {} : { maxTurns }),
    async execute(name, input) {
      if (!allowed.has(name)) return { ok: false, error: `tool ${name} is not available to this step` };
      const args = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
      const key = `${name} ${canonicalJson(args)}`;
      const earlier = answered.get(key);
      if (earlier) return earlier;
      try {
        // The harness validates the arguments against the contract and the run's bound order.
        const output = await harness.callTool(ctx, name as ReadTool, args as ToolInput<ReadTool>, { proposedBy: specialist });
        const result: ModelToolResult = { ok: true, output: withoutPersonalData(output) };
        answered.set(key, result);
        return result;
      } catch (error) {
        const readable = readableFailure(error);
        if (readable === null || !(error instanceof HarnessError)) throw error;
        return { ok: false, error: readable };
      }
    },
  };
}
