// The dispatch checks of a return (docs/policy.md "Returns and exchanges"), on the real arguments
// against the order the harness read just before the call. Opening: the gate's return, on the bound
// order of the requester, the same units, the refund on receipt recomputed within the tolerance and,
// decided automatically, within the limit; an approved one bound to these exact arguments. Processing:
// only units that came back and were not processed, a refund recomputed for them (the fee taken once)
// and never above what the decision authorised less what the return already refunded. Throws; never
// repairs arguments.
import type { OpenReturnInput, ProcessReturnInput, ReturnSummary, ShopifyReturnReason } from '#shared/contracts/tools.js';
import type { GateDecision, OrderFacts, Proposal } from '../domain/types.js';
import { refuseArguments } from '../errors.js';
import { canonicalHash } from '../hash.js';
import { TOOL_REGISTRY } from '../tools/registry.js';
import type { ApprovalRecord } from '../ports.js';
import { computeRefund, mergeLines } from './amount.js';
import { verifyApproval } from './approval.js';
import type { Policy } from './document.js';
import { sameEmail } from './gate.js';
import { moneyWords } from './reason-words.js';
import { shippedUnits } from './refund-parts.js';
import { toleranceMinor } from './refund-pricing.js';
import { RULES } from './rules.js';

const REASONS: Record<Proposal['reason'], ShopifyReturnReason> = {
  changed_mind: 'UNWANTED',
  damaged: 'DEFECTIVE',
  defective: 'DEFECTIVE',
  wrong_item: 'WRONG_ITEM',
  not_received: 'OTHER',
  other: 'OTHER',
};

/** What an approval of a return binds: the tool, its pin and the canonical arguments. */
export function openReturnArgumentsHash(args: OpenReturnInput, toolPin: string = TOOL_REGISTRY.open_return.pin): string {
  return canonicalHash({ tool: 'open_return', pin: toolPin, args });
}

/** The open_return arguments of a run: the gate's units, the fee in both currencies, a note naming the run (how a lost answer is found again). */
export function buildOpenReturnArguments(input: {
  runId: string;
  facts: OrderFacts;
  gate: GateDecision;
  reason: Proposal['reason'];
  policy: Policy;
}): OpenReturnInput {
  const { facts, gate } = input;
  const terms = gate.returnTerms;
  if (!terms) refuseArguments(RULES.gateNotPassed, 'the gate did not decide a return');
  const presentment =
    facts.presentment && terms.feePresentmentMinor !== undefined ? { amountMinor: terms.feePresentmentMinor, currency: facts.presentment.currency } : undefined;
  return {
    orderId: facts.orderId,
    lineItems: terms.lines.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity, reason: REASONS[input.reason] })),
    ...(terms.feeMinor > 0 ? { returnFee: { amountMinor: terms.feeMinor, currency: facts.currency, ...(presentment ? { presentment } : {}) } } : {}),
    ...(terms.exchange?.length ? { exchangeLineItems: terms.exchange.map((e) => ({ variantId: e.variantId, quantity: e.quantity })) } : {}),
    notifyCustomer: input.policy.document.returns.notifyCustomer,
    note: returnNote(input.runId),
  };
}

/** The note a return the agent opened carries on its lines: how the run finds it again. */
export const returnNote = (runId: string) => `refund-agent run ${runId}`;

export interface OpenReturnCheck {
  args: OpenReturnInput;
  runId: string;
  boundOrderId: string;
  requesterEmail: string;
  facts: OrderFacts;
  gate: GateDecision | null;
  approval: ApprovalRecord | null;
  policy: Policy;
  now: Date;
  toolPin: string;
}

/** The refund on receipt of these units now: their worth (no shipping) less the fee, never below zero. */
export function refundOnReceipt(facts: OrderFacts, lines: readonly { lineItemId: string; quantity: number }[], feeMinor: number): number {
  const worth = computeRefund(facts, { lines: mergeLines(lines), shipping: false, duties: false })?.totalMinor ?? 0;
  return Math.max(0, worth - feeMinor);
}

/**
 * An exchange's lines are the decided ones exactly, each variant still of the line's product, in stock
 * and costing no more than decided; none on a plain return. Returns the value shipped again now.
 */
