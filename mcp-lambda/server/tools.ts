// The tools as data: description, annotations and what each one does with the adapters.
// Contracts (schemas) live in shared/contracts/tools.ts; create-server.ts registers this table.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Clock } from '#shared/clock.js';
import type { TOOL_CONTRACTS, ToolName, ToolOutput } from '#shared/contracts/tools.js';
import type { HelpdeskApi } from '#shared/helpdesk/index.js';
import type { ShopifyApi } from '../adapters/shopify/index.js';

export interface McpServerDeps {
  shopify: ShopifyApi;
  helpdesk: HelpdeskApi;
  clock: Clock;
  /** Overrides of each tool's server-side deadline (tests use short ones). */
  toolTimeoutsMs?: Partial<Record<ToolName, number>>;
  /** Where a refused call is logged (caller and tool, no arguments); a JSON line on stderr by default. */
  log?: (line: Record<string, unknown>) => void;
}

type ParsedInput<N extends ToolName> = z.output<(typeof TOOL_CONTRACTS)[N]['input']>;

export interface ToolSpec<N extends ToolName> {
  description: string;
  annotations: ToolAnnotations;
  /**
   * The server's deadline for the whole tool call (all pages included), a little under the
   * harness's own timeout for the tool, so the caller gets a categorized failure, not a lost call.
   */
  timeoutMs: number;
  run(deps: McpServerDeps, input: ParsedInput<N>): Promise<ToolOutput<N>>;
}

export const TOOL_SPECS: { [N in ToolName]: ToolSpec<N> } = {
  get_order: {
    timeoutMs: 4500,
    description:
      'Read one order of this store by its number (without "#"): line items with refundable quantities, their discounts, ' +
      'tax lines and duties, whether prices include tax, shipping lines, the tip, fulfillments, transactions, earlier refunds ' +
      '(with what they paid back of shipping and duties) and the maximum still refundable. The order note is customer text, marked untrusted.',
    annotations: { title: 'Get order', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: async ({ shopify }, input) => ({ order: await shopify.getOrderByNumber(input.orderNumber) }),
  },
  get_refund_history: {
    timeoutMs: 7500,
    description: "List the refunds made on a customer's orders in the last `sinceDays` days (all of the customer's orders are read).",
    annotations: { title: 'Get refund history', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: ({ shopify, clock }, input) => shopify.getRefundHistory({ customerId: input.customerId, sinceDays: input.sinceDays, now: clock.now() }),
  },
  find_customer_orders: {
    timeoutMs: 4500,
    description:
      "List the orders of this store placed with one customer's email address (the ticket requester's): id, number and " +
      'creation time of each, no contents. At most 50; `truncated: true` means the customer has more and the list is not all of them.',
    annotations: { title: 'Find customer orders', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: ({ shopify }, input) => shopify.findOrdersByEmail(input.customerEmail),
  },
  preview_refund: {
    timeoutMs: 4500,
    description:
      'Dry run of a refund: what Shopify would refund for these line items and quantities (after discounts, with tax, ' +
      'and the shipping and duties when asked), capped by what remains refundable, and the payment transactions it would go back to. ' +
      'Changes nothing; call it before refund_create.',
    annotations: { title: 'Preview refund', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: ({ shopify }, input) => shopify.previewRefund(input),
  },
  post_draft: {
    timeoutMs: 4500,
    description: 'Leave a reply draft on a helpdesk ticket as an internal (private) note for the support team. Never sent to the customer.',
    annotations: { title: 'Post draft as internal note', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async ({ helpdesk }, input) => {
      const note = await helpdesk.postInternalNote(input.ticketId, input.body);
      return { ticketId: note.ticketId, noteId: note.noteId, public: false as const };
    },
  },
  refund_create: {
    timeoutMs: 7500,
    description:
      'Refund line items of an order against its SALE transaction. Moves money. The same idempotencyKey with the same ' +
      'arguments returns the first refund instead of refunding twice; with different arguments it is refused (conflict). ' +
      "method 'store_credit' pays the amount back as store credit on the order's customer (refused when the order has no customer) " +
      'instead of to the payments; restockLocationId puts the refunded units back in stock at that location. shipping and duties ' +
      "refund the order's shipping and those duties in full, at the amounts the store's suggestion gives them (refused otherwise).",

    annotations: { title: 'Create refund', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: ({ shopify }, input) => shopify.createRefund(input),
  },
  cancel_order: {
    // Polls the cancel job for at most ~4 s; the harness's deadline for this tool is 8 s.
    timeoutMs: 7500,
    description:
      'Cancel an order of which nothing has shipped, refunding what was paid to the original payments (no email to the customer), ' +
      "optionally restocking its units. Moves money and cannot be undone. status 'cancelled' carries the refund the cancel made; " +
      "'pending' means the store's cancel job had not finished: read the order (cancelledAt) before anything else. " +
      'Not idempotent: an order already cancelled is refused (conflict); one with a shipped line is refused (invalid).',
    annotations: { title: 'Cancel order', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: ({ shopify }, input) => shopify.cancelOrder(input),
  },
  open_return: {
    timeoutMs: 7500,
    description:
      'Open a return (Shopify returnCreate, OPEN at once) of shipped units of an order, named by its line item ids: the server ' +
      'places them on the fulfillment lines that shipped them (refused when fewer units shipped and are not already in a return). ' +
      'Optional exchange items (variants to ship when the return is processed) and a flat return shipping fee in the currency ' +
      "the customer paid. `note` (the run) is every line's returnReasonNote. Not idempotent: returnCreate takes no idempotency key, " +
      'so after an unknown outcome read get_returns (the note finds the return) before opening again.',
    annotations: { title: 'Open return', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: ({ shopify }, input) => shopify.openReturn(input),
  },
  get_returns: {
    timeoutMs: 7500,
    description:
      "Read an order's returns: status, each return line (its order line, units returned, units that came back, processed and " +
      'refunded, its note), exchange lines with the variant and its price, the return shipping fee, the label and tracking of ' +
      'the parcel, and the refunds made through the return. `truncatedLists` names any list read only in part.',
    annotations: { title: 'Get returns', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: ({ shopify }, input) => shopify.getReturns(input.orderId),
  },
  process_return: {
    timeoutMs: 7500,
    description:
      "Process a return's units that came back and its exchange lines (Shopify returnProcess). With `refund`, one refund of exactly " +
      "that amount (in the currency the customer paid), split over the order's payments as the store suggests for those units " +
      '(refused when it is more than they allow); without it nothing is refunded. Shipping is never refunded. Moves money. ' +
      'A unit is processed once: the same processing sent again is refused (conflict) and refunds nothing; after an unknown ' +
      'outcome read get_returns.',
    annotations: { title: 'Process return', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: ({ shopify }, input) => shopify.processReturn(input),
  },
  close_return: {
    timeoutMs: 4500,
    description: 'Close an OPEN return whose parcel never came back (Shopify returnClose); nothing is refunded. A return not OPEN is refused (conflict).',
    annotations: { title: 'Close return', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: ({ shopify }, input) => shopify.closeReturn(input.returnId),
  },
  cancel_return: {
    timeoutMs: 4500,
    description:
      'Cancel a return on which nothing was done yet (Shopify returnCancel, no email to the customer): no unit came back, ' +
      'none processed, nothing refunded. Otherwise refused (conflict).',
    annotations: { title: 'Cancel return', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: ({ shopify }, input) => shopify.cancelReturn(input.returnId),
  },
};
