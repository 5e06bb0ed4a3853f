// Order.suggestedRefund as the Admin API shows it (docs/sandbox-money.md section 5): the asked lines'
// prorated subtotal and tax, the shipping left when asked, the asked duties, the amount capped by the
// order's remainder, in both money sets (each computed on its own), and that amount spread over the
// payments. A store whose arithmetic disagrees with the agent's is a fault (faults.ts,
// skewSuggestedRefund): the amount and the first payment's share are then off by its `minor`.
import { GraphQLError } from 'graphql';
import { decimalToMinorOrNull } from '#shared/money.js';
import { refundLineView, transactionView } from './line-views.js';
import type { StoreOrder } from './model.js';
import { refundDutyView } from './money-views.js';
import { splitAcrossPayments } from './payments.js';
import { paidCurrency, presentmentSuggestion } from './presentment.js';
import { suggestRefund, type DutyAsk, type SuggestOptions } from './refund-rules.js';
import type { StoreShippingAsk } from './refunds.js';
import type { SandboxStoreState } from './state.js';
import { orderBag, type Args } from './view-kit.js';

/** The shipping asked: `shippingAmount` (in the currency the customer paid) overrides `refundShipping`. */
function shippingAsk(order: StoreOrder, args: Args): StoreShippingAsk {
  if (args.shippingAmount !== undefined && args.shippingAmount !== null) {
    const minor = decimalToMinorOrNull(String(args.shippingAmount as string | number), paidCurrency(order));
    if (minor === null || minor < 0) throw new GraphQLError('shippingAmount is not an amount', { extensions: { code: 'BAD_REQUEST' } });
    return { paidAmountMinor: minor };
  }
  return args.refundShipping === true ? { fullRefund: true } : null;
}

/** `minor` added to a figure, never below zero. */
const skewed = (figure: number, minor: number) => Math.max(0, figure + minor);

/** Order.suggestedRefund: what refunding these lines, shipping and duties would pay back, split across the payments. */
export function suggestedRefundView(state: SandboxStoreState, order: StoreOrder, args: Args, skewMinor = 0) {
  const requested =
    args.suggestFullRefund === true
      ? order.lineItems.map((li) => ({ lineItemId: li.id, quantity: li.quantity }))
      : ((args.refundLineItems as { lineItemId: string; quantity: number }[] | null | undefined) ?? []);
  const options: SuggestOptions = { shipping: shippingAsk(order, args), duties: (args.refundDuties as DutyAsk[] | null | undefined) ?? [] };
  const shop = suggestRefund(order, requested, options);
  // The same in the currency the customer paid (presentment.ts); the shop's figures when they are one.
  const paid = presentmentSuggestion(order, requested, options);
  const shares = splitAcrossPayments(order, shop.amountMinor);
  const paidShare = (id: string) => paid.shares.find((p) => p.payment.id === id);
  const bag = (of: (s: typeof shop) => number) => orderBag(order, of(shop), of(paid));
  return {
    amountSet: orderBag(order, skewed(shop.amountMinor, skewMinor), skewed(paid.amountMinor, skewMinor)),
    subtotalSet: bag((s) => s.subtotalMinor),
    discountedSubtotalSet: bag((s) => s.subtotalMinor),
    totalTaxSet: bag((s) => s.totalTaxMinor),
    totalDutiesSet: bag((s) => s.dutiesMinor),
    maximumRefundableSet: bag((s) => s.maximumRefundableMinor),
    shipping: {
      amountSet: bag((s) => s.shipping.amountMinor),
      taxSet: bag((s) => s.shipping.taxMinor),
      maximumRefundableSet: bag((s) => s.shipping.maximumRefundableMinor),
    },
    refundDuties: shop.duties.map((d, k) => refundDutyView(order, d.dutyId, d.amountMinor, paid.duties[k]?.amountMinor)),
    refundLineItems: shop.lines.map((l, k) =>
      refundLineView(state, order, {
        id: null,
        lineItemId: l.lineItemId,
        quantity: l.quantity,
        subtotalMinor: l.subtotalMinor,
        totalTaxMinor: l.totalTaxMinor,
        presentmentSubtotalMinor: paid.lines[k]?.subtotalMinor,
        presentmentTotalTaxMinor: paid.lines[k]?.totalTaxMinor,
      }),
    ),
    // One per payment with something left, in the order they were made (payments.ts: an assumption).
    suggestedTransactions: shares.map((share, k) => {
      const paidPart = paidShare(share.payment.id);
      const skew = k === 0 ? skewMinor : 0;
      return {
        kind: 'SUGGESTED_REFUND',
        gateway: share.payment.gateway,
        formattedGateway: share.payment.gateway,
        amountSet: orderBag(order, skewed(share.amountMinor, skew), paidPart === undefined ? undefined : skewed(paidPart.amountMinor, skew)),
        maximumRefundableSet: orderBag(order, share.remainingMinor, paidPart?.remainingMinor),
        parentTransaction: transactionView(order, share.payment),
      };
    }),
  };
}
