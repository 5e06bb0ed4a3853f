// returnProcess in the sandbox store: confirms the units of an open return that came back (with
// their dispositions, given earlier or inline), ships its exchange items, and with
// financialTransfer.issueRefund refunds the units processed now (return-refund.ts). Everything is
// checked first, then applied: on any user error nothing changes. A unit is processed once: a second
// returnProcess of it is refused. Once every line is processed the return closes.
// ASSUMPTION (docs/sandbox-returns.md): the sandbox tracks receipt, so only units with a disposition
// other than MISSING can be processed (Shopify lets a merchant process units it never received).
// Exchange items ship at once: units out of stock, a line added to the order and a fulfilment of it
// (Shopify opens a fulfillment order the merchant then fulfils).
import type { StoreOrder } from './model.js';
import { variantPriceOn } from './catalogue.js';
import { announce, closeReturn, refused, returnById, type ReturnContext, type ReturnResult } from './return-context.js';
import { receivedQuantity, type ReturnUserError, type StoreExchangeLineItem, type StoreReturn } from './return-model.js';
import { applyDispositions, dispositionErrors, type DispositionAsk } from './return-receipt.js';
import { refundRequestOf, returnRefundErrors, type ReturnRefundAsk } from './return-refund.js';
import type { ReturnTopic } from './return-webhooks.js';
import { refundCreatedPayload } from './webhooks.js';

export interface ProcessAsk {
  returnId: string;
  returnLineItems: { id: string; quantity: number; dispositions: DispositionAsk[] }[];
  exchangeLineItems: { id: string; quantity: number }[];
  /** financialTransfer.issueRefund with the input's refundShipping, refundDuties and note; null: no refund. */
  refund: ReturnRefundAsk | null;
  /** refundShipping or refundDuties given without a refund to carry them. */
  strayMoney: boolean;
}

const returnLine = (ret: StoreReturn, id: string) => ret.returnLineItems.find((l) => l.id === id);
const exchangeLine = (ret: StoreReturn, id: string) => ret.exchangeLineItems.find((l) => l.id === id);

function returnLineErrors(ctx: ReturnContext, ret: StoreReturn, ask: ProcessAsk): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  const taken = new Map<string, number>();
  ask.returnLineItems.forEach((input, k) => {
    const field = (...path: (string | number)[]) => ['input', 'returnLineItems', String(k), ...path.map(String)];
    const line = returnLine(ret, input.id);
    if (!line) return void errors.push({ field: field('id'), message: 'Return line item does not exist on this return', code: 'NOT_FOUND' });
    const rfoLine = ret.reverseFulfillmentOrders.flatMap((o) => o.lineItems).find((l) => l.returnLineItemId === line.id);
    const inline = input.dispositions;
    errors.push(...dispositionErrors(ctx, inline, (j, name) => field('dispositions', j, name), ret));
    inline.forEach((d, j) => {
      if (d.reverseFulfillmentOrderLineItemId !== rfoLine?.id) {
        errors.push({
          field: field('dispositions', j, 'reverseFulfillmentOrderLineItemId'),
          message: 'Disposition is not of this return line item',
          code: 'INVALID',
        });
      }
    });
    if (input.quantity <= 0) return void errors.push({ field: field('quantity'), message: 'Quantity must be greater than 0', code: 'GREATER_THAN' });
    const asked = (taken.get(line.id) ?? 0) + input.quantity;
    taken.set(line.id, asked);
    const cameBack = receivedQuantity(ret, line) + inline.filter((d) => d.dispositionType !== 'MISSING').reduce((n, d) => n + d.quantity, 0);
    const processable = Math.max(0, cameBack - line.processedQuantity);
    if (asked > processable) {
      const message = `Quantity is more than the ${processable} unit(s) received and not processed yet (${line.processedQuantity} processed already)`;
      errors.push({ field: field('quantity'), message, code: 'INVALID' });
    }
  });
  return errors;
}

function exchangeLineErrors(ctx: ReturnContext, ret: StoreReturn, ask: ProcessAsk): ReturnUserError[] {
  const errors: ReturnUserError[] = [];
  const taken = new Map<string, number>();
  ask.exchangeLineItems.forEach((input, k) => {
    const field = (name: string) => ['input', 'exchangeLineItems', String(k), name];
    const line = exchangeLine(ret, input.id);
    if (!line) return void errors.push({ field: field('id'), message: 'Exchange line item does not exist on this return', code: 'NOT_FOUND' });
    if (input.quantity <= 0) return void errors.push({ field: field('quantity'), message: 'Quantity must be greater than 0', code: 'GREATER_THAN' });
    const asked = (taken.get(line.id) ?? 0) + input.quantity;
    taken.set(line.id, asked);
    const left = line.quantity - line.processedQuantity;
    if (asked > left)
      return void errors.push({ field: field('quantity'), message: `Quantity is more than the ${left} unit(s) not processed yet`, code: 'INVALID' });
    const variant = ctx.state.catalogue.variants.get(line.variantId);
    const wanted = ask.exchangeLineItems.filter((e) => exchangeLine(ret, e.id)?.variantId === line.variantId).reduce((n, e) => n + Math.max(0, e.quantity), 0);
    if (!variant || wanted > variant.available) {
      errors.push({
        field: field('id'),
        message: `Variant ${variant?.title ?? line.variantId} is out of stock: ${variant?.available ?? 0} available`,
        code: 'INVALID',
      });
    }
  });
  return errors;
}

