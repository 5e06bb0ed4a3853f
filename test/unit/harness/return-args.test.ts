// The dispatch checks of a return (docs/policy.md "Returns and exchanges"): opened only as the gate
// decided it, on the requester's bound order, for units that shipped, the refund on receipt recomputed
// and, automatic, within the limit, or approved for these exact arguments; processed only for units
// that came back and were not processed, never above what the decision authorised, the fee once.
import { describe, expect, it } from 'vitest';
import type { ReturnSummary } from '#shared/contracts/tools.js';
import { ApprovalRequiredError, ArgumentPolicyError } from '#harness/errors.js';
import { RULES, createPolicy, decideGate } from '#harness/policy/index.js';
import {
  buildOpenReturnArguments,
  checkOpenReturnArguments,
  checkProcessReturnArguments,
  openReturnArgumentsHash,
  receiptRefund,
  unitsToProcess,
  type OpenReturnCheck,
} from '#harness/policy/return-args.js';
import type { ApprovalRecord } from '#harness/ports.js';
import { NOW, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

const RETURNS = createPolicy({
  returns: { enabled: true, feeMinor: 500, windowDays: 30, receiveWithinDays: 30, keepItBelowMinor: 2000, damagedBackFromMinor: null, notifyCustomer: false },
});
const shirts = (unitPriceMinor = 3400, quantity = 1) => makeFacts({}, makeOrder({ unitPriceMinor, quantity, title: 'Linen shirt' }));
const TEXT = ['Shirts', 'The linen shirts from order #1001 do not fit. Can I send them back?'];

function decided(facts = shirts(), quantity = 1) {
  const proposal = makeProposal(facts, {
    reason: 'changed_mind',
    lineItems: [{ lineItemId: facts.lineItems[0]!.id, quantity, quote: 'The linen shirts from order #1001' }],
  });
  const gate = decideGate({
    ticketEmail: 'ana@example.com',
    customerText: TEXT,
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage({ reason: 'changed_mind', itemHints: ['shirts'] }),
    order: facts,
    proposal,
    policy: RETURNS,
    now: NOW,
  });
  return { facts, proposal, gate };
}

function openCheck(over: Partial<OpenReturnCheck> = {}): OpenReturnCheck {
  const { facts, gate } = decided();
  const args = buildOpenReturnArguments({ runId: 'run-1', facts, gate, reason: 'changed_mind', policy: RETURNS });
  return {
    args,
    runId: 'run-1',
    boundOrderId: facts.orderId,
    requesterEmail: 'ana@example.com',
    facts,
    gate,
    approval: null,
    policy: RETURNS,
    now: NOW,
    toolPin: 'sha256:pin',
    ...over,
  };
}

const refusedWith = (rule: string, fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).context.rule).toBe(rule);
    return;
  }
  throw new Error(`expected a refusal with ${rule}`);
};

