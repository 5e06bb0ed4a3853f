// The rate an order was paid at, for a figure the sandbox must state in both of an order's currencies
// but that no fixture prices in both: a return shipping fee (given in the currency the customer paid)
// in the shop's, an exchanged variant (priced in the shop's) in the customer's. An ASSUMPTION: the
// rate of the order's payments taken together (what they took in the presentment currency over what
// they took in the shop's), rounded half up; an order paid in its own currency has rate 1.
import { ratioOf } from './arithmetic.js';
import type { StoreOrder } from './model.js';
import { paymentsOf } from './payments.js';

const takenIn = (order: StoreOrder) => {
  const payments = paymentsOf(order);
  return {
    shop: payments.reduce((n, t) => n + t.amountMinor, 0),
    paid: payments.reduce((n, t) => n + (t.presentmentAmountMinor ?? t.amountMinor), 0),
  };
};

/** A shop-currency amount in the currency the customer paid. */
export function toPaidMinor(order: StoreOrder, shopMinor: number): number {
  if (!order.presentmentCurrency) return shopMinor;
  const { shop, paid } = takenIn(order);
  return shop === 0 ? shopMinor : ratioOf(shopMinor, paid, shop);
}

/** An amount in the currency the customer paid, in the shop's currency. */
export function toShopMinor(order: StoreOrder, paidMinor: number): number {
  if (!order.presentmentCurrency) return paidMinor;
  const { shop, paid } = takenIn(order);
  return paid === 0 ? paidMinor : ratioOf(paidMinor, shop, paid);
}
