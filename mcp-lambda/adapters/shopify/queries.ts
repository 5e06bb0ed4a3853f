// The GraphQL documents of the order, refund and cancel tools (return-queries.ts holds the returns
// ones; documents.ts lists both, so a test can validate each one against the real Admin schema and
// estimate its query cost). Amounts are read as both money sets:
// shopMoney (the shop's currency, which the policy's limits compare) and presentmentMoney (the
// currency the customer paid in, which a refund is made in). Page sizes are named: a list that may hold more than its page is either
// followed (line items, a customer's orders) or reported as truncated by the adapter.

/** Both money sets of an amount (Shopify's MoneyBag). */
export const MONEY = 'shopMoney { amount currencyCode } presentmentMoney { amount currencyCode }';

/** Page sizes, chosen so each document stays well under Shopify's 1000-point single-query cost. */
export const PAGE = {
  lineItems: 10,
  productVariants: 10,
  fulfillments: 10,
  fulfillmentLineItems: 10,
  transactions: 20,
  refunds: 10,
  refundLineItems: 10,
  historyOrders: 10,
  historyRefunds: 5,
  historyRefundLineItems: 5,
  customerOrders: 25,
  taxLines: 3,
  shippingLines: 3,
  refundShippingLines: 2,
  /** A refund's transactions: one per payment it went back to, rarely more than two (three would cost the order document 991 points). */
  refundTransactions: 2,
} as const;

/** A customer's orders found by email are read up to this many; more answers `truncated: true`. */
export const MAX_CUSTOMER_ORDERS = 50;

/** Which discount an allocation came from: its code or automatic title, and its percentage when it is one. */
const DISCOUNT_ALLOCATION = `allocatedAmountSet { ${MONEY} } discountApplication {
  value { ... on PricingPercentageValue { percentage } }
  ... on DiscountCodeApplication { code }
  ... on AutomaticDiscountApplication { title }
  ... on ManualDiscountApplication { title }
  ... on ScriptDiscountApplication { title }
}`;
const TAX_LINE = `title ratePercentage priceSet { ${MONEY} }`;

/**
 * A line as the policy needs it: its list price and, to know what the customer paid for each unit,
 * every discount's share of it, its tax lines and its duties (a cross-border order).
 */
const LINE_ITEM_FIELDS = `id title sku quantity refundableQuantity isGiftCard taxable
  originalUnitPriceSet { ${MONEY} } discountedUnitPriceAfterAllDiscountsSet { ${MONEY} }
  discountAllocations { ${DISCOUNT_ALLOCATION} }
  taxLines(first: ${PAGE.taxLines}) { ${TAX_LINE} }
  duties { id price { ${MONEY} } }
  customAttributes { key value }
  variant { id title }
  product { id variants(first: ${PAGE.productVariants}) { nodes { id title sku price inventoryQuantity } } }`;

/** What a refund paid back beside its units: the shipping (before tax, and its tax) and the duties. */
const REFUND_PARTS = `refundLineItems(first: ${PAGE.refundLineItems}) { nodes { quantity lineItem { id } } pageInfo { hasNextPage } }
      refundShippingLines(first: ${PAGE.refundShippingLines}) { nodes { subtotalAmountSet { ${MONEY} } taxAmountSet { ${MONEY} } } }
      duties { amountSet { ${MONEY} } originalDuty { id } }`;

/** Where a refund paid back: its transactions, each with the card's brand and masked number when it went to a card. */
const REFUND_TRANSACTIONS = `transactions(first: ${PAGE.refundTransactions}) {
        nodes { kind status gateway processedAt amountSet { ${MONEY} } paymentDetails { ... on CardPaymentDetails { company number } } }
        pageInfo { hasNextPage }
      }`;

