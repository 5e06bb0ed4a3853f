// What each tool may touch, as a table keyed by tool name: the order and customer a call is bound to,
// checked on the validated arguments before the call leaves and on the validated output before it
// reaches the step, whatever a model asked for. Pure: a check answers a refusal (rule and reason)
// or null. callTool (gateway/tool-calls.ts) looks every tool up here; a name that is not in the
// table is refused, and refund_create is marked as reachable only through harness.refund. The returns
// tools are bound by their order where they name one (open_return, get_returns); a return id is the
// caller's to bind (below).
import type { ToolInput, ToolName, ToolOutput } from '#shared/contracts/tools.js';
import type { StepContext } from '../ports.js';
import { RULES } from './rules.js';

/** What a run is bound to: its order, that order's customer and the ticket's requester. */
export type BindingScope = Pick<StepContext, 'boundOrderId' | 'boundCustomerId' | 'requesterEmail'>;

export interface BindingRefusal {
  rule: string;
  reason: string;
}

export type BindingCheck<T> = (value: T, scope: BindingScope) => BindingRefusal | null;

export type ToolBinding<N extends ToolName> =
  /** A step's call through callTool: `args` checked before dispatch, `output` after it. */
  | { readonly via: 'callTool'; readonly args?: BindingCheck<ToolInput<N>>; readonly output?: BindingCheck<ToolOutput<N>> }
  /** Never through callTool: harness.refund sends it, after its own dispatch check (policy/refund-args.ts). */
  | { readonly via: 'refund' }
  /** Never through callTool: harness.cancelOrder sends it, after its own dispatch check (policy/cancel-args.ts). */
  | { readonly via: 'cancel' };

/** Email addresses compare without case or surrounding space; a missing one matches nothing. */
function sameEmail(a: unknown, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && b.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Once CheckOrder bound the run, only that order may be read or previewed. */
function boundOrder(orderId: string, scope: BindingScope): BindingRefusal | null {
  if (scope.boundOrderId === null || orderId === scope.boundOrderId) return null;
  return { rule: RULES.orderNotBound, reason: 'the run is bound to another order' };
}

const firstRefusal = (refusals: readonly (BindingRefusal | null)[]): BindingRefusal | null => refusals.find((r) => r !== null) ?? null;

/** Refund history is read for the bound order's customer only. */
function boundCustomer(customerId: string, scope: BindingScope): BindingRefusal | null {
  if (!scope.boundCustomerId || customerId === scope.boundCustomerId) return null;
  return { rule: RULES.customerNotBound, reason: "the run may read only its customer's refund history" };
}

/** Orders are looked up by the requester's own email only: no context email, no look-up. */
function requesterOnly(customerEmail: string, scope: BindingScope): BindingRefusal | null {
  if (sameEmail(customerEmail, scope.requesterEmail)) return null;
  return { rule: RULES.customerNotRequester, reason: "the run may look up only its requester's orders" };
}

export const TOOL_BINDINGS: { readonly [N in ToolName]: ToolBinding<N> } = {
  // The order a step reads is checked on what the store answered: the id is only known then.
  get_order: { via: 'callTool', output: (output, scope) => boundOrder(output.order.id, scope) },
  // A dry run names its order in the arguments.
  preview_refund: { via: 'callTool', args: (args, scope) => boundOrder(args.orderId, scope) },
  get_refund_history: { via: 'callTool', args: (args, scope) => boundCustomer(args.customerId, scope) },
  find_customer_orders: { via: 'callTool', args: (args, scope) => requesterOnly(args.customerEmail, scope) },
  post_draft: { via: 'callTool' },
  refund_create: { via: 'refund' },
  cancel_order: { via: 'cancel' },
  // A return is opened and read on the bound order only, and must come back as that order's.
  open_return: {
    via: 'callTool',
    args: (args, scope) => boundOrder(args.orderId, scope),
    output: (output, scope) => boundOrder(output.return.orderId, scope),
  },
  get_returns: {
    via: 'callTool',
    args: (args, scope) => boundOrder(args.orderId, scope),
    output: (output, scope) => boundOrder(output.orderId, scope) ?? firstRefusal(output.returns.map((r) => boundOrder(r.orderId, scope))),
  },
  // These name a return, not an order: a return id is the bound order's when get_returns of that order
  // lists it, which the scope does not hold (it has the order, not its returns). So the caller binds
  // them: the refund step passes only a return id it read from get_returns of the bound order (itself
  // bound above). No output check either: after a refund an answer refused here would hide money moved.
  process_return: { via: 'callTool' },
  close_return: { via: 'callTool' },
  cancel_return: { via: 'callTool' },
};

/** The tool's binding, or undefined for a name that is not a tool (refused: fail closed). */
export function toolBinding<N extends ToolName>(name: N): ToolBinding<N> | undefined {
  return Object.hasOwn(TOOL_BINDINGS, name) ? (TOOL_BINDINGS[name] as ToolBinding<N>) : undefined;
}
