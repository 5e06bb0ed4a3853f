// Returns in the sandbox store, the lifecycle: returnCreate (OPEN at once, with its reverse fulfillment
// order) and returnRequest (REQUESTED, none yet), returnApproveRequest and returnDeclineRequest,
// returnCancel (only before any work was done on it), returnClose and returnReopen, each with Shopify's
// refusals as user errors and its webhook. A label is return-delivery.ts's, receipt (dispositions)
// return-receipt.ts's, returnProcess return-process.ts's; return-desk.ts puts them together.
// REQUESTED → OPEN | DECLINED; OPEN → CLOSED (returnClose, or every line processed) | CANCELED; CLOSED → OPEN.
import type { StoreOrder } from './model.js';
import { toShopMinor } from './order-rate.js';
import { returnAskErrors, type ReturnAsk } from './return-checks.js';
import { announce, closeReturn, refused, returnById, type ReturnContext, type ReturnResult } from './return-context.js';
import type { ReturnDeclineReason, ReturnStatus, StoreReturn, StoreReverseFulfillmentOrder } from './return-model.js';
import { returnsOf } from './return-units.js';
import type { ReturnTopic } from './return-webhooks.js';

const STATE_MESSAGES: Partial<Record<string, string>> = {
  approve: 'Return is not approvable. Only returns with status REQUESTED can be approved',
  decline: 'Return is not declinable. Only returns with status REQUESTED can be declined',
  close: 'Return is not closable. Only returns with status OPEN can be closed',
  reopen: 'Return is not reopenable. Only returns with status CLOSED can be reopened',
};

export class ReturnLifecycle {
  constructor(readonly ctx: ReturnContext) {}

  /** returnCreate: an OPEN return with its reverse fulfillment order, as if the customer's request was already approved. */
  create(ask: ReturnAsk): ReturnResult {
    return this.open(ask, 'returnInput', 'OPEN');
  }

  /** returnRequest: a REQUESTED return, waiting for the merchant's approval. */
  request(ask: ReturnAsk): ReturnResult {
    return this.open(ask, 'input', 'REQUESTED');
  }

  approve(id: string): ReturnResult {
    return this.transition(id, ['input', 'id'], 'approve', ['REQUESTED'], (ret, now) => {
      ret.status = 'OPEN';
      ret.requestApprovedAt = now;
      ret.reverseFulfillmentOrders.push(this.reverseFulfillmentOrder(ret));
      return ['returns/approve'];
    });
  }

  decline(id: string, reason: ReturnDeclineReason, note: string | null): ReturnResult {
    return this.transition(id, ['input', 'id'], 'decline', ['REQUESTED'], (ret) => {
      ret.status = 'DECLINED';
      ret.decline = { reason, note };
      return ['returns/decline'];
    });
  }

  /** returnCancel: only before any work was done on it (no unit received or processed, no refund). */
  cancel(id: string): ReturnResult {
    const found = returnById(this.ctx, id, ['id']);
    if (!('ret' in found)) return refused([found]);
    const worked =
      found.ret.refundIds.length > 0 ||
      found.ret.returnLineItems.some((l) => l.processedQuantity > 0) ||
      found.ret.exchangeLineItems.some((l) => l.processedQuantity > 0) ||
      found.ret.reverseFulfillmentOrders.some((rfo) => rfo.lineItems.some((l) => l.dispositions.length > 0));
    if (worked)
      return refused([{ field: ['id'], message: 'Return cannot be canceled: items were already received, processed or refunded', code: 'INVALID_STATE' }]);
    return this.transition(id, ['id'], 'cancel', ['REQUESTED', 'OPEN'], (ret) => {
      ret.status = 'CANCELED';
      for (const rfo of ret.reverseFulfillmentOrders) rfo.status = 'CANCELED';
      return ['returns/cancel'];
    });
  }

  close(id: string): ReturnResult {
    return this.transition(id, ['id'], 'close', ['OPEN'], (ret, now) => {
      closeReturn(ret, now);
      return ['returns/close'];
    });
  }