/**
 * The order as the policy needs it. Fulfilment lines carry their quantities (a line may ship in
 * parts); suggestedRefund's maximumRefundableSet is what was paid less every refund, line-item and
 * amount-only alike (each is a REFUND transaction), so it is the order's own remainder. Its money
 * beside the lines: whether prices include tax, the shipping lines with their discounts and tax, the
 * tip, what each refund paid back of shipping and duties, and where it paid back to (which card,
 * store credit or other gateway: refund-payments.ts). The line items are read apart, a page
 * at a time (ORDER_LINE_ITEMS_PAGE): with their discounts, tax lines and duties, the order and its
 * lines in one document would ask for more than Shopify's 1000-point limit.
 */
export const ORDER_FIELDS = /* GraphQL */ `
  fragment OrderFields on Order {
    id
    name
    createdAt
    currencyCode
    presentmentCurrencyCode
    displayFinancialStatus
    cancelledAt
    note
    customAttributes { key value }
    shippingAddress { formatted(withName: true, withCompany: true) }
    customer { id email }
    fulfillments(first: ${PAGE.fulfillments}) {
      id createdAt deliveredAt status
      fulfillmentLineItems(first: ${PAGE.fulfillmentLineItems}) { nodes { quantity lineItem { id } } pageInfo { hasNextPage } }
    }
    transactions(first: ${PAGE.transactions}) { id kind status gateway amountSet { ${MONEY} } }
    refunds(first: ${PAGE.refunds}) {
      id createdAt
      totalRefundedSet { ${MONEY} }
      ${REFUND_PARTS}
      ${REFUND_TRANSACTIONS}
    }
    suggestedRefund(suggestFullRefund: true) { maximumRefundableSet { ${MONEY} } }
    taxesIncluded
    totalTipReceivedSet { ${MONEY} }
    shippingLines(first: ${PAGE.shippingLines}) {
      nodes { id title originalPriceSet { ${MONEY} } discountedPriceSet { ${MONEY} } discountAllocations { ${DISCOUNT_ALLOCATION} } taxLines { ${TAX_LINE} } }
      pageInfo { hasNextPage }
    }
  }
`;

/** Finds the id only: the whole order in a search of several would cost too much in one query. */
export const ORDER_BY_NAME = /* GraphQL */ `
  query OrderByName($query: String!) {
    orders(first: 5, query: $query) {
      nodes {
        id
        name
      }
    }
  }
`;

export const ORDER_BY_ID = /* GraphQL */ `
  query OrderById($id: ID!) {
    order(id: $id) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;

/** A page of the order's line items: the first page without `after`. */
export const ORDER_LINE_ITEMS_PAGE = /* GraphQL */ `
  query OrderLineItemsPage($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: ${PAGE.lineItems}, after: $after) { nodes { ${LINE_ITEM_FIELDS} } pageInfo { hasNextPage endCursor } }
    }
  }
