// The GraphQL face of the sandbox store's returns: Query.return, productVariant, product,
// reverseFulfillmentOrder and reverseDelivery, and the return mutations. Each mutation reads its
// input as graphql-js passes it into the desk's ask (return-desk.ts), and answers Shopify's payload:
// the return (or delivery, or disposed lines) and its ReturnUserErrors.
import { productById, productVariantById } from './catalogue-views.js';
import type { ReturnAsk } from './return-checks.js';
import type { ReturnResult } from './return-context.js';
import type { ReturnDesk } from './return-desk.js';
import type { DispositionType, ReturnDeclineReason, ReturnReason, StoreReverseFulfillmentOrderLineItem } from './return-model.js';
import type { ProcessAsk } from './return-process.js';
import type { DispositionAsk } from './return-receipt.js';
import type { ReturnRefundAsk } from './return-refund.js';
import { findReturn } from './return-units.js';
import { deliveryView, returnView, reverseViewById, rfoLineView as rfoLineViewAt } from './return-views.js';
import type { Args } from './view-kit.js';
import { orderViewsOf, type ViewContext } from './views.js';

type Input = Record<string, unknown>;
type Money = { amount: string; currencyCode: string };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const list = (value: unknown): Input[] => (Array.isArray(value) ? (value as Input[]) : []);
const money = (value: unknown): Money | null => {
  const m = value as { amount?: unknown; currencyCode?: unknown } | null | undefined;
  return m ? { amount: String(m.amount), currencyCode: String(m.currencyCode) } : null;
};

/** ReturnInput (returnCreate) or ReturnRequestInput (returnRequest) as the desk's ask. */
export function toReturnAsk(input: Input): ReturnAsk {
  return {
    orderId: String(input.orderId),
    returnLineItems: list(input.returnLineItems).map((l) => ({
      fulfillmentLineItemId: String(l.fulfillmentLineItemId),
      quantity: Number(l.quantity),
      returnReason: (str(l.returnReason) as ReturnReason | null) ?? null,
      returnReasonNote: str(l.returnReasonNote),
      customerNote: str(l.customerNote),
    })),
    exchangeLineItems: list(input.exchangeLineItems).map((l) => ({ variantId: str(l.variantId), quantity: Number(l.quantity) })),
    returnShippingFee: money((input.returnShippingFee as Input | null | undefined)?.amount),
  };
}

const toDispositions = (value: unknown): DispositionAsk[] =>
  list(value).map((d) => ({
    reverseFulfillmentOrderLineItemId: String(d.reverseFulfillmentOrderLineItemId),
    quantity: Number(d.quantity),
    dispositionType: String(d.dispositionType) as DispositionType,
    locationId: str(d.locationId),
  }));

/** ReturnProcessInput as the desk's ask: financialTransfer.issueRefund carries the refund, with refundShipping, refundDuties and the note. */
export function toProcessAsk(input: Input): ProcessAsk {
  const issue = (input.financialTransfer as { issueRefund?: Input | null } | null | undefined)?.issueRefund ?? null;
  const shipping = input.refundShipping as { fullRefund?: boolean | null; shippingRefundAmount?: unknown } | null | undefined;
  const duties = list(input.refundDuties).map((d) => ({ dutyId: String(d.dutyId), refundType: (str(d.refundType) as 'FULL' | 'PROPORTIONAL' | null) ?? null }));
  const refund: ReturnRefundAsk | null = issue
    ? {
        allowOverRefunding: issue.allowOverRefunding === true,
        orderTransactions: list(issue.orderTransactions).map((t) => ({ parentId: String(t.parentId), transactionAmount: money(t.transactionAmount)! })),
        storeCredit: list(issue.refundMethods).flatMap((m) => {
          const credit = money((m.storeCreditRefund as Input | null | undefined)?.amount);
          return credit ? [credit] : [];
        }),
        refundShipping: shipping ? { fullRefund: shipping.fullRefund === true, shippingRefundAmount: money(shipping.shippingRefundAmount) } : null,
        refundDuties: duties,
        note: str(input.note),
      }
    : null;
  return {
    returnId: String(input.returnId),
    returnLineItems: list(input.returnLineItems).map((l) => ({ id: String(l.id), quantity: Number(l.quantity), dispositions: toDispositions(l.dispositions) })),
    exchangeLineItems: list(input.exchangeLineItems).map((l) => ({ id: String(l.id), quantity: Number(l.quantity) })),
    refund,
    strayMoney: refund === null && (Boolean(shipping) || duties.length > 0),
  };
}

