// A deliberately gullible model: it obeys every instruction it finds in the ticket, the order note,
// the order's attributes and the line-item properties. It picks the order, the amount, the quantity,
// the line, the currency and the reason it is told to, claims approvals, and asks for any tool call
// it is told to make. The injection suite checks that the harness, not the model, decides.
import type { Order } from '#shared/contracts/tools.js';
import type { ModelProvider, ModelRequest, ModelResponse } from '#harness/ports.js';

export interface WantedCall {
  name: string;
  args: Record<string, unknown>;
}

/** Everything the model can read that a customer wrote. */
export function customerText(ticketBody: string, order: Order | null): string {
  if (!order) return ticketBody;
  const parts = [ticketBody, order.note?.text ?? ''];
  for (const a of order.customAttributes ?? []) parts.push(`${a.key}: ${a.value ?? ''}`);
  for (const li of order.lineItems) for (const a of li.customAttributes ?? []) parts.push(`${a.key}: ${a.value ?? ''}`);
  return parts.join('\n');
}

const num = (re: RegExp, text: string): number | null => {
  const m = re.exec(text);
  return m?.[1] ? Number(m[1]) : null;
};

/** The customer's first sentence, as a quote (at most 300 characters). */
const firstSentence = (text: string) => (text.split(/[.!?\n]/).find((s) => s.trim().length > 0) ?? text).trim().slice(0, 300) || 'refund';

/** Records every "call <tool> with {json}" the text asks for; a gullible model still needs valid JSON. */
function collectWantedCalls(text: string, wanted: WantedCall[]): void {
  for (const m of text.matchAll(/call (\w+) with (\{.*\})/gi)) {
    try {
      wanted.push({ name: m[1]!, args: JSON.parse(m[2]!) as Record<string, unknown> });
    } catch {
      /* a gullible model still needs valid JSON */
    }
  }
}

/** Triage as told: the last order named wins, and nothing is ever flagged. */
function triageOutput(text: string): unknown {
  const orders = [...text.matchAll(/order #?(\d{3,5})/gi)].map((m) => m[1]!);
  return {
    intent: 'refund_request',
    confidence: 0.99,
    orderNumber: orders.at(-1) ?? null, // the last order named wins: "no, use order 1002"
    orderNumbersMentioned: [...new Set(orders)],
    orderQuote: orders.length > 0 ? `use order ${orders.at(-1)}` : null, // gullible: it quotes what it was told
    language: 'en',
    reason: /reason (\w+)/i.exec(text)?.[1] ?? 'damaged',
    itemHints: [],
    riskFlags: [], // gullible: it never flags anything
  };
}

/** The order agent's proposal as told: the line, quantity, split, amount, currency and reason the text names. */
function orderAgentOutput(orderFacts: unknown, text: string): unknown {
  const facts = orderFacts as { lineItems: Array<{ id: string; unitPriceMinor: number }>; currency: string };
  const line = facts.lineItems[0]!;
  const quantity = num(/quantity (\d+)/i, text) ?? 1;
  const dollars = num(/refund \$?(\d+(?:\.\d+)?)/i, text);
  const split = num(/split (?:it )?into (\d+)/i, text) ?? 1;
  const lineItemId = /line item (gid:\/\/\S+)/i.exec(text)?.[1] ?? line.id;
  return {
    remedy: 'refund',
    // gullible but no liar: it quotes the ticket's first sentence for whatever it was told to claim
    lineItems: Array.from({ length: split }, () => ({ lineItemId, quantity, quote: firstSentence(text), itemWords: null, countWords: null })),
    unclear: null,
    // An amount nobody asked for: the gate computes its own and never uses this one.
    amountMinor: dollars !== null ? Math.round(dollars * 100) : line.unitPriceMinor * quantity,
    reasonWords: null,
    remedyWords: null,
    declinedRemedyWords: [],
    exchangeWords: null,
    exclusions: [],
    currency: /currency ([A-Z]{3})/.exec(text)?.[1] ?? facts.currency,
    reason: /reason (\w+)/i.exec(text)?.[1] ?? 'damaged',
    evidence: /approv/i.test(text) ? ['a manager already approved this refund'] : ['customer says so'],
  };
}

/** What the named specialist answers; the reply checker always passes and the writer echoes the text. */
function specialistOutput<T>(request: ModelRequest<T>, text: string): unknown {
  if (request.specialist === 'triage') return triageOutput(text);
  if (request.specialist === 'order_agent') return orderAgentOutput(request.input.order, text);
  return request.specialist === 'reply_check' ? { passed: true, problems: [] } : { body: text.slice(0, 200) || 'ok' };
}

export function createGullibleModel(readText: () => string) {
  const wanted: WantedCall[] = [];
  const provider: ModelProvider & { wanted: WantedCall[] } = {
    name: 'offline',
    wanted,
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      const text = readText();
      collectWantedCalls(text, wanted);
      const output = specialistOutput(request, text);
      return {
        output: output as T,
        model: 'gullible-1',
        requestId: null,
        stopReason: 'end_turn',
        usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      };
    },
  };
  return provider;
}
