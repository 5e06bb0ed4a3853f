// Offline triage of a ticket asking for things about several orders: one request per order whose own
// words complain or ask (order-numbers.ts requestedOrders), each read from its own words only: what it
// asks (a cancel, store credit, a replacement, else a refund), its reason, its item words and its flags. No new
// word lists: the triage's own, applied to each request's words.
import type { RefundReason, TriageRequest } from '../../../domain/types.js';
import { covered, isEarlierRefund, matchReasons, matchRemedies, matchRisks } from './word-matchers.js';
import { requestedOrders, type ReadText } from './order-numbers.js';
import { tokenize } from './tokens.js';

type Read = { hints: (tokens: ReturnType<typeof tokenize>, marks: boolean[]) => string[]; reasonOf: (found: readonly RefundReason[]) => RefundReason | null };

function remedyOf(keys: readonly string[]): TriageRequest['remedy'] {
  if (keys.includes('cancel')) return 'cancel';
  if (keys.includes('store_credit')) return 'store_credit';
  if (keys.includes('replacement')) return 'replacement';
  if (keys.length > 0 && keys.every((k) => k === 'refund_status' || k === 'earlier_refund')) return 'refund_status';
  return 'refund';
}

export function requestsOf(texts: readonly ReadText[], read: Read): TriageRequest[] {
  return requestedOrders(texts).map(({ number, quote }) => {
    const tokens = tokenize(quote ?? '');
    const reasons = matchReasons(tokens);
    const remedies = matchRemedies(tokens);
    const marks = covered(tokens, reasons, remedies);
    return {
      orderNumber: quote ? number : null,
      orderQuote: quote,
      remedy: remedyOf(remedies.map((m) => String(m.key))),
      reason: read.reasonOf(reasons.map((m) => m.key)),
      itemHints: read.hints(tokens, marks),
      // The flags its own words raise, read as the triage reads the ticket's.
      riskFlags: [...new Set([...matchRisks(tokens).map((m) => m.key), ...(remedies.some(isEarlierRefund) ? (['mentions_earlier_refund'] as const) : [])])],
    };
  });
}
