// The dispatch check of a cancel: the gate's cancel rules applied again to the real cancel_order
// arguments, against the order the harness read just before the call (bound order, the requester's,
// nothing shipped, not cancelled, the same refundable amount the lead approved), and the approval
// bound to those exact arguments. Throws; never repairs arguments.
import type { CancelOrderInput } from '#shared/contracts/tools.js';
import type { OrderFacts } from '../domain/types.js';
import { refuseArguments } from '../errors.js';
import { canonicalHash } from '../hash.js';
import { TOOL_REGISTRY } from '../tools/registry.js';
import { verifyApproval } from './approval.js';
import { sameEmail } from './gate.js';
import { cancelAmount, remedyRefusals } from './other-remedies.js';
import { moneyWords } from './reason-words.js';
import type { RefundArgumentsCheck } from './refund-args.js';
import { RULES } from './rules.js';

/** The refund's check inputs (refund-args.ts), with the cancel_order arguments. */
export type CancelArgumentsCheck = Omit<RefundArgumentsCheck, 'args' | 'reason'> & { args: CancelOrderInput };

/** What an approval of a cancel binds: the tool, its pin and the canonical arguments. */
export function cancelArgumentsHash(args: CancelOrderInput, toolPin: string = TOOL_REGISTRY.cancel_order.pin): string {
  return canonicalHash({ tool: 'cancel_order', pin: toolPin, args });
}

/** The cancel_order arguments of a run: the bound order, restocked, with a staff note naming the run. */
export function buildCancelArguments(runId: string, facts: Pick<OrderFacts, 'orderId'>): CancelOrderInput {
  return { orderId: facts.orderId, restock: true, staffNote: `refund-agent run ${runId}: cancelled at the customer's request`.slice(0, 255) };
}

/** Passes, or throws the first rule the cancel breaks. Returns the arguments' hash. */
export function checkCancelArguments(check: CancelArgumentsCheck): string {
  const { args, facts, gate, policy } = check;
  if (args.orderId !== check.boundOrderId || facts.orderId !== check.boundOrderId)
    refuseArguments(RULES.orderNotBound, 'the cancel is not for the order the run is bound to');
  if (check.requesterEmail !== undefined && !sameEmail(check.requesterEmail, facts.customerEmail)) {
    refuseArguments(RULES.orderNotRequesters, "the order does not belong to the ticket's requester");
  }
  if (!policy.document.cancelUnfulfilled) refuseArguments(RULES.remedyNotRefund, 'this store has not enabled cancelling orders');
  if (!gate || gate.decision !== 'approval' || gate.remedy !== 'cancel') refuseArguments(RULES.gateNotPassed, 'the gate did not propose cancelling this order');
  if (gate.policyVersion !== policy.version) refuseArguments(RULES.policyChanged, 'the policy changed since the gate decided');
  const [problem] = remedyRefusals('cancel', facts);
  if (problem) refuseArguments(problem.rule, problem.reason);
  const now = cancelAmount(facts);
  if (now !== gate.amountMinor) {
    refuseArguments(
      RULES.gateAmountMismatch,
      `the order now has ${moneyWords(now, facts.currency)} to refund, not the ${moneyWords(gate.amountMinor, facts.currency)} approved`,
    );
  }
  const argsHash = cancelArgumentsHash(args, check.toolPin);
  verifyApproval(check.approval, { runId: check.runId, tool: 'cancel_order', argsHash, policyVersion: policy.version, now: check.now });
  return argsHash;
}
