// The part of Shopify's Admin GraphQL (2026-04) that the sandbox store serves for returns, exchanges and
// variants: Return with its return line items, exchange line items, return shipping fees, reverse
// fulfillment orders and reverse deliveries; ProductVariant and Product; the return mutations; and the
// fields they add to Order, LineItem, Refund and QueryRoot (`extend type`). Shopify's names throughout,
// a subset of the real schema's (test/integration/sandbox/schema-conformance.test.ts checks it).
// This file holds the object types; schema-return-mutations.ts the inputs, payloads, mutations and
// extensions. Joined to schema.ts's SDL; return-resolvers.ts and return-views.ts supply the values.

export const RETURNS_SDL = /* GraphQL */ `
  scalar URL

  enum ReturnStatus {
    CANCELED
    CLOSED
    DECLINED
    OPEN
    REQUESTED
  }
  enum ReturnReason {
    COLOR
    DEFECTIVE
    NOT_AS_DESCRIBED
    OTHER
    SIZE_TOO_LARGE
    SIZE_TOO_SMALL
    STYLE
    UNKNOWN
    UNWANTED
    WRONG_ITEM
  }
  enum ReturnDeclineReason {
    FINAL_SALE
    OTHER
    RETURN_PERIOD_ENDED
  }
  enum ReturnErrorCode {
    BLANK
    GREATER_THAN
    GREATER_THAN_OR_EQUAL_TO
    INVALID
    INVALID_STATE
    NOT_FOUND
  }
  enum ReverseFulfillmentOrderStatus {
    CANCELED
    CLOSED
    OPEN
  }
  enum ReverseFulfillmentOrderDispositionType {
    MISSING
    NOT_RESTOCKED
    PROCESSING_REQUIRED
    RESTOCKED
  }
  enum OrderReturnStatus {
    IN_PROGRESS
    NO_RETURN
    RETURNED
    RETURN_REQUESTED
  }

  type ReturnUserError {
    code: ReturnErrorCode
    field: [String!]
    message: String!
  }
  type ReturnDecline {
    note: String
    reason: ReturnDeclineReason!
  }
  type ReturnShippingFee {
    amountSet: MoneyBag!
    id: ID!
  }

  type Product {
    id: ID!
    title: String!
    variants(first: Int, after: String): ProductVariantConnection!
  }
  type ProductVariant {
    availableForSale: Boolean!
    displayName: String!
    id: ID!
    inventoryQuantity: Int
    price: Money!
    product: Product!
    sku: String
    title: String!
  }
  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }
  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }

  interface ReturnLineItemType {
    customerNote: String
    id: ID!
    processableQuantity: Int!
    processedQuantity: Int!
    quantity: Int!
    refundableQuantity: Int!
    refundedQuantity: Int!
    returnReason: ReturnReason!
    returnReasonNote: String!
    unprocessedQuantity: Int!
  }
  type ReturnLineItem implements ReturnLineItemType {
    customerNote: String
    id: ID!
    processableQuantity: Int!
    processedQuantity: Int!
    quantity: Int!
    refundableQuantity: Int!
    refundedQuantity: Int!
    returnReason: ReturnReason!
    returnReasonNote: String!
    unprocessedQuantity: Int!
    fulfillmentLineItem: FulfillmentLineItem!
  }
  type ReturnLineItemTypeEdge {
    cursor: String!
    node: ReturnLineItemType!
  }
  type ReturnLineItemTypeConnection {
    edges: [ReturnLineItemTypeEdge!]!
    nodes: [ReturnLineItemType!]!
    pageInfo: PageInfo!
  }

  type ExchangeLineItem {
    id: ID!
    lineItem: LineItem
    lineItems: [LineItem!]
    processableQuantity: Int!
    processedQuantity: Int!
    quantity: Int!
    unprocessedQuantity: Int!
    variantId: ID
  }
  type ExchangeLineItemEdge {
    cursor: String!
    node: ExchangeLineItem!
  }
  type ExchangeLineItemConnection {
    edges: [ExchangeLineItemEdge!]!
    nodes: [ExchangeLineItem!]!
    pageInfo: PageInfo!
  }

  type Location {
    id: ID!
    name: String!
  }
  type ReverseFulfillmentOrderDisposition {
    createdAt: DateTime!
    id: ID!
    location: Location
    quantity: Int!
    type: ReverseFulfillmentOrderDispositionType!
  }
  type ReverseFulfillmentOrderLineItem {
    dispositions: [ReverseFulfillmentOrderDisposition!]!
    fulfillmentLineItem: FulfillmentLineItem
    id: ID!
    totalQuantity: Int!
  }
  type ReverseFulfillmentOrderLineItemEdge {
    cursor: String!
    node: ReverseFulfillmentOrderLineItem!
  }
  type ReverseFulfillmentOrderLineItemConnection {
    edges: [ReverseFulfillmentOrderLineItemEdge!]!
    nodes: [ReverseFulfillmentOrderLineItem!]!
    pageInfo: PageInfo!
  }

  type ReverseDeliveryLabelV2 {
    createdAt: DateTime!
    publicFileUrl: URL
    updatedAt: DateTime!
  }
  type ReverseDeliveryTrackingV2 {
    carrierName: String
    number: String
    url: URL
  }
  type ReverseDeliveryShippingDeliverable {
    label: ReverseDeliveryLabelV2
    tracking: ReverseDeliveryTrackingV2
  }
  union ReverseDeliveryDeliverable = ReverseDeliveryShippingDeliverable
  type ReverseDeliveryLineItem {
    dispositions: [ReverseFulfillmentOrderDisposition!]!
    id: ID!
    quantity: Int!
    reverseFulfillmentOrderLineItem: ReverseFulfillmentOrderLineItem!
  }
  type ReverseDeliveryLineItemEdge {
    cursor: String!
    node: ReverseDeliveryLineItem!
  }
  type ReverseDeliveryLineItemConnection {
    edges: [ReverseDeliveryLineItemEdge!]!
    nodes: [ReverseDeliveryLineItem!]!
    pageInfo: PageInfo!
  }
  type ReverseDelivery {
    deliverable: ReverseDeliveryDeliverable
    id: ID!
    reverseFulfillmentOrder: ReverseFulfillmentOrder!
    reverseDeliveryLineItems(first: Int, after: String): ReverseDeliveryLineItemConnection!
  }
  type ReverseDeliveryEdge {
    cursor: String!
    node: ReverseDelivery!
  }
  type ReverseDeliveryConnection {
    edges: [ReverseDeliveryEdge!]!
    nodes: [ReverseDelivery!]!
    pageInfo: PageInfo!
  }
  type ReverseFulfillmentOrder {
    id: ID!
    order: Order
    status: ReverseFulfillmentOrderStatus!
    lineItems(first: Int, after: String): ReverseFulfillmentOrderLineItemConnection!
    reverseDeliveries(first: Int, after: String): ReverseDeliveryConnection!
  }
  type ReverseFulfillmentOrderEdge {
    cursor: String!
    node: ReverseFulfillmentOrder!
  }
  type ReverseFulfillmentOrderConnection {
    edges: [ReverseFulfillmentOrderEdge!]!
    nodes: [ReverseFulfillmentOrder!]!
    pageInfo: PageInfo!
  }

  type RefundEdge {
    cursor: String!
    node: Refund!
  }
  type RefundConnection {
    edges: [RefundEdge!]!
    nodes: [Refund!]!
    pageInfo: PageInfo!
  }

  type Return {
    closedAt: DateTime
    createdAt: DateTime!
    decline: ReturnDecline
    id: ID!
    name: String!
    order: Order!
    requestApprovedAt: DateTime
    returnShippingFees: [ReturnShippingFee!]!
    status: ReturnStatus!
    totalQuantity: Int!
    exchangeLineItems(first: Int, after: String): ExchangeLineItemConnection!
    refunds(first: Int, after: String): RefundConnection!
    returnLineItems(first: Int, after: String): ReturnLineItemTypeConnection!
    reverseFulfillmentOrders(first: Int, after: String): ReverseFulfillmentOrderConnection!
    transactions(first: Int, after: String): OrderTransactionConnection!
  }
  type ReturnEdge {
    cursor: String!
    node: Return!
  }
  type ReturnConnection {
    edges: [ReturnEdge!]!
    nodes: [Return!]!
    pageInfo: PageInfo!
  }
`;