  reopen(id: string): ReturnResult {
    return this.transition(id, ['id'], 'reopen', ['CLOSED'], (ret) => {
      ret.status = 'OPEN';
      ret.closedAt = null;
      for (const rfo of ret.reverseFulfillmentOrders) rfo.status = 'OPEN';
      return ['returns/reopen'];
    });
  }

  private transition(
    id: string,
    field: string[],
    action: string,
    from: ReturnStatus[],
    change: (ret: StoreReturn, now: string) => ReturnTopic[],
  ): ReturnResult {
    const found = returnById(this.ctx, id, field);
    if (!('ret' in found)) return refused([found]);
    const { order, ret } = found;
    if (!from.includes(ret.status)) {
      const message = STATE_MESSAGES[action] ?? `Return cannot be ${action}ed from status ${ret.status}`;
      return refused([{ field, message: `${message} (it is ${ret.status})`, code: 'INVALID_STATE' }], order);
    }
    return announce(this.ctx, order, ret, change(ret, this.ctx.state.isoDaysAgo(0)));
  }

  private open(ask: ReturnAsk, argument: 'returnInput' | 'input', status: 'OPEN' | 'REQUESTED'): ReturnResult {
    const { state } = this.ctx;
    const order = state.orderById(ask.orderId);
    const { errors, feeMinor } = returnAskErrors(order, state.catalogue, ask, argument);
    if (errors.length > 0 || !order) return refused(errors, order ?? null);
    const now = state.isoDaysAgo(0);
    const ret: StoreReturn = {
      id: state.mintGid('Return'),
      name: `${order.name}-R${returnsOf(order).length + 1}`,
      status,
      createdAt: now,
      closedAt: null,
      requestApprovedAt: status === 'OPEN' ? now : null,
      decline: null,
      returnLineItems: ask.returnLineItems.map((l) => ({
        id: state.mintGid('ReturnLineItem'),
        fulfillmentLineItemId: l.fulfillmentLineItemId,
        lineItemId: order.fulfillments.flatMap((f) => f.lines).find((f) => f.id === l.fulfillmentLineItemId)!.lineItemId,
        quantity: l.quantity,
        processedQuantity: 0,
        refundedQuantity: 0,
        returnReason: l.returnReason ?? 'UNKNOWN',
        returnReasonNote: l.returnReasonNote ?? '',
        customerNote: l.customerNote,
      })),
      exchangeLineItems: ask.exchangeLineItems.map((l) => ({
        id: state.mintGid('ExchangeLineItem'),
        variantId: l.variantId!,
        quantity: l.quantity,
        processedQuantity: 0,
        lineItemIds: [],
      })),
      returnShippingFees: feeMinor === null ? [] : [this.fee(order, feeMinor)],
      reverseFulfillmentOrders: [],
      refundIds: [],
    };
    if (status === 'OPEN') ret.reverseFulfillmentOrders.push(this.reverseFulfillmentOrder(ret));
    (order.returns ??= []).push(ret);
    // ASSUMPTION: a return opened at once is announced as an approved one (returns/approve: "Return.status is OPEN").
    return announce(this.ctx, order, ret, [status === 'OPEN' ? 'returns/approve' : 'returns/request']);
  }

  private fee(order: StoreOrder, paidMinor: number) {
    const id = this.ctx.state.mintGid('ReturnShippingFee');
    if (!order.presentmentCurrency) return { id, amountMinor: paidMinor };
    return { id, amountMinor: toShopMinor(order, paidMinor), presentmentAmountMinor: paidMinor };
  }

  /** The one reverse fulfillment order of a return (the sandbox has one location): a line per return line. */
  private reverseFulfillmentOrder(ret: StoreReturn): StoreReverseFulfillmentOrder {
    const { state } = this.ctx;
    return {
      id: state.mintGid('ReverseFulfillmentOrder'),
      status: 'OPEN',
      lineItems: ret.returnLineItems.map((l) => ({
        id: state.mintGid('ReverseFulfillmentOrderLineItem'),
        returnLineItemId: l.id,
        fulfillmentLineItemId: l.fulfillmentLineItemId,
        totalQuantity: l.quantity,
        dispositions: [],
      })),
      deliveries: [],
    };
  }
}