function checkExchangeLines(args: OpenReturnInput, gate: GateDecision, facts: OrderFacts, policy: Policy): number {
  const decided = gate.returnTerms?.exchange ?? [];
  const sent = args.exchangeLineItems ?? [];
  if (gate.remedy !== 'exchange') {
    if (sent.length > 0) refuseArguments(RULES.gateNotPassed, 'a return decided without an exchange ships nothing');
    return 0;
  }
  if (!policy.document.returns.enabled) refuseArguments(RULES.remedyNotRefund, 'this store has not enabled exchanges');
  const same = sent.length === decided.length && sent.every((s) => decided.some((d) => d.variantId === s.variantId && d.quantity === s.quantity));
  if (!same) refuseArguments(RULES.gateNotPassed, 'the exchange does not ship the variant the gate decided');
  let value = 0;
  for (const d of decided) {
    const variant = facts.lineItems.find((l) => l.id === d.lineItemId)?.variants?.find((v) => v.id === d.variantId);
    if (!variant) refuseArguments(RULES.exchangeUnknownVariant, `variant ${d.variantId.split('/').at(-1)} is no longer sold with the item`);
    if (variant.available !== null && variant.available < d.quantity) refuseArguments(RULES.exchangeOutOfStock, `"${variant.title}" is out of stock now`);
    if (variant.unitPriceMinor > d.unitPriceMinor) refuseArguments(RULES.exchangeCostsMore, `"${variant.title}" costs more now than when the gate decided`);
    value += d.unitPriceMinor * d.quantity;
  }
  return value;
}

/** Passes, or throws the first rule the opening breaks. Returns the arguments' hash. */
export function checkOpenReturnArguments(check: OpenReturnCheck): string {
  const { args, facts, gate, policy } = check;
  if (args.orderId !== check.boundOrderId || facts.orderId !== check.boundOrderId)
    refuseArguments(RULES.orderNotBound, 'the return is not for the order the run is bound to');
  if (!sameEmail(check.requesterEmail, facts.customerEmail)) refuseArguments(RULES.orderNotRequesters, "the order does not belong to the ticket's requester");
  if (!policy.document.returns.enabled) refuseArguments(RULES.remedyNotRefund, 'this store has not enabled returns');
  if (!gate || gate.decision === 'refuse' || (gate.remedy !== 'return' && gate.remedy !== 'exchange') || !gate.returnTerms)
    refuseArguments(RULES.gateNotPassed, 'the gate did not decide this return');
  if (gate.policyVersion !== policy.version) refuseArguments(RULES.policyChanged, 'the policy changed since the gate decided');
  const terms = gate.returnTerms;
  const sent = mergeLines(args.lineItems);
  const same = sent.length === terms.lines.length && sent.every((l) => terms.lines.some((t) => t.lineItemId === l.lineItemId && t.quantity === l.quantity));
  if (!same) refuseArguments(RULES.itemsNotOnOrder, 'the return is not of the units the gate decided');
  for (const line of sent) {
    const fact = facts.lineItems.find((li) => li.id === line.lineItemId);
    if (!fact || fact.giftCard || shippedUnits(fact) < line.quantity || fact.refundableQuantity < line.quantity) {
      refuseArguments(
        RULES.quantityExceedsRefundable,
        `line ${line.lineItemId.split('/').at(-1)}: ${line.quantity} cannot come back (not shipped or already refunded)`,
      );
    }
  }
  if ((args.returnFee?.amountMinor ?? 0) !== terms.feeMinor) refuseArguments(RULES.gateAmountMismatch, 'the return fee is not the one decided');
  const shipped = checkExchangeLines(args, gate, facts, policy);
  const now = Math.max(0, refundOnReceipt(facts, sent, terms.feeMinor) - shipped);
  if (Math.abs(now - gate.amountMinor) > toleranceMinor({ lines: sent })) {
    refuseArguments(
      RULES.amountNotRecomputed,
      `the units now come to ${moneyWords(now, facts.currency)} on receipt, not the ${moneyWords(gate.amountMinor, facts.currency)} decided`,
    );
  }
  const argsHash = openReturnArgumentsHash(args, check.toolPin);
  if (gate.decision === 'auto') {
    if (Math.max(gate.amountMinor, shipped) > policy.document.autoRefundLimitMinor)
      refuseArguments(RULES.autoOverLimitAtDispatch, 'a return decided automatically refunds or ships more than the limit');
    return argsHash;
  }
  verifyApproval(check.approval, { runId: check.runId, tool: 'open_return', argsHash, policyVersion: policy.version, now: check.now });
  return argsHash;
}