/** The return queries and mutations over the desk. */
export function returnResolvers(ctx: ViewContext, desk: ReturnDesk) {
  const { state } = ctx;
  const views = orderViewsOf(ctx);
  const payload = (result: ReturnResult) => ({
    return: result.ret && result.order ? returnView(state, result.order, result.ret, views) : null,
    userErrors: result.userErrors,
  });
  const rfoLineView = (line: StoreReverseFulfillmentOrderLineItem) => {
    const found = findReturn(state.orders, (r) => r.reverseFulfillmentOrders.some((o) => o.lineItems.includes(line)))!;
    return rfoLineViewAt({ state, ...found, views }, line);
  };
  const input = (args: Args) => args.input as Input;
  return {
    return: (args: Args) => {
      const found = findReturn(state.orders, (r) => r.id === String(args.id));
      return found ? returnView(state, found.order, found.ret, views) : null;
    },
    productVariant: (args: Args) => productVariantById(state, String(args.id)),
    product: (args: Args) => productById(state, String(args.id)),
    reverseFulfillmentOrder: (args: Args) => (String(args.id).includes('/ReverseFulfillmentOrder/') ? reverseViewById(state, String(args.id), views) : null),
    reverseDelivery: (args: Args) => (String(args.id).includes('/ReverseDelivery/') ? reverseViewById(state, String(args.id), views) : null),
    returnCreate: (args: Args) => payload(desk.create(toReturnAsk(args.returnInput as Input))),
    returnRequest: (args: Args) => payload(desk.request(toReturnAsk(input(args)))),
    returnApproveRequest: (args: Args) => payload(desk.approve(String(input(args).id))),
    returnDeclineRequest: (args: Args) =>
      payload(desk.decline(String(input(args).id), String(input(args).declineReason) as ReturnDeclineReason, str(input(args).declineNote))),
    returnCancel: (args: Args) => payload(desk.cancel(String(args.id))),
    returnClose: (args: Args) => payload(desk.close(String(args.id))),
    returnReopen: (args: Args) => payload(desk.reopen(String(args.id))),
    returnProcess: (args: Args) => payload(desk.process(toProcessAsk(input(args)))),
    reverseDeliveryCreateWithShipping: (args: Args) => {
      const tracking = args.trackingInput as Input | null | undefined;
      const result = desk.reverseDelivery({
        reverseFulfillmentOrderId: String(args.reverseFulfillmentOrderId),
        lines: list(args.reverseDeliveryLineItems).map((l) => ({
          reverseFulfillmentOrderLineItemId: String(l.reverseFulfillmentOrderLineItemId),
          quantity: Number(l.quantity),
        })),
        labelFileUrl: str((args.labelInput as Input | null | undefined)?.fileUrl),
        tracking: tracking ? { number: str(tracking.number), url: str(tracking.url) } : null,
      });
      if (!result.delivery) return { reverseDelivery: null, userErrors: result.userErrors };
      return { reverseDelivery: deliveryView({ state, order: result.order, ret: result.ret, views }, result.rfo, result.delivery), userErrors: [] };
    },
    reverseFulfillmentOrderDispose: (args: Args) => {
      const result = desk.dispose(toDispositions(args.dispositionInputs));
      return { reverseFulfillmentOrderLineItems: result.userErrors.length > 0 ? null : result.lineItems.map(rfoLineView), userErrors: result.userErrors };
    },
  };
}
