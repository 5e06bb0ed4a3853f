// The GraphQL documents of the returns tools (Shopify Returns, Admin API 2026-04), beside queries.ts
// and listed with its documents in documents.ts, so the same test validates each one against the real Admin
// schema and the sandbox store's, and keeps it under the single-query cost limit. One fragment says
// what a return is read as; the lists in it are read a page at a time (named below) and a list that
// hits its page is reported as truncated by the reader (return-mapping.ts).
import { MONEY } from './queries.js';

/** Page sizes of the returns documents: two returns of the fragment below stay under 1000 points. */
export const RETURN_PAGE = {
  /** Returns of an order per request (the order's returns are followed page by page). */
  returns: 2,
  returnLineItems: 30,
  exchangeLineItems: 10,
  reverseFulfillmentOrders: 2,
  reverseFulfillmentOrderLineItems: 30,
  reverseDeliveries: 3,
  refunds: 5,
  /** What open_return reads of the order to place its units on fulfillment lines. */
  orderLineItems: 50,
  fulfillments: 10,
  fulfillmentLineItems: 20,
  orderReturns: 5,
  orderReturnLineItems: 30,
} as const;

const USER_ERRORS = 'userErrors { field message code }';

/**
 * A return as the tools answer it: its lines (the order line each returns, through its fulfillment
 * line), the exchange lines with the order lines their processing added, the fees, what came back
 * (the reverse fulfillment order lines' dispositions), the parcel's label and tracking, the refunds.
 */
export const RETURN_FIELDS = /* GraphQL */ `
  fragment ReturnFields on Return {
    id
    name
    status
    createdAt
    closedAt
    order { id }
    returnShippingFees { id amountSet { ${MONEY} } }
    returnLineItems(first: ${RETURN_PAGE.returnLineItems}) {
      nodes {
        id quantity processedQuantity refundedQuantity returnReasonNote
        ... on ReturnLineItem { fulfillmentLineItem { id lineItem { id } } }
      }
      pageInfo { hasNextPage }
    }
    exchangeLineItems(first: ${RETURN_PAGE.exchangeLineItems}) {
      nodes { id variantId quantity processedQuantity lineItems { id variantTitle originalUnitPriceSet { ${MONEY} } } }
      pageInfo { hasNextPage }
    }
    reverseFulfillmentOrders(first: ${RETURN_PAGE.reverseFulfillmentOrders}) {
      nodes {
        id
        lineItems(first: ${RETURN_PAGE.reverseFulfillmentOrderLineItems}) {
          nodes { fulfillmentLineItem { id } dispositions { type quantity } }
          pageInfo { hasNextPage }
        }
        reverseDeliveries(first: ${RETURN_PAGE.reverseDeliveries}) {
          nodes { deliverable { ... on ReverseDeliveryShippingDeliverable { label { publicFileUrl } tracking { number url carrierName } } } }
        }
      }
      pageInfo { hasNextPage }
    }
    refunds(first: ${RETURN_PAGE.refunds}) { nodes { id createdAt totalRefundedSet { ${MONEY} } } pageInfo { hasNextPage } }
  }
`;

/** A page of an order's returns: the first page without `after`. */
export const ORDER_RETURNS_PAGE = /* GraphQL */ `
  query OrderReturnsPage($id: ID!, $after: String) {
    order(id: $id) {
      id
      currencyCode
      returns(first: ${RETURN_PAGE.returns}, after: $after) { nodes { ...ReturnFields } pageInfo { hasNextPage endCursor } }
    }
  }
  ${RETURN_FIELDS}
`;

/** One return, with its order's currencies (process_return refunds in the one the customer paid). */
export const RETURN_BY_ID = /* GraphQL */ `
  query ReturnById($id: ID!) {
    return(id: $id) {
      ...ReturnFields
      order {
        id
        currencyCode
        presentmentCurrencyCode
      }
    }
  }
  ${RETURN_FIELDS}
`;

/**
 * What open_return needs of an order to name fulfillment lines: its lines (to tell an unknown line
 * from one not shipped), the units each fulfilment shipped of each line, and the units its returns
 * already hold (a declined or canceled return lets them go).
 */
export const RETURN_BASIS = /* GraphQL */ `
  query ReturnBasis($id: ID!) {
    order(id: $id) {
      id
      currencyCode
      presentmentCurrencyCode
      lineItems(first: ${RETURN_PAGE.orderLineItems}) { nodes { id } pageInfo { hasNextPage } }
      fulfillments(first: ${RETURN_PAGE.fulfillments}) {
        fulfillmentLineItems(first: ${RETURN_PAGE.fulfillmentLineItems}) { nodes { id quantity lineItem { id } } pageInfo { hasNextPage } }
      }
      returns(first: ${RETURN_PAGE.orderReturns}) {
        nodes {
          status
          returnLineItems(first: ${RETURN_PAGE.orderReturnLineItems}) {
            nodes { quantity ... on ReturnLineItem { fulfillmentLineItem { id } } }
            pageInfo { hasNextPage }
          }
        }
        pageInfo { hasNextPage }
      }
    }
  }
`;

/** The title and price of a variant asked for in exchange, before its exchange line is processed. */
export const EXCHANGE_VARIANT = /* GraphQL */ `
  query ExchangeVariant($id: ID!) {
    productVariant(id: $id) {
      id
      title
      price
    }
  }
`;

/** Opens a return (OPEN at once). No idempotency key: the caller reads the order's returns before any retry. */
export const RETURN_CREATE = /* GraphQL */ `
  mutation ReturnCreate($returnInput: ReturnInput!) {
    returnCreate(returnInput: $returnInput) { return { ...ReturnFields } ${USER_ERRORS} }
  }
  ${RETURN_FIELDS}
`;

/** Processes units that came back and exchange items, with a refund when financialTransfer is given. No idempotency key. */
export const RETURN_PROCESS = /* GraphQL */ `
  mutation ReturnProcess($input: ReturnProcessInput!) {
    returnProcess(input: $input) { return { ...ReturnFields } ${USER_ERRORS} }
  }
  ${RETURN_FIELDS}
`;

export const RETURN_CLOSE = /* GraphQL */ `
  mutation ReturnClose($id: ID!) {
    returnClose(id: $id) { return { id status } ${USER_ERRORS} }
  }
`;

/** Cancels a return on which nothing was done yet, without telling the customer. */
export const RETURN_CANCEL = /* GraphQL */ `
  mutation ReturnCancel($id: ID!) {
    returnCancel(id: $id, notifyCustomer: false) { return { id status } ${USER_ERRORS} }
  }
`;

export const RETURN_DOCUMENTS = {
  ORDER_RETURNS_PAGE,
  RETURN_BY_ID,
  RETURN_BASIS,
  EXCHANGE_VARIANT,
  RETURN_CREATE,
  RETURN_PROCESS,
  RETURN_CLOSE,
  RETURN_CANCEL,
} as const;