/** The refund's lines (each return line's units processed now, by order line) and which input each came from. */
function refundLines(ret: StoreReturn, ask: ProcessAsk) {
  const lines = ask.returnLineItems.map((input) => ({ lineItemId: returnLine(ret, input.id)!.lineItemId, quantity: input.quantity }));
  return { lines, lineInputs: ask.returnLineItems.map((_, k) => k) };
}

/** What the exchange units processed now are worth in the currency the customer paid. */
function exchangeNowMinor(ctx: ReturnContext, order: StoreOrder, ret: StoreReturn, ask: ProcessAsk): number {
  return ask.exchangeLineItems.reduce((n, input) => {
    const variant = ctx.state.catalogue.variants.get(exchangeLine(ret, input.id)!.variantId);
    return n + (variant ? variantPriceOn(order, variant).paidMinor * input.quantity : 0);
  }, 0);
}

function processErrors(ctx: ReturnContext, order: StoreOrder, ret: StoreReturn, ask: ProcessAsk): ReturnUserError[] {
  if (ret.status !== 'OPEN')
    return [{ field: ['input', 'returnId'], message: `Return is not processable: it is ${ret.status}, not OPEN`, code: 'INVALID_STATE' }];
  if (ask.returnLineItems.length === 0 && ask.exchangeLineItems.length === 0) {
    return [{ field: ['input', 'returnLineItems'], message: 'Give the return line items or exchange line items to process', code: 'BLANK' }];
  }
  const errors = [...returnLineErrors(ctx, ret, ask), ...exchangeLineErrors(ctx, ret, ask)];
  if (ask.strayMoney)
    errors.push({ field: ['input', 'refundShipping'], message: 'Shipping and duties are refunded with financialTransfer.issueRefund', code: 'INVALID' });
  if (errors.length > 0 || !ask.refund) return errors;
  const { lines, lineInputs } = refundLines(ret, ask);
  const request = refundRequestOf(order, lines, ask.refund);
  return returnRefundErrors(order, ctx.state.customers, ret, {
    request,
    lineInputs,
    ask: ask.refund,
    exchangeNowMinor: exchangeNowMinor(ctx, order, ret, ask),
  });
}

/** Ships an exchange line's units: out of stock, a line added to the order, a fulfilment of it. */
function shipExchange(ctx: ReturnContext, order: StoreOrder, line: StoreExchangeLineItem, quantity: number): void {
  const { state } = ctx;
  const variant = state.catalogue.variants.get(line.variantId)!;
  const product = state.catalogue.products.get(variant.productId);
  const price = variantPriceOn(order, variant);
  const lineItemId = state.mintGid('LineItem');
  state.catalogue.take(variant.id, quantity);
  (order.addedLineItems ??= []).push({
    id: lineItemId,
    title: product?.title ?? variant.title,
    sku: variant.sku,
    quantity,
    unitPriceMinor: price.shopMinor,
    ...(order.presentmentCurrency ? { presentmentUnitPriceMinor: price.paidMinor } : {}),
    customAttributes: [],
    giftCard: false,
    productId: variant.productId,
    variantId: variant.id,
    variantTitle: variant.title,
  });
  const lines = [{ id: state.mintGid('FulfillmentLineItem'), lineItemId, quantity }];
  order.fulfillments.push({ id: state.mintGid('Fulfillment'), createdAt: state.isoDaysAgo(0), deliveredAt: null, lines });
  line.lineItemIds.push(lineItemId);
  line.processedQuantity += quantity;
}

/** returnProcess: the return processed (and refunded, shipped, closed as it goes), or user errors and no change. */
export function processReturn(ctx: ReturnContext, ask: ProcessAsk): ReturnResult {
  const found = returnById(ctx, ask.returnId, ['input', 'returnId']);
  if (!('ret' in found)) return refused([found]);
  const { order, ret } = found;
  const errors = processErrors(ctx, order, ret, ask);
  if (errors.length > 0) return refused(errors, order);

  applyDispositions(
    ctx,
    ask.returnLineItems.flatMap((l) => l.dispositions),
  );
  for (const input of ask.returnLineItems) returnLine(ret, input.id)!.processedQuantity += input.quantity;
  for (const input of ask.exchangeLineItems) shipExchange(ctx, order, exchangeLine(ret, input.id)!, input.quantity);
  if (ask.refund) {
    const result = ctx.state.createRefund(refundRequestOf(order, refundLines(ret, ask).lines, ask.refund));
    if (!result.refund) throw new Error(`sandbox returnProcess could not refund ${ret.name}: ${result.userErrors.map((e) => e.message).join('; ')}`);
    ret.refundIds.push(result.refund.id);
    for (const input of ask.returnLineItems) returnLine(ret, input.id)!.refundedQuantity += input.quantity;
    ctx.events.send('refunds/create', {
      ...refundCreatedPayload(order, result.refund),
      return: { id: Number(ret.id.split('/').pop()), admin_graphql_api_id: ret.id },
    });
  }
  const topics: ReturnTopic[] = ['returns/process'];
  const done = ret.returnLineItems.every((l) => l.processedQuantity >= l.quantity) && ret.exchangeLineItems.every((l) => l.processedQuantity >= l.quantity);
  if (done) {
    closeReturn(ret, ctx.state.isoDaysAgo(0));
    topics.push('returns/close');
  }
  return announce(ctx, order, ret, topics);
}
