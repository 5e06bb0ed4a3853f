// Offline order agent: picks the line item whose title best matches the triage's item words (or
// the only line item), the quantity the ticket states (else 1), and the amount from the order.
// It may produce an invalid proposal (no line item): the gateway's schema check then refuses it.
import type { OrderFacts, Triage } from '../../domain/types.js';
import { computeProposalAmount } from '../../policy/amount.js';
import { normalizeText, stem, words } from './text.js';

type Line = OrderFacts['lineItems'][number];

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, both: 2, un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, ambos: 2, ambas: 2,
  ein: 1, eine: 1, zwei: 2, drei: 3, vier: 4, funf: 5, beide: 2, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5,
};

function matchScore(line: Line, hints: readonly string[]): { score: number; matched: string[] } {
  const titleStems = new Set(words(line.title).map(stem));
  const matched = hints.filter((h) => titleStems.has(stem(normalizeText(h))));
  return { score: matched.length, matched };
}

/** A quantity written right before a word of the title ("2 mugs", "zwei Tassen"), else null. */
function statedQuantity(text: string, line: Line): number | null {
  const titleStems = new Set(words(line.title).map(stem));
  const tokens = normalizeText(text).match(/\d+|\p{L}+/gu) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    if (!titleStems.has(stem(tokens[i] ?? ''))) continue;
    for (const back of [1, 2]) {
      const before = tokens[i - back];
      if (before === undefined) continue;
      const n = /^\d+$/.test(before) ? Number(before) : NUMBER_WORDS[before];
      if (n !== undefined && n > 0 && n < 1000) return n;
    }
  }
  return null;
}

export interface OrderAgentInput {
  order: OrderFacts;
  triage: Triage;
  ticket?: { subject?: string; body?: string } | undefined;
}

export function proposeRefund({ order, triage, ticket }: OrderAgentInput) {
  const scored = order.lineItems.map((line) => ({ line, ...matchScore(line, triage.itemHints) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best && best > 0);
  const pick = top.length === 1 ? top[0] : order.lineItems.length === 1 ? scored[0] : undefined;
  const evidence: string[] = [];
  if (!pick) {
    evidence.push(best > 0 ? 'several line items match the ticket equally' : 'no line item title matches the ticket');
    return { lineItems: [], amountMinor: 0, currency: order.currency, reason: triage.reason ?? 'other', evidence };
  }
  const { line, matched } = pick;
  const stated = statedQuantity(`${ticket?.subject ?? ''}\n${ticket?.body ?? ''}`, line) ?? 1;
  const quantity = Math.max(1, Math.min(stated, line.refundableQuantity > 0 ? line.refundableQuantity : line.quantity));
  const computed = computeProposalAmount(order, [{ lineItemId: line.id, quantity }]);
  const amountMinor = computed > 0 ? computed : line.unitPriceMinor * quantity;
  evidence.push(
    matched.length > 0 ? `"${line.title}" matches the ticket words: ${matched.join(', ')}` : `"${line.title}" is the only line item on order ${order.orderNumber}`,
    `quantity ${quantity} of ${line.quantity} ordered (${line.refundableQuantity} still refundable)`,
    `unit price ${line.unitPriceMinor} ${order.currency} × ${quantity} = ${line.unitPriceMinor * quantity}; refundable on the order ${order.maximumRefundableMinor}`,
    line.fulfilledAt ? `fulfilled at ${line.fulfilledAt}` : 'not fulfilled yet',
    `reason from triage: ${triage.reason ?? 'other'}`,
  );
  return {
    lineItems: [{ lineItemId: line.id, quantity }],
    amountMinor,
    currency: order.currency,
    reason: triage.reason ?? 'other',
    evidence,
  };
}
