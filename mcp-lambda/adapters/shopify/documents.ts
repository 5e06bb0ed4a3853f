// Every GraphQL document the Shopify adapter sends, by name: the order, refund and cancel documents
// (queries.ts) and the returns ones (return-queries.ts). The documents test validates each against the
// real Admin schema and the sandbox store's, and estimates its query cost.
import { ORDER_DOCUMENTS } from './queries.js';
import { RETURN_DOCUMENTS } from './return-queries.js';

export const SHOPIFY_DOCUMENTS = { ...ORDER_DOCUMENTS, ...RETURN_DOCUMENTS } as const;
