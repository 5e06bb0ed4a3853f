// Public face of the Shopify adapter: the Admin GraphQL client and the ShopifyApi port built on it.
export { createShopifyGraphqlClient, shopifyGraphqlUrl, SHOPIFY_API_VERSION, withSignal } from './client.js';
export type { GraphqlClient, ShopifyClientOptions } from './client.js';
export { createShopifyApi } from './shopify-api.js';
export type { ShopifyApi, ShopifyApiOptions } from './shopify-api.js';
export { SHOPIFY_DOCUMENTS } from './documents.js';