describe('opening a return: the dispatch check', () => {
  it('sends the decided units with the reason, the fee and a note naming the run', () => {
    const { args } = openCheck();
    expect(args).toMatchObject({
      lineItems: [{ quantity: 1, reason: 'UNWANTED' }],
      returnFee: { amountMinor: 500, currency: 'USD' },
      note: 'refund-agent run run-1',
    });
  });

  it('passes the gate’s return as decided', () => {
    expect(checkOpenReturnArguments(openCheck())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses other units than the gate decided', () => {
    const check = openCheck();
    refusedWith(RULES.itemsNotOnOrder, () =>
      checkOpenReturnArguments({ ...check, args: { ...check.args, lineItems: [{ ...check.args.lineItems[0]!, quantity: 2 }] } }),
    );
  });

  it('refuses another fee than the one decided', () => {
    const check = openCheck();
    refusedWith(RULES.gateAmountMismatch, () => checkOpenReturnArguments({ ...check, args: { ...check.args, returnFee: undefined } }));
  });

  it('refuses when the units came to another refund since the gate (refunded meanwhile)', () => {
    const check = openCheck();
    const line = check.facts.lineItems[0]!;
    refusedWith(RULES.quantityExceedsRefundable, () =>
      checkOpenReturnArguments({ ...check, facts: { ...check.facts, lineItems: [{ ...line, refundableQuantity: 0 }] } }),
    );
    refusedWith(RULES.amountNotRecomputed, () => checkOpenReturnArguments({ ...check, facts: shirts(4000) }));
  });

  it('refuses an automatic return whose refund on receipt is over the limit', () => {
    const check = openCheck();
    // A decision stored as automatic for $55.00 on receipt: the units do come to that, and it is over the $50.00 limit.
    refusedWith(RULES.autoOverLimitAtDispatch, () => checkOpenReturnArguments({ ...check, gate: { ...check.gate!, amountMinor: 5500 }, facts: shirts(6000) }));
  });

  it('needs an approval bound to these exact arguments when a lead decides, and honours it', () => {
    const { facts, gate } = decided(shirts(4000, 2), 2);
    expect(gate).toMatchObject({ decision: 'approval', amountMinor: 7500 });
    const args = buildOpenReturnArguments({ runId: 'run-1', facts, gate, reason: 'changed_mind', policy: RETURNS });
    const check = { ...openCheck(), args, facts, gate };
    expect(() => checkOpenReturnArguments(check)).toThrow(ApprovalRequiredError);
    const approval = (argsHash: string) =>
      ({
        approvalId: 'a1',
        runId: 'run-1',
        tenant: 't',
        status: 'approved',
        tool: 'open_return',
        argsHash,
        policyVersion: RETURNS.version,
        expiresAt: new Date(NOW.getTime() + 3600_000).toISOString(),
      }) as unknown as ApprovalRecord;
    const hash = openReturnArgumentsHash(args, 'sha256:pin');
    expect(checkOpenReturnArguments({ ...check, approval: approval(hash) })).toBe(hash);
    refusedWith(RULES.approvalArgsMismatch, () => checkOpenReturnArguments({ ...check, approval: approval('sha256:other') }));
  });
});

function returnOf(over: Partial<ReturnSummary['lineItems'][number]> = {}, refunds: ReturnSummary['refunds'] = []): ReturnSummary {
  return {
    returnId: 'gid://shopify/Return/1',
    name: '#1001-R1',
    orderId: 'gid://shopify/Order/1001',
    status: 'OPEN',
    createdAt: NOW.toISOString(),
    closedAt: null,
    fee: { amountMinor: 500, currency: 'USD' },
    lineItems: [
      {
        returnLineItemId: 'gid://shopify/ReturnLineItem/1',
        lineItemId: 'gid://shopify/LineItem/10011',
        quantity: 2,
        receivedQuantity: 2,
        processedQuantity: 0,
        refundedQuantity: 0,
        note: null,
        ...over,
      },
    ],
    exchangeLineItems: [],
    label: null,
    refunds,
  };
}
const DECIDED = {
  returnId: 'gid://shopify/Return/1',
  amountMinor: 6300,
  feeMinor: 500,
  lines: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', lineItemId: 'gid://shopify/LineItem/10011', quantity: 2 }],
};

describe('processing what came back: the dispatch check', () => {
  it('refunds the units that came back less the fee, once', () => {
    const ret = returnOf();
    expect(unitsToProcess(ret)).toEqual([{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', lineItemId: 'gid://shopify/LineItem/10011', quantity: 2 }]);
    expect(receiptRefund({ ret, facts: shirts(3400, 2), decided: DECIDED }, [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 2 }])).toBe(6300);
  });

  it('refunds a parcel that came back short for the units in it, the fee taken on the first refund only', () => {
    const short = returnOf({ receivedQuantity: 1 });
    expect(unitsToProcess(short)[0]!.quantity).toBe(1);
    expect(receiptRefund({ ret: short, facts: shirts(3400, 2), decided: DECIDED }, [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 1 }])).toBe(2900);
    const later = returnOf({ processedQuantity: 1 }, [{ refundId: 'r1', amount: { amountMinor: 2900, currency: 'USD' }, createdAt: NOW.toISOString() }]);
    expect(receiptRefund({ ret: later, facts: shirts(3400, 2), decided: DECIDED }, [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 1 }])).toBe(3400);
  });

  it('never refunds above what the decision authorised, whatever the order says now', () => {
    const ret = returnOf();
    expect(receiptRefund({ ret, facts: shirts(9000, 2), decided: DECIDED }, [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 2 }])).toBe(6300);
  });

  it('refuses units that did not come back, or a larger amount than recomputed', () => {
    const ret = returnOf({ receivedQuantity: 1 });
    const args = {
      returnId: ret.returnId,
      lineItems: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', quantity: 2 }],
      notifyCustomer: false,
      note: 'n',
      refund: { amount: { amountMinor: 6300, currency: 'USD' } },
    };
    refusedWith(RULES.quantityExceedsRefundable, () => checkProcessReturnArguments({ args, ret, facts: shirts(3400, 2), decided: DECIDED }));
    const one = {
      ...args,
      lineItems: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', quantity: 1 }],
      refund: { amount: { amountMinor: 3400, currency: 'USD' } },
    };
    refusedWith(RULES.amountNotRecomputed, () => checkProcessReturnArguments({ args: one, ret, facts: shirts(3400, 2), decided: DECIDED }));
    expect(() =>
      checkProcessReturnArguments({
        args: { ...one, refund: { amount: { amountMinor: 2900, currency: 'USD' } } },
        ret,
        facts: shirts(3400, 2),
        decided: DECIDED,
      }),
    ).not.toThrow();
  });

  it('refuses a return that is not open, or not the run’s', () => {
    const closed = { ...returnOf(), status: 'CLOSED' as const };
    const args = { returnId: closed.returnId, lineItems: [], notifyCustomer: false, note: 'n' };
    refusedWith(RULES.gateNotPassed, () => checkProcessReturnArguments({ args, ret: closed, facts: shirts(3400, 2), decided: DECIDED }));
    refusedWith(RULES.orderNotBound, () =>
      checkProcessReturnArguments({ args: { ...args, returnId: 'gid://shopify/Return/2' }, ret: returnOf(), facts: shirts(3400, 2), decided: DECIDED }),
    );
  });
});
