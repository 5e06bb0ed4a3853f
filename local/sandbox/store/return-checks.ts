// The refusals of returnCreate and returnRequest, as Shopify answers them (ReturnUserErrors; nothing
// changes): an order that exists and is not cancelled, at least one return line, each naming a
// fulfillment line of the order with a quantity above 0 and within the units still free for a return
// (return-units.ts), no gift card; each exchange line a variant of the catalogue in stock for all the
// units asked; a return shipping fee of 0 or more in the currency the customer paid. Each error names
// its field from the mutation's argument (returnInput for returnCreate, input for returnRequest).
import { decimalToMinorOrNull } from '#shared/money.js';
import type { StoreCatalogue } from './catalogue.js';
import type { StoreOrder } from './model.js';
import { paidCurrency } from './presentment.js';
import type { ReturnReason, ReturnUserError } from './return-model.js';
import { fulfillmentLineOf, returnableOnFulfillmentLine, returnableQuantity } from './return-units.js';

export interface ReturnLineAsk {
  fulfillmentLineItemId: string;
  quantity: number;
  returnReason: ReturnReason | null;
  returnReasonNote: string | null;
  customerNote: string | null;
}
export interface ExchangeLineAsk {
  variantId: string | null;
  quantity: number;
}
/** returnCreate's ReturnInput or returnRequest's ReturnRequestInput, as the store reads them. */
export interface ReturnAsk {
  orderId: string;
  returnLineItems: ReturnLineAsk[];
  exchangeLineItems: ExchangeLineAsk[];
  returnShippingFee: { amount: string; currencyCode: string } | null;
}

type Field = (...path: (string | number)[]) => string[];

/** The user errors for this ask (none: the return may be made), and its fee in the currency the customer paid. */
export function returnAskErrors(
  order: StoreOrder | undefined,
  catalogue: StoreCatalogue,
  ask: ReturnAsk,
  argument: 'returnInput' | 'input',
): { errors: ReturnUserError[]; feeMinor: number | null } {
  const field: Field = (...path) => [argument, ...path.map(String)];
  if (!order) return { errors: [{ field: field('orderId'), message: 'Order does not exist', code: 'NOT_FOUND' }], feeMinor: null };
  if (order.cancelledAt) {
    return { errors: [{ field: field('orderId'), message: 'A cancelled order cannot be returned', code: 'INVALID' }], feeMinor: null };
  }
  const errors = [...lineErrors(order, ask, field), ...exchangeErrors(catalogue, ask, field)];
  const fee = feeOf(order, ask, field);
  errors.push(...fee.errors);
  return { errors, feeMinor: fee.minor };
}

function lineErrors(order: StoreOrder, ask: ReturnAsk, field: Field): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  if (ask.returnLineItems.length === 0)
    errors.push({ field: field('returnLineItems'), message: 'A return needs at least one return line item', code: 'BLANK' });
  const taken = new Map<string, number>();
  const takenOfLine = new Map<string, number>();
  ask.returnLineItems.forEach((line, i) => {
    const found = fulfillmentLineOf(order, line.fulfillmentLineItemId);
    if (!found) {
      const message = 'Fulfillment line item does not exist on this order (an item must have shipped to be returned)';
      return void errors.push({ field: field('returnLineItems', i, 'fulfillmentLineItemId'), message, code: 'NOT_FOUND' });
    }
    if (found.lineItem.giftCard) {
      return void errors.push({ field: field('returnLineItems', i, 'fulfillmentLineItemId'), message: 'A gift card cannot be returned', code: 'INVALID' });
    }
    if (line.quantity <= 0)
      return void errors.push({ field: field('returnLineItems', i, 'quantity'), message: 'Quantity must be greater than 0', code: 'GREATER_THAN' });
    // Free on the fulfillment line and on its order line, less what the lines before this one asked of them.
    const onFulfillment = returnableOnFulfillmentLine(order, line.fulfillmentLineItemId) - (taken.get(line.fulfillmentLineItemId) ?? 0);
    const onLine = returnableQuantity(order, found.lineItem) - (takenOfLine.get(found.lineItem.id) ?? 0);
    const free = Math.max(0, Math.min(onFulfillment, onLine));
    taken.set(line.fulfillmentLineItemId, (taken.get(line.fulfillmentLineItemId) ?? 0) + line.quantity);
    takenOfLine.set(found.lineItem.id, (takenOfLine.get(found.lineItem.id) ?? 0) + line.quantity);
    if (line.quantity > free) {
      errors.push({
        field: field('returnLineItems', i, 'quantity'),
        message: `Quantity is more than the ${free} unit(s) of this item that are fulfilled, not refunded and not in another return`,
        code: 'INVALID',
      });
    }
  });
  return errors;
}

function exchangeErrors(catalogue: StoreCatalogue, ask: ReturnAsk, field: Field): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  const taken = new Map<string, number>();
  ask.exchangeLineItems.forEach((line, i) => {
    if (!line.variantId) return void errors.push({ field: field('exchangeLineItems', i, 'variantId'), message: 'Variant must be given', code: 'BLANK' });
    const variant = catalogue.variants.get(line.variantId);
    if (!variant) return void errors.push({ field: field('exchangeLineItems', i, 'variantId'), message: 'Variant does not exist', code: 'NOT_FOUND' });
    if (line.quantity <= 0)
      return void errors.push({ field: field('exchangeLineItems', i, 'quantity'), message: 'Quantity must be greater than 0', code: 'GREATER_THAN' });
    const asked = (taken.get(variant.id) ?? 0) + line.quantity;
    taken.set(variant.id, asked);
    if (asked > variant.available) {
      errors.push({
        field: field('exchangeLineItems', i, 'variantId'),
        message: `Variant ${variant.title} is out of stock: ${variant.available} available, ${asked} asked`,
        code: 'INVALID',
      });
    }
  });
  return errors;
}

/** Shopify: "the value of the fee as a fixed amount in the presentment currency of the order". */
function feeOf(order: StoreOrder, ask: ReturnAsk, field: Field): { errors: ReturnUserError[]; minor: number | null } {
  const fee = ask.returnShippingFee;
  if (!fee) return { errors: [], minor: null };
  const currency = paidCurrency(order);
  if (fee.currencyCode !== currency) {
    const message = `The return shipping fee must be in the order's presentment currency (${currency})`;
    return { errors: [{ field: field('returnShippingFee', 'amount', 'currencyCode'), message, code: 'INVALID' }], minor: null };
  }
  const minor = decimalToMinorOrNull(fee.amount, currency);
  if (minor === null)
    return { errors: [{ field: field('returnShippingFee', 'amount', 'amount'), message: 'Amount is invalid', code: 'INVALID' }], minor: null };
  if (minor < 0) {
    const message = 'The return shipping fee must be greater than or equal to 0';
    return { errors: [{ field: field('returnShippingFee', 'amount', 'amount'), message, code: 'GREATER_THAN_OR_EQUAL_TO' }], minor: null };
  }
  return { errors: [], minor };
}
