// Reading returns: an order's returns page by page (get_returns), one return by id (process_return
// reads it before it sends anything), and the title and price of the variants asked for in exchange
// and not shipped yet (one productVariant read each). A list cut at its page is reported in
// truncatedLists, as get_order reports an order's.
import type { GetReturnsOutput, ReturnSummary } from '#shared/contracts/tools.js';
import { NotFoundError } from '#shared/contracts/errors.js';
import { decimalToMinor } from '#shared/money.js';
import type { GraphqlClient } from './client.js';
import { checkOrderId, checkReturnId } from './ids.js';
import { toReturnSummary, truncatedListsOfReturn, variantsToLookUp, type ExchangeVariant, type ReturnNode } from './return-mapping.js';
import { EXCHANGE_VARIANT, ORDER_RETURNS_PAGE, RETURN_BY_ID } from './return-queries.js';

/** An order's returns read at most this many pages (of RETURN_PAGE.returns) before answering truncated. */
export const MAX_RETURN_PAGES = 10;

type VariantData = { productVariant: { id: string; title: string; price: string } | null };

/** The variants' titles and prices in the shop's currency; a variant the store no longer has is left out. */
async function exchangeVariants(graphql: GraphqlClient, nodes: readonly ReturnNode[], shopCurrency: string | undefined): Promise<Map<string, ExchangeVariant>> {
  const variants = new Map<string, ExchangeVariant>();
  for (const id of variantsToLookUp(nodes)) {
    const { productVariant } = await graphql.request<VariantData>(EXCHANGE_VARIANT, { id });
    if (!productVariant) continue;
    const price = shopCurrency ? { amountMinor: decimalToMinor(productVariant.price, shopCurrency), currency: shopCurrency } : null;
    variants.set(id, { title: productVariant.title, price });
  }
  return variants;
}

/** The returns as the tools answer them, with their exchange variants looked up. */
export async function summarize(graphql: GraphqlClient, nodes: readonly ReturnNode[], shopCurrency: string | undefined): Promise<ReturnSummary[]> {
  const variants = await exchangeVariants(graphql, nodes, shopCurrency);
  return nodes.map((n) => toReturnSummary(n, variants));
}

type OrderReturnsPage = {
  order: {
    id: string;
    currencyCode: string;
    returns: { nodes: ReturnNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  } | null;
};

/** Every return of the order (up to maxPages pages), oldest first as Shopify lists them. */
export async function getReturns(graphql: GraphqlClient, orderId: string, maxPages = MAX_RETURN_PAGES): Promise<GetReturnsOutput> {
  checkOrderId(orderId);
  const nodes: ReturnNode[] = [];
  let currency: string | undefined;
  let after: string | null = null;
  let cut = false;
  for (let page = 0; ; page += 1) {
    const data: OrderReturnsPage = await graphql.request(ORDER_RETURNS_PAGE, { id: orderId, after });
    if (!data.order) throw new NotFoundError(`no order ${orderId} in this store`);
    currency = data.order.currencyCode;
    nodes.push(...data.order.returns.nodes);
    const { hasNextPage, endCursor } = data.order.returns.pageInfo;
    if (!hasNextPage) break;
    if (page + 1 >= maxPages) {
      cut = true;
      break;
    }
    after = endCursor;
  }
  const truncatedLists = [...(cut ? [{ list: 'returns', seen: nodes.length }] : []), ...nodes.flatMap((n, i) => truncatedListsOfReturn(n, i))];
  return { orderId, returns: await summarize(graphql, nodes, currency), truncated: truncatedLists.length > 0, truncatedLists };
}

export type ReturnWithOrder = ReturnNode & { order: { id: string; currencyCode: string; presentmentCurrencyCode: string } };

/** One return with its order's currencies; NotFoundError when the store has no such return. */
export async function readReturn(graphql: GraphqlClient, returnId: string): Promise<ReturnWithOrder> {
  checkReturnId(returnId);
  const data = await graphql.request<{ return: ReturnWithOrder | null }>(RETURN_BY_ID, { id: returnId });
  if (!data.return) throw new NotFoundError(`no return ${returnId} in this store`);
  return data.return;
}