/** What the return has left to process: per return line, the units that came back and were not processed. */
export function unitsToProcess(ret: ReturnSummary): { returnLineItemId: string; lineItemId: string; quantity: number }[] {
  return ret.lineItems
    .map((l) => ({ returnLineItemId: l.returnLineItemId, lineItemId: l.lineItemId, quantity: Math.max(0, l.receivedQuantity - l.processedQuantity) }))
    .filter((l) => l.quantity > 0);
}

export interface ProcessReturnCheck {
  args: ProcessReturnInput;
  ret: ReturnSummary;
  facts: OrderFacts;
  /** What the decision authorised: the refund on receipt at most, the fee, the return's own units, the variants an exchange ships. */
  decided: {
    returnId: string;
    amountMinor: number;
    feeMinor: number;
    lines: readonly { returnLineItemId: string; lineItemId: string; quantity: number }[];
    exchange?: readonly { variantId: string; quantity: number }[];
    shipNow?: boolean;
  };
}

/** The exchange lines still to ship of the variants decided: each line's units not processed yet. */
export function exchangeToShip(ret: ReturnSummary, decided: ProcessReturnCheck['decided']): { exchangeLineItemId: string; quantity: number }[] {
  return ret.exchangeLineItems
    .filter((e) => (decided.exchange ?? []).some((d) => d.variantId === e.variantId))
    .map((e) => ({ exchangeLineItemId: e.exchangeLineItemId, quantity: Math.max(0, e.quantity - e.processedQuantity) }))
    .filter((e) => e.quantity > 0);
}

/** What these units refund now: their worth, less the fee when the return has refunded nothing yet, capped by what the decision has left. */
export function receiptRefund(check: Omit<ProcessReturnCheck, 'args'>, units: readonly { lineItemId: string; quantity: number }[]): number {
  const refunded = check.ret.refunds.reduce((n, r) => n + r.amount.amountMinor, 0);
  const fee = refunded === 0 && check.ret.refunds.length === 0 ? check.decided.feeMinor : 0;
  const left = Math.max(0, check.decided.amountMinor - refunded);
  return Math.min(left, refundOnReceipt(check.facts, units, fee));
}

/** Passes, or throws the first rule the processing breaks. */
export function checkProcessReturnArguments(check: ProcessReturnCheck): void {
  const { args, ret, decided } = check;
  if (args.returnId !== decided.returnId || ret.returnId !== decided.returnId)
    refuseArguments(RULES.orderNotBound, 'the processing is not of the return the run opened');
  if (ret.status !== 'OPEN') refuseArguments(RULES.gateNotPassed, `the return is ${ret.status.toLowerCase()}, not open`);
  const open = unitsToProcess(ret);
  const units: { lineItemId: string; quantity: number }[] = [];
  for (const line of args.lineItems) {
    const left = open.find((o) => o.returnLineItemId === line.returnLineItemId);
    if (!left || !decided.lines.some((d) => d.returnLineItemId === line.returnLineItemId) || line.quantity > left.quantity) {
      refuseArguments(RULES.quantityExceedsRefundable, `return line ${line.returnLineItemId.split('/').at(-1)}: ${line.quantity} not received and unprocessed`);
    }
    units.push({ lineItemId: left.lineItemId, quantity: line.quantity });
  }
  const toShip = exchangeToShip(ret, decided);
  for (const line of args.exchangeLineItems ?? []) {
    const left = toShip.find((o) => o.exchangeLineItemId === line.exchangeLineItemId);
    if (!left || line.quantity > left.quantity)
      refuseArguments(RULES.gateNotPassed, `exchange line ${line.exchangeLineItemId.split('/').at(-1)}: not decided or shipped already`);
  }
  // An exchange ships when what it replaces came back, or at once where nothing is to come back.
  if ((args.exchangeLineItems ?? []).length > 0 && units.length === 0 && !decided.shipNow)
    refuseArguments(RULES.gateNotPassed, 'the exchange ships when the parcel comes back');
  const amount = args.refund?.amount.amountMinor ?? 0;
  const due = receiptRefund(check, units);
  if (amount > due || Math.abs(amount - due) > toleranceMinor({ lines: units })) {
    refuseArguments(
      RULES.amountNotRecomputed,
      `the units received come to ${moneyWords(due, check.facts.currency)} on receipt, not ${moneyWords(amount, check.facts.currency)}`,
    );
  }
}
