// The Shopify ids the tools take, checked before anything is sent: a malformed id is the caller's
// fault (invalid), never a query Shopify would answer with "not found".
import { InvalidError } from '#shared/contracts/errors.js';

const ORDER_GID = /^gid:\/\/shopify\/Order\/\d{1,20}$/;
const RETURN_GID = /^gid:\/\/shopify\/Return\/\d{1,20}$/;

export function checkOrderId(orderId: string): void {
  if (!ORDER_GID.test(orderId)) throw new InvalidError('an order id is a Shopify GID, e.g. gid://shopify/Order/1001');
}

export function checkReturnId(returnId: string): void {
  if (!RETURN_GID.test(returnId)) throw new InvalidError('a return id is a Shopify GID, e.g. gid://shopify/Return/1');
}
