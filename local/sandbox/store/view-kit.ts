// The pieces every view of the sandbox store is built from: Shopify's MoneyBag (both money sets of a
// figure) and its cursor connections with their `first` rules. The lowest of the view files, so the
// order, money and suggestion views share them without importing each other.
import { GraphQLError } from 'graphql';
import { minorToDecimal } from '#shared/money.js';
import type { StoreOrder } from './model.js';

export type Args = Record<string, unknown>;
const MAX_PAGE = 250;

export function moneyBag(minor: number, currency: string) {
  const money = { amount: minorToDecimal(minor, currency), currencyCode: currency };
  return { shopMoney: money, presentmentMoney: money };
}

/** Both money sets of an order's figure: the shop's, and the presentment one when the customer paid in another currency. */
export function orderBag(order: StoreOrder, shopMinor: number, presentmentMinor: number | undefined) {
  if (!order.presentmentCurrency) return moneyBag(shopMinor, order.currency);
  const currency = order.presentmentCurrency;
  return {
    shopMoney: moneyBag(shopMinor, order.currency).shopMoney,
    presentmentMoney: { amount: minorToDecimal(presentmentMinor ?? 0, currency), currencyCode: currency },
  };
}

export function connection<T>(items: T[], args: Args, kind: string) {
  const first = args.first;
  if (typeof first !== 'number') throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if (first < 0 || first > MAX_PAGE) throw new GraphQLError(`first must be between 0 and ${MAX_PAGE}`, { extensions: { code: 'BAD_REQUEST' } });
  let start = 0;
  if (typeof args.after === 'string') {
    const match = /^(\w+):(\d+)$/.exec(Buffer.from(args.after, 'base64url').toString());
    if (!match || match[1] !== kind) throw new GraphQLError('Invalid cursor', { extensions: { code: 'BAD_REQUEST' } });
    start = Number(match[2]) + 1;
  }
  const cursor = (i: number) => Buffer.from(`${kind}:${i}`).toString('base64url');
  const page = items.slice(start, start + first);
  const edges = page.map((node, i) => ({ cursor: cursor(start + i), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A plain list's first `first` items (all when no `first` is given). */
export const limit = <T>(items: T[], args: Args): T[] => (typeof args.first === 'number' ? items.slice(0, args.first) : items);
