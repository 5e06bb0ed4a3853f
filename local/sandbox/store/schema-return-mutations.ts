// The return mutations the sandbox store serves, with Shopify's 2026-04 input and payload types, and
// the fields returns add to Order, LineItem, Refund, QueryRoot and Mutation (`extend type`). The types
// they name are schema-returns.ts's; both are joined to schema.ts's SDL.

export const RETURN_MUTATIONS_SDL = /* GraphQL */ `
  input ReturnShippingFeeInput {
    amount: MoneyInput!
  }
  input ReturnLineItemInput {
    fulfillmentLineItemId: ID!
    quantity: Int!
    returnReason: ReturnReason
    returnReasonNote: String = ""
  }
  input ExchangeLineItemInput {
    quantity: Int!
    variantId: ID
  }
  input ReturnInput {
    exchangeLineItems: [ExchangeLineItemInput!]
    notifyCustomer: Boolean = false
    orderId: ID!
    requestedAt: DateTime
    returnLineItems: [ReturnLineItemInput!]!
    returnShippingFee: ReturnShippingFeeInput
    unprocessed: Boolean = false
  }
  input ReturnRequestLineItemInput {
    customerNote: String
    fulfillmentLineItemId: ID!
    quantity: Int!
    returnReason: ReturnReason
  }
  input ReturnRequestInput {
    orderId: ID!
    returnLineItems: [ReturnRequestLineItemInput!]!
    returnShippingFee: ReturnShippingFeeInput
  }
  input ReturnApproveRequestInput {
    id: ID!
    notifyCustomer: Boolean = false
  }
  input ReturnDeclineRequestInput {
    declineNote: String
    declineReason: ReturnDeclineReason!
    id: ID!
    notifyCustomer: Boolean = false
  }
  input ReverseFulfillmentOrderDisposeInput {
    dispositionType: ReverseFulfillmentOrderDispositionType!
    locationId: ID
    quantity: Int!
    reverseFulfillmentOrderLineItemId: ID!
  }
  input ReturnProcessReturnLineItemInput {
    dispositions: [ReverseFulfillmentOrderDisposeInput!]
    id: ID!
    quantity: Int!
  }
  input ReturnProcessExchangeLineItemInput {
    id: ID!
    quantity: Int!
  }
  input ReturnRefundOrderTransactionInput {
    parentId: ID!
    transactionAmount: MoneyInput!
  }
  input ReturnProcessRefundInput {
    allowOverRefunding: Boolean = false
    orderTransactions: [ReturnRefundOrderTransactionInput!]!
    refundMethods: [RefundMethodInput!] = []
  }
  input ReturnProcessFinancialTransferInput @oneOf {
    issueRefund: ReturnProcessRefundInput
  }
  input RefundShippingInput {
    fullRefund: Boolean = false
    shippingRefundAmount: MoneyInput
  }
  input ReturnProcessInput {
    exchangeLineItems: [ReturnProcessExchangeLineItemInput!] = []
    financialTransfer: ReturnProcessFinancialTransferInput
    note: String
    notifyCustomer: Boolean = false
    refundDuties: [RefundDutyInput!] = []
    refundShipping: RefundShippingInput
    returnId: ID!
    returnLineItems: [ReturnProcessReturnLineItemInput!] = []
  }
  input ReverseDeliveryLabelInput {
    fileUrl: URL!
  }
  input ReverseDeliveryTrackingInput {
    number: String
    url: URL
  }
  input ReverseDeliveryLineItemInput {
    quantity: Int!
    reverseFulfillmentOrderLineItemId: ID!
  }

  type ReturnCreatePayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnRequestPayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnApproveRequestPayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnDeclineRequestPayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnCancelPayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnClosePayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnReopenPayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReturnProcessPayload {
    return: Return
    userErrors: [ReturnUserError!]!
  }
  type ReverseDeliveryCreateWithShippingPayload {
    reverseDelivery: ReverseDelivery
    userErrors: [ReturnUserError!]!
  }
  type ReverseFulfillmentOrderDisposePayload {
    reverseFulfillmentOrderLineItems: [ReverseFulfillmentOrderLineItem!]
    userErrors: [ReturnUserError!]!
  }

  extend type Order {
    returns(first: Int, after: String): ReturnConnection!
    returnStatus: OrderReturnStatus!
  }
  extend type LineItem {
    product: Product
    variant: ProductVariant
    variantTitle: String
  }
  extend type Refund {
    return: Return
  }
  extend type QueryRoot {
    return(id: ID!): Return
    productVariant(id: ID!): ProductVariant
    product(id: ID!): Product
    reverseFulfillmentOrder(id: ID!): ReverseFulfillmentOrder
    reverseDelivery(id: ID!): ReverseDelivery
  }
  extend type Mutation {
    returnCreate(returnInput: ReturnInput!): ReturnCreatePayload
    returnRequest(input: ReturnRequestInput!): ReturnRequestPayload
    returnApproveRequest(input: ReturnApproveRequestInput!): ReturnApproveRequestPayload
    returnDeclineRequest(input: ReturnDeclineRequestInput!): ReturnDeclineRequestPayload
    returnCancel(id: ID!, notifyCustomer: Boolean): ReturnCancelPayload
    returnClose(id: ID!): ReturnClosePayload
    returnReopen(id: ID!): ReturnReopenPayload
    returnProcess(input: ReturnProcessInput!): ReturnProcessPayload
    reverseDeliveryCreateWithShipping(
      reverseFulfillmentOrderId: ID!
      reverseDeliveryLineItems: [ReverseDeliveryLineItemInput!]!
      labelInput: ReverseDeliveryLabelInput
      trackingInput: ReverseDeliveryTrackingInput
      notifyCustomer: Boolean
    ): ReverseDeliveryCreateWithShippingPayload
    reverseFulfillmentOrderDispose(dispositionInputs: [ReverseFulfillmentOrderDisposeInput!]!): ReverseFulfillmentOrderDisposePayload
  }
`;
