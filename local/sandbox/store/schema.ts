// The subset of Shopify Admin GraphQL (2026-04) that the sandbox store serves, with Shopify's type
// names so the adapter's documents run unchanged here and validate against the real schema (every
// type, field, argument and enum value here exists there with the same type: a test checks it).
// Built by server.ts; resolvers.ts supplies the values. Returns, exchanges and variants are
// schema-returns.ts's and schema-return-mutations.ts's part, joined here.
import { buildSchema, type GraphQLSchema } from 'graphql';
import { RETURN_MUTATIONS_SDL } from './schema-return-mutations.js';
import { RETURNS_SDL } from './schema-returns.js';

export const SANDBOX_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'MXN', 'BRL', 'JPY', 'KWD', 'HUF'] as const;

const SDL = /* GraphQL */ `
  schema { query: QueryRoot mutation: Mutation }

  "Shopify 2026-04: required on refundCreate; same key + same input replays the first result."
  directive @idempotent(key: String!) on FIELD

  scalar DateTime
  scalar Decimal
  scalar Money
  scalar UnsignedInt64

  enum CurrencyCode { ${SANDBOX_CURRENCIES.join(' ')} }
  enum OrderTransactionKind { SALE CAPTURE AUTHORIZATION VOID REFUND CHANGE EMV_AUTHORIZATION SUGGESTED_REFUND }
  enum SuggestedOrderTransactionKind { SUGGESTED_REFUND }
  enum OrderTransactionStatus { SUCCESS FAILURE PENDING ERROR AWAITING_RESPONSE UNKNOWN }
  enum OrderDisplayFinancialStatus { PENDING AUTHORIZED PARTIALLY_PAID PARTIALLY_REFUNDED VOIDED PAID REFUNDED EXPIRED }
  enum OrderDisplayFulfillmentStatus { UNFULFILLED PARTIALLY_FULFILLED FULFILLED RESTOCKED PENDING_FULFILLMENT OPEN IN_PROGRESS ON_HOLD SCHEDULED REQUEST_DECLINED }
  enum FulfillmentStatus { PENDING OPEN SUCCESS CANCELLED ERROR FAILURE }
  enum RefundLineItemRestockType { RETURN CANCEL LEGACY_RESTOCK NO_RESTOCK }
  enum RefundMethodAllocation { ORIGINAL_PAYMENT_METHODS STORE_CREDIT }
  enum RefundDutyRefundType { FULL PROPORTIONAL }
  enum DiscountApplicationAllocationMethod { ACROSS EACH ONE }
  enum DiscountApplicationTargetSelection { ALL ENTITLED EXPLICIT }
  enum DiscountApplicationTargetType { LINE_ITEM SHIPPING_LINE }
  enum OrderCancelReason { CUSTOMER DECLINED FRAUD INVENTORY OTHER STAFF }
  enum OrderCancelUserErrorCode {
    INTERNAL_ERROR INVALID NOT_FOUND NO_REFUND_PERMISSION NO_REFUND_TO_STORE_CREDIT_PERMISSION
    STORE_CREDIT_REFUND_B2B_NOT_SUPPORTED STORE_CREDIT_REFUND_EXPIRATION_IN_PAST STORE_CREDIT_REFUND_MISSING_CUSTOMER
  }

  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type UserError { field: [String!] message: String! }

  type Attribute { key: String! value: String }

  "Discounts (money-views.ts): ManualDiscountApplication and ScriptDiscountApplication are never served, declared so documents that ask for them run."
  type PricingPercentageValue { percentage: Float! }
  union PricingValue = MoneyV2 | PricingPercentageValue
  interface DiscountApplication {
    allocationMethod: DiscountApplicationAllocationMethod! index: Int! targetSelection: DiscountApplicationTargetSelection!
    targetType: DiscountApplicationTargetType! value: PricingValue!
  }
  type DiscountCodeApplication implements DiscountApplication {
    allocationMethod: DiscountApplicationAllocationMethod! index: Int! targetSelection: DiscountApplicationTargetSelection!
    targetType: DiscountApplicationTargetType! value: PricingValue! code: String!
  }
  type AutomaticDiscountApplication implements DiscountApplication {
    allocationMethod: DiscountApplicationAllocationMethod! index: Int! targetSelection: DiscountApplicationTargetSelection!
    targetType: DiscountApplicationTargetType! value: PricingValue! title: String!
  }
  type ManualDiscountApplication implements DiscountApplication {
    allocationMethod: DiscountApplicationAllocationMethod! index: Int! targetSelection: DiscountApplicationTargetSelection!
    targetType: DiscountApplicationTargetType! value: PricingValue! title: String! description: String
  }
  type ScriptDiscountApplication implements DiscountApplication {
    allocationMethod: DiscountApplicationAllocationMethod! index: Int! targetSelection: DiscountApplicationTargetSelection!
    targetType: DiscountApplicationTargetType! value: PricingValue! title: String! description: String!
  }
  type DiscountApplicationEdge { cursor: String! node: DiscountApplication! }
  type DiscountApplicationConnection { edges: [DiscountApplicationEdge!]! nodes: [DiscountApplication!]! pageInfo: PageInfo! }
  type DiscountAllocation { allocatedAmountSet: MoneyBag! discountApplication: DiscountApplication! }
  type TaxLine { title: String! rate: Float ratePercentage: Float priceSet: MoneyBag! }
  type Duty { id: ID! price: MoneyBag! taxLines: [TaxLine!]! }
  type ShippingLine {
    id: ID title: String! originalPriceSet: MoneyBag! discountedPriceSet: MoneyBag!
    discountAllocations: [DiscountAllocation!]! taxLines: [TaxLine!]!
  }
  type ShippingLineEdge { cursor: String! node: ShippingLine! }
  type ShippingLineConnection { edges: [ShippingLineEdge!]! nodes: [ShippingLine!]! pageInfo: PageInfo! }
  type MailingAddress {
    name: String address1: String address2: String city: String province: String zip: String country: String
    formatted(withName: Boolean, withCompany: Boolean): [String!]!
  }

  type Customer { id: ID! email: String displayName: String! firstName: String lastName: String }
  type Shop { name: String! currencyCode: CurrencyCode! ianaTimezone: String! }

  type LineItem {
    id: ID! title: String! name: String! sku: String quantity: Int! currentQuantity: Int! refundableQuantity: Int! isGiftCard: Boolean!
    originalUnitPriceSet: MoneyBag! discountedUnitPriceAfterAllDiscountsSet: MoneyBag! originalTotalSet: MoneyBag!
    customAttributes: [Attribute!]!
    taxable: Boolean! discountedTotalSet(withCodeDiscounts: Boolean): MoneyBag! totalDiscountSet: MoneyBag!
    discountAllocations: [DiscountAllocation!]! taxLines(first: Int): [TaxLine!]! duties: [Duty!]!
  }
  type LineItemEdge { cursor: String! node: LineItem! }
  type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }

  type FulfillmentLineItem { id: ID! lineItem: LineItem! quantity: Int }
  type FulfillmentLineItemEdge { cursor: String! node: FulfillmentLineItem! }
  type FulfillmentLineItemConnection { edges: [FulfillmentLineItemEdge!]! nodes: [FulfillmentLineItem!]! pageInfo: PageInfo! }
  type Fulfillment {
    id: ID! createdAt: DateTime! deliveredAt: DateTime status: FulfillmentStatus! name: String!
    fulfillmentLineItems(first: Int, after: String): FulfillmentLineItemConnection!
  }

  "A card payment's brand and masked number (card-details.ts); Shopify's other payment details are never served."
  type CardPaymentDetails { company: String number: String }
  union PaymentDetails = CardPaymentDetails
  type OrderTransaction {
    id: ID! kind: OrderTransactionKind! status: OrderTransactionStatus! gateway: String formattedGateway: String
    amountSet: MoneyBag! createdAt: DateTime! processedAt: DateTime parentTransaction: OrderTransaction
    paymentDetails: PaymentDetails
  }
  type OrderTransactionEdge { cursor: String! node: OrderTransaction! }
  type OrderTransactionConnection { edges: [OrderTransactionEdge!]! nodes: [OrderTransaction!]! pageInfo: PageInfo! }

  type RefundLineItem {
    id: ID lineItem: LineItem! quantity: Int! restockType: RefundLineItemRestockType! restocked: Boolean!
    priceSet: MoneyBag! subtotalSet: MoneyBag! totalTaxSet: MoneyBag!
  }
  type RefundLineItemEdge { cursor: String! node: RefundLineItem! }
  type RefundLineItemConnection { edges: [RefundLineItemEdge!]! nodes: [RefundLineItem!]! pageInfo: PageInfo! }
  type RefundShippingLine { id: ID! shippingLine: ShippingLine! subtotalAmountSet: MoneyBag! taxAmountSet: MoneyBag! }
  type RefundShippingLineEdge { cursor: String! node: RefundShippingLine! }
  type RefundShippingLineConnection { edges: [RefundShippingLineEdge!]! nodes: [RefundShippingLine!]! pageInfo: PageInfo! }
  type RefundDuty { amountSet: MoneyBag! originalDuty: Duty }
  type Refund {
    id: ID! createdAt: DateTime note: String order: Order! totalRefundedSet: MoneyBag!
    refundLineItems(first: Int, after: String): RefundLineItemConnection!
    refundShippingLines(first: Int, after: String): RefundShippingLineConnection!
    duties: [RefundDuty!]
    transactions(first: Int, after: String): OrderTransactionConnection!
  }

  type SuggestedOrderTransaction {
    amountSet: MoneyBag! maximumRefundableSet: MoneyBag gateway: String formattedGateway: String
    kind: SuggestedOrderTransactionKind! parentTransaction: OrderTransaction
  }
  type ShippingRefund { amountSet: MoneyBag! taxSet: MoneyBag! maximumRefundableSet: MoneyBag! }
  type SuggestedRefund {
    amountSet: MoneyBag! maximumRefundableSet: MoneyBag! subtotalSet: MoneyBag! totalTaxSet: MoneyBag!
    discountedSubtotalSet: MoneyBag! refundLineItems: [RefundLineItem!]! suggestedTransactions: [SuggestedOrderTransaction!]!
    shipping: ShippingRefund! totalDutiesSet: MoneyBag! refundDuties: [RefundDuty!]!
  }

  type Order {
    id: ID! name: String! createdAt: DateTime! processedAt: DateTime! currencyCode: CurrencyCode!
    presentmentCurrencyCode: CurrencyCode! email: String note: String customer: Customer cancelledAt: DateTime
    customAttributes: [Attribute!]! shippingAddress: MailingAddress
    displayFinancialStatus: OrderDisplayFinancialStatus displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    refundable: Boolean! totalPriceSet: MoneyBag! totalReceivedSet: MoneyBag! totalRefundedSet: MoneyBag!
    taxesIncluded: Boolean! discountCodes: [String!]! taxLines: [TaxLine!]!
    subtotalPriceSet: MoneyBag currentSubtotalPriceSet: MoneyBag! totalDiscountsSet: MoneyBag totalTaxSet: MoneyBag
    totalShippingPriceSet: MoneyBag! totalRefundedShippingSet: MoneyBag! totalTipReceivedSet: MoneyBag!
    originalTotalDutiesSet: MoneyBag currentTotalDutiesSet: MoneyBag
    shippingLines(first: Int, after: String): ShippingLineConnection!
    discountApplications(first: Int, after: String): DiscountApplicationConnection!
    lineItems(first: Int, after: String): LineItemConnection!
    fulfillments(first: Int): [Fulfillment!]!
    refunds(first: Int): [Refund!]!
    transactions(first: Int): [OrderTransaction!]!
    suggestedRefund(
      refundLineItems: [RefundLineItemInput!] refundShipping: Boolean shippingAmount: Money refundDuties: [RefundDutyInput!]
      suggestFullRefund: Boolean refundMethodAllocation: RefundMethodAllocation
    ): SuggestedRefund
  }
  type OrderEdge { cursor: String! node: Order! }
  type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }

  input RefundLineItemInput { lineItemId: ID! quantity: Int! restockType: RefundLineItemRestockType locationId: ID }
  input OrderTransactionInput { amount: Money! gateway: String! kind: OrderTransactionKind! orderId: ID! parentId: ID }
  input MoneyInput { amount: Decimal! currencyCode: CurrencyCode! }
  input StoreCreditRefundInput { amount: MoneyInput! expiresAt: DateTime }
  input RefundMethodInput @oneOf { storeCreditRefund: StoreCreditRefundInput }
  input RefundDutyInput { dutyId: ID! refundType: RefundDutyRefundType }
  input ShippingRefundInput { amount: Money fullRefund: Boolean }
  input RefundInput {
    currency: CurrencyCode orderId: ID! note: String notify: Boolean
    refundLineItems: [RefundLineItemInput!] transactions: [OrderTransactionInput!] refundMethods: [RefundMethodInput!]
    shipping: ShippingRefundInput refundDuties: [RefundDutyInput!]
  }
  type RefundCreatePayload { order: Order refund: Refund userErrors: [UserError!]! }

  "orderCancel answers a Job; the order is cancelled (and refunded) when the job is done (cancel.ts)."
  type Job { id: ID! done: Boolean! query: QueryRoot }
  input OrderCancelStoreCreditRefundInput { expiresAt: DateTime }
  input OrderCancelRefundMethodInput @oneOf { originalPaymentMethodsRefund: Boolean storeCreditRefund: OrderCancelStoreCreditRefundInput }
  type OrderCancelUserError { code: OrderCancelUserErrorCode field: [String!] message: String! }
  type OrderCancelPayload { job: Job orderCancelUserErrors: [OrderCancelUserError!]! userErrors: [UserError!]! }

  type QueryRoot {
    shop: Shop!
    order(id: ID!): Order
    orders(first: Int, after: String, last: Int, before: String, reverse: Boolean, query: String): OrderConnection!
    customer(id: ID!): Customer
    job(id: ID!): Job
  }
  type Mutation {
    refundCreate(input: RefundInput!): RefundCreatePayload
    orderCancel(
      orderId: ID! reason: OrderCancelReason! restock: Boolean! notifyCustomer: Boolean refund: Boolean
      refundMethod: OrderCancelRefundMethodInput staffNote: String
    ): OrderCancelPayload
  }
`;

export function buildSandboxSchema(): GraphQLSchema {
  return buildSchema(SDL + RETURNS_SDL + RETURN_MUTATIONS_SDL);
}