`;

export const CUSTOMER_ORDER_REFUNDS = /* GraphQL */ `
  query CustomerOrderRefunds($query: String!, $after: String, $first: Int = ${PAGE.historyOrders}) {
    orders(first: $first, after: $after, query: $query) {
      nodes {
        id
        name
        currencyCode
        refunds(first: ${PAGE.historyRefunds}) {
          id createdAt
          totalRefundedSet { ${MONEY} }
          refundLineItems(first: ${PAGE.historyRefundLineItems}) { nodes { quantity lineItem { id } } pageInfo { hasNextPage } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

/** A customer's orders by the order email (search `email:"…"`): ids, names and dates only. */
export const ORDERS_BY_EMAIL = /* GraphQL */ `
  query OrdersByEmail($query: String!, $after: String, $first: Int = ${PAGE.customerOrders}) {
    orders(first: $first, after: $after, query: $query) {
      nodes { id name createdAt email }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

/**
 * The dry run: what Shopify would refund for these lines, and against which payments (one suggested
 * transaction per gateway and parent, a gift card's included). Read by preview_refund and again by
 * refund_create, which sends these transactions (or, for store credit, checks the amount against it
 * and that the order has a customer to credit).
 */
export const SUGGESTED_REFUND = /* GraphQL */ `
  query SuggestedRefund($id: ID!, $refundLineItems: [RefundLineItemInput!], $refundShipping: Boolean, $refundDuties: [RefundDutyInput!]) {
    order(id: $id) {
      id
      currencyCode
      taxesIncluded
      customer { id }
      suggestedRefund(
        refundLineItems: $refundLineItems
        refundShipping: $refundShipping
        refundDuties: $refundDuties
        refundMethodAllocation: ORIGINAL_PAYMENT_METHODS
      ) {
        amountSet { ${MONEY} }
        subtotalSet { ${MONEY} }
        totalTaxSet { ${MONEY} }
        maximumRefundableSet { ${MONEY} }
        refundLineItems { quantity lineItem { id } subtotalSet { ${MONEY} } totalTaxSet { ${MONEY} } }
        shipping { amountSet { ${MONEY} } taxSet { ${MONEY} } maximumRefundableSet { ${MONEY} } }
        totalDutiesSet { ${MONEY} }
        refundDuties { amountSet { ${MONEY} } originalDuty { id } }
        suggestedTransactions { kind gateway amountSet { ${MONEY} } maximumRefundableSet { ${MONEY} } parentTransaction { id } }
      }
    }
  }
`;

/** The order's refunds with their notes: how refund_create finds a refund its run already made. */
export const ORDER_REFUNDS = /* GraphQL */ `
  query OrderRefunds($id: ID!) {
    order(id: $id) {
      id
      refunds(first: ${PAGE.refunds}) {
        id createdAt note
        totalRefundedSet { ${MONEY} }
        refundLineItems(first: ${PAGE.refundLineItems}) { nodes { quantity lineItem { id } } pageInfo { hasNextPage } }
      }
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

/**
 * Cancels an order: no customer email, reason CUSTOMER, what was paid back to the original payments.
 * Shopify answers a job to poll (JOB_STATUS); the order reads cancelled once it is done.
 */
export const ORDER_CANCEL = /* GraphQL */ `
  mutation OrderCancel($orderId: ID!, $restock: Boolean!, $staffNote: String) {
    orderCancel(
      orderId: $orderId
      reason: CUSTOMER
      notifyCustomer: false
      refundMethod: { originalPaymentMethodsRefund: true }
      restock: $restock
      staffNote: $staffNote
    ) {
      job {
        id
        done
      }
      orderCancelUserErrors {
        field
        message
        code
      }
    }
  }
`;

export const JOB_STATUS = /* GraphQL */ `
  query JobStatus($id: ID!) {
    job(id: $id) {
      id
      done
    }
  }
`;

/** Whether the order is cancelled, and its refunds: read before a cancel and after its job, to find the refund the cancel made. */
export const ORDER_CANCEL_STATE = /* GraphQL */ `
  query OrderCancelState($id: ID!) {
    order(id: $id) {
      id
      cancelledAt
      refunds(first: ${PAGE.refunds}) {
        id createdAt
        totalRefundedSet { ${MONEY} }
        refundLineItems(first: ${PAGE.refundLineItems}) { nodes { quantity lineItem { id } } pageInfo { hasNextPage } }
      }
    }
  }
`;

/** The order, refund and cancel documents (documents.ts joins them with the returns ones). */
export const ORDER_DOCUMENTS = {
  ORDER_BY_NAME,
  ORDER_BY_ID,
  ORDER_LINE_ITEMS_PAGE,
  CUSTOMER_ORDER_REFUNDS,
  ORDERS_BY_EMAIL,
  SUGGESTED_REFUND,
  ORDER_REFUNDS,
  REFUND_CREATE,
  ORDER_CANCEL,
  JOB_STATUS,
  ORDER_CANCEL_STATE,
} as const;
