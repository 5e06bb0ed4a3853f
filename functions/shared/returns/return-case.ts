// The run's return case, built from what the harness opened and changed as the days pass: the
// timeline a lead reads, when the run stops waiting, what came back. Pure.
import type { ReturnOpened } from '#harness/harness.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { GateDecision } from '#harness/domain/types.js';
import type { ReturnCase } from '#functions/shared/domain/run.js';

const DAY_MS = 86_400_000;

/** The return case of a return just opened: decided by the gate or by the lead who approved. */
export function openedCase(opened: ReturnOpened, gate: GateDecision, approval: ApprovalRecord | null): ReturnCase {
  const days = gate.returnTerms?.receiveWithinDays ?? 30;
  const decidedBy = approval
    ? { kind: 'lead' as const, approvalId: approval.approvalId, ...(approval.decidedBy ? { by: approval.decidedBy } : {}) }
    : { kind: 'auto' as const };
  const { summary } = opened;
  return {
    returnId: summary.returnId,
    name: summary.name,
    orderId: summary.orderId,
    ...(summary.reverseFulfillmentOrderIds ? { reverseFulfillmentOrderIds: summary.reverseFulfillmentOrderIds } : {}),
    openedAt: opened.openedAt,
    status: 'open',
    lines: summary.lineItems.map((l) => ({ returnLineItemId: l.returnLineItemId, lineItemId: l.lineItemId, quantity: l.quantity })),
    feeMinor: opened.feeMinor,
    decidedAmountMinor: opened.decidedAmountMinor,
    ...(opened.decidedPresentmentMinor !== undefined ? { decidedPresentmentMinor: opened.decidedPresentmentMinor } : {}),
    currency: opened.currency,
    policyVersion: opened.policyVersion,
    decidedBy,
    receiveBy: new Date(Date.parse(opened.openedAt) + days * DAY_MS).toISOString(),
    label: summary.label,
    ...(gate.returnTerms?.exchange?.length
      ? { exchange: gate.returnTerms.exchange.map((e) => ({ variantId: e.variantId, title: e.title, quantity: e.quantity })) }
      : {}),
    ...(gate.returnTerms?.shipsAtOnce ? { shipsAtOnce: true } : {}),
    events: [{ at: opened.openedAt, what: `return ${summary.name} opened`, by: decidedBy.kind === 'lead' ? (decidedBy.by ?? 'a lead') : 'the agent' }],
  };
}

/** The case with one more event on its timeline (the oldest dropped past the cap). */
export function withEvent(c: ReturnCase, at: string, what: string, by: string): ReturnCase {
  return { ...c, events: [...c.events, { at, what, by }].slice(-50) };
}

/** Whole seconds from now until the run stops waiting for the parcel (at least one). */
export function secondsLeft(c: Pick<ReturnCase, 'receiveBy'>, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(c.receiveBy) - now.getTime()) / 1000));
}
