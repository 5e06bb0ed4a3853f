// What a customer's ticket can say, in the gate's words: the reasons, the remedies asked for, the
// risk flags a reading raises, a verbatim quote. Shared by the triage (triage.ts) and the rest of the
// gate's vocabulary (types.ts, which re-exports it).
import * as z from 'zod';
export const RefundReason = z.enum(['damaged', 'defective', 'wrong_item', 'not_received', 'changed_mind', 'other']);
export type RefundReason = z.infer<typeof RefundReason>;

/** What the customer asks for. Only 'refund' can ever move money. */
export const Remedy = z.enum(['refund', 'replacement', 'store_credit', 'cancel', 'refund_status', 'return', 'exchange', 'other']);
export type Remedy = z.infer<typeof Remedy>;

/** The remedies that move money: a refund to the payments, store credit, or cancelling an unshipped order with a refund. */
export const MoneyRemedy = z.enum(['refund', 'store_credit', 'cancel', 'return', 'exchange']);
export type MoneyRemedy = z.infer<typeof MoneyRemedy>;

/**
 * Signals in the ticket a person should weigh. `claims_prior_approval` and `instructions_to_system`
 * always require a person; `mentions_earlier_refund` sends a claim on already-refunded units to one.
 */
export const RiskFlag = z.enum(['claims_prior_approval', 'instructions_to_system', 'mentions_earlier_refund', 'multiple_order_numbers']);
export type RiskFlag = z.infer<typeof RiskFlag>;

/** A short verbatim excerpt of the customer's own words (ticket or follow-up). */
export const Quote = z.string().min(1).max(300);
