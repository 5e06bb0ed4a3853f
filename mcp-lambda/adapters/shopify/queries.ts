// Every GraphQL document the Shopify adapter sends, in one place so a test can validate each one
// against the real Admin schema. Amounts are read as shopMoney (the order's own currency).

const MONEY = 'shopMoney { amount currencyCode }';

const LINE_ITEM_FIELDS = `id title sku quantity refundableQuantity originalUnitPriceSet { ${MONEY} }`;

export const ORDER_FIELDS = /* GraphQL */ `
  fragment OrderFields on Order {
    id
    name
    createdAt
    currencyCode
    displayFinancialStatus
    note
    customer { id email }
    lineItems(first: 100) { nodes { ${LINE_ITEM_FIELDS} } pageInfo { hasNextPage endCursor } }
    fulfillments(first: 50) {
      id createdAt status
      fulfillmentLineItems(first: 100) { nodes { lineItem { id } } }
    }
    transactions(first: 50) { id kind status gateway amountSet { ${MONEY} } }
    refunds(first: 50) {
      id createdAt
      totalRefundedSet { ${MONEY} }
      refundLineItems(first: 100) { nodes { quantity lineItem { id } } }
    }
    suggestedRefund(suggestFullRefund: true) { maximumRefundableSet { ${MONEY} } }
  }
`;

export const ORDER_BY_NAME = /* GraphQL */ `
  query OrderByName($query: String!) {
    orders(first: 5, query: $query) { nodes { ...OrderFields } }
  }
  ${ORDER_FIELDS}
`;

export const ORDER_LINE_ITEMS_PAGE = /* GraphQL */ `
  query OrderLineItemsPage($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: 100, after: $after) { nodes { ${LINE_ITEM_FIELDS} } pageInfo { hasNextPage endCursor } }
    }
  }
`;

export const CUSTOMER_ORDER_REFUNDS = /* GraphQL */ `
  query CustomerOrderRefunds($query: String!, $first: Int!, $after: String) {
    orders(first: $first, after: $after, query: $query) {
      nodes {
        id
        name
        currencyCode
        refunds(first: 50) {
          id createdAt
          totalRefundedSet { ${MONEY} }
          refundLineItems(first: 100) { nodes { quantity lineItem { id } } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export const REFUND_CREATE = /* GraphQL */ `
  mutation RefundCreate($input: RefundInput!, $idempotencyKey: String!) {
    refundCreate(input: $input) @idempotent(key: $idempotencyKey) {
      refund { id createdAt totalRefundedSet { ${MONEY} } }
      userErrors { field message }
    }
  }
`;

export const SHOPIFY_DOCUMENTS = { ORDER_BY_NAME, ORDER_LINE_ITEMS_PAGE, CUSTOMER_ORDER_REFUNDS, REFUND_CREATE } as const;
